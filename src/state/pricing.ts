import { proxy } from 'valtio';
import type { SiteFigures } from '../content/types';
import { api } from '../net/api';
import type { Pricing } from '../shared/api';
import type { StorytellerInfo } from '../shared/story-views';
import { FALLBACK_PRICING, formatPrice } from '../shared/pricing';

interface PricingState {
  pricing: Pricing;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

/** Plan figures from the server; the fallback (equal to the server defaults) shows until they arrive. */
export const pricingStore = proxy<PricingState>({ pricing: FALLBACK_PRICING, status: 'idle' });

export function loadPricing(): void {
  if (pricingStore.status === 'loading' || pricingStore.status === 'loaded') return;
  pricingStore.status = 'loading';
  api.pricing().then(
    (pricing) => {
      pricingStore.pricing = pricing;
      pricingStore.status = 'loaded';
    },
    () => {
      pricingStore.status = 'failed';
    },
  );
}

export function planFigures(
  pricing: { free: { stories_per_month: number }; pro: { price: number } },
  storyteller: StorytellerInfo | null = null,
): SiteFigures {
  return {
    freeStoriesPerMonth: pricing.free.stories_per_month,
    proPrice: formatPrice(pricing.pro.price),
    storyteller: storyteller?.storyteller ?? null,
    libraryStories: storyteller?.library_stories ?? 0,
  };
}
