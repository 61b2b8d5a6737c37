import type { FastifyPluginAsync } from 'fastify';
import { buildPricing } from '../../shared/pricing';

export interface BillingRoutesOptions {
  freeStoriesPerMonth: number;
  proPriceCents: number;
}

/** The server owns plan figures; every page that shows one reads it from here. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, options) => {
  const pricing = buildPricing(options.freeStoriesPerMonth, options.proPriceCents);
  app.get('/api/payment/pricing', async () => pricing);
};
