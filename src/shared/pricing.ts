import type { Pricing } from './api';

export const DEFAULT_FREE_STORIES_PER_MONTH = 10;
export const DEFAULT_PRO_PRICE_CENTS = 700;

/** Plan figures in one place: the server serves them and the client falls back to the same defaults. */
export function buildPricing(freeStoriesPerMonth: number, proPriceCents: number): Pricing {
  return {
    free: {
      name: 'Free',
      price: 0,
      stories_per_month: freeStoriesPerMonth,
      features: [
        `${freeStoriesPerMonth} stories per month`,
        'Japanese (JLPT N5–N1) and English (CEFR A1–C2)',
        'Furigana, grammar and vocabulary modes',
        'Backlog, 10 save slots and auto save',
      ],
    },
    pro: {
      name: 'Pro',
      price: proPriceCents,
      stories_per_month: -1,
      features: [
        'Unlimited stories',
        'Everything in Free',
        'Priority support',
        'Cancel anytime',
      ],
    },
  };
}

export const FALLBACK_PRICING = buildPricing(DEFAULT_FREE_STORIES_PER_MONTH, DEFAULT_PRO_PRICE_CENTS);

/** "$7.00": prices are cents everywhere and shown as price/100 with two decimals. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
