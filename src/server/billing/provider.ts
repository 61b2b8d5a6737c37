import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** The provider's customer from an earlier subscription, so a returning learner keeps one billing account. */
  customerId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A card processor as the billing routes use it; its events reach the ledger through its own routes. */
export interface BillingProvider {
  readonly mode: 'stripe' | 'test';
  /** The page where the learner pays for Pro. */
  checkoutUrl(request: CheckoutRequest): Promise<string>;
  /** The page where a subscriber cancels, resumes or changes their card. */
  portalUrl(customer: { userId: string; customerId: string }, returnUrl: string): Promise<string>;
  /** Stripe's webhook, or the test provider's TEST MODE pages' calls (made by the signed-in learner). */
  routes: FastifyPluginAsync<ProviderRoutesOptions>;
}

export interface ProviderRoutesOptions {
  /** A preHandler admitting only signed-in learners, as `request.account`. */
  signedIn(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}
