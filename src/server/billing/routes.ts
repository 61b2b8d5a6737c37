import type { FastifyPluginAsync } from 'fastify';
import { checkoutBody, portalBody } from '../../shared/billing';
import { buildPricing } from '../../shared/pricing';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import { HttpError, parseInput } from '../http/errors';
import { tierOf, type Ledger } from './ledger';
import type { BillingProvider } from './provider';

export interface BillingRoutesOptions {
  accounts: Accounts;
  ledger: Ledger;
  /** None: this server takes no payments (production without Stripe configured). */
  provider: BillingProvider | null;
  publicUrl: string;
  freeStoriesPerMonth: number;
  proPriceCents: number;
  now: () => Date;
}

/**
 * A page of this site for the provider to send the learner back to. Anything else is refused, so the
 * checkout cannot be turned into a redirect to someone else's site.
 */
export function pageOfSite(field: string, value: string | undefined, fallbackPath: string, publicUrl: string): string {
  const site = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(value ?? fallbackPath, site);
  } catch {
    throw new HttpError(400, `${field} must be a URL`);
  }
  if (url.origin !== site.origin) throw new HttpError(400, `${field} must be a page of this site`);
  url.hash = '';
  return url.href;
}

/** SPEC §7 Payments. The server owns plan figures; every page that shows one reads it from here. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (app, options) => {
  const { accounts, ledger, provider, publicUrl, now } = options;
  const pricing = { ...buildPricing(options.freeStoriesPerMonth, options.proPriceCents), billing: provider?.mode ?? 'off' };
  const signedIn = { preHandler: requireAccount(accounts) };
  const unavailable = () => new HttpError(503, 'Upgrades are not available on this server.');

  app.get('/api/payment/pricing', async () => pricing);

  app.get('/api/payment/subscription', signedIn, async (request) => (await accounts.toApiUser(request.account!.user)).subscription);

  app.post('/api/payment/checkout', signedIn, async (request) => {
    const body = parseInput(checkoutBody, request.body);
    const { user } = request.account!;
    const successUrl = pageOfSite('success_url', body.success_url, '/checkout/success', publicUrl);
    const cancelUrl = pageOfSite('cancel_url', body.cancel_url, '/checkout/cancel', publicUrl);
    if (!provider) throw unavailable();
    const current = await ledger.find(user.id);
    if (tierOf(current, now()) === 'pro') throw new HttpError(409, 'You already have Pro.');
    const checkoutUrl = await provider.checkoutUrl({ userId: user.id, email: user.email, customerId: current?.customerId ?? null, successUrl, cancelUrl });
    return { checkout_url: checkoutUrl };
  });

  app.post('/api/payment/customer-portal', signedIn, async (request) => {
    const body = parseInput(portalBody, request.body);
    const { user } = request.account!;
    const returnUrl = pageOfSite('return_url', body.return_url, '/account', publicUrl);
    if (!provider) throw unavailable();
    const current = await ledger.find(user.id);
    if (!current?.customerId) throw new HttpError(404, 'There is no billing account for you yet. Upgrade to Pro first.');
    return { portal_url: await provider.portalUrl({ userId: user.id, customerId: current.customerId }, returnUrl) };
  });

  if (provider) await app.register(provider.routes, { signedIn: requireAccount(accounts) });
};
