import { z } from 'zod';

/** Who takes payments on this server: Stripe, the local test provider, or nobody (upgrades unavailable). */
export const BILLING_MODES = ['stripe', 'test', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

const pageUrl = (field: string) => z.string(`${field} must be a URL`).trim().min(1, `${field} must be a URL`).max(2000, `${field} is too long`);

/** SPEC §7: POST /api/payment/checkout; the URLs default to the site's /checkout/success and /checkout/cancel. */
export const checkoutBody = z.object({
  tier: z.literal('pro', 'Only the Pro plan can be bought'),
  success_url: pageUrl('success_url').optional(),
  cancel_url: pageUrl('cancel_url').optional(),
});
export const checkoutResponse = z.object({ checkout_url: z.url() });

/** SPEC §7: POST /api/payment/customer-portal; return_url defaults to /account. */
export const portalBody = z.object({ return_url: pageUrl('return_url').optional() });
export const portalResponse = z.object({ portal_url: z.url() });

/** The local test billing provider's session, as its TEST MODE pages show it. */
export const testBillingSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(['checkout', 'portal']),
  status: z.enum(['open', 'complete', 'cancelled']),
  email: z.string(),
  plan_name: z.string(),
  price_cents: z.number().int().min(0),
  return_url: z.string(),
  subscription: z
    .object({
      status: z.string(),
      current_period_end: z.string().nullable(),
      cancel_at_period_end: z.boolean(),
      pro: z.boolean(),
    })
    .nullable(),
});
export type TestBillingSession = z.infer<typeof testBillingSessionSchema>;

export const TEST_PORTAL_ACTIONS = ['cancel', 'resume', 'advance_clock'] as const;
export type TestPortalAction = (typeof TEST_PORTAL_ACTIONS)[number];
export const testPortalActionBody = z.object({ action: z.enum(TEST_PORTAL_ACTIONS, 'Unknown action') });
export const redirectResponse = z.object({ redirect_url: z.string() });

/** Test billing session ids: the provider's prefix and 24 random base64url characters. */
export const TEST_SESSION_ID = /^(cs|bps)_test_[A-Za-z0-9_-]{24}$/;
