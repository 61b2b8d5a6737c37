import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import type { Ledger, LedgerOps, SubscriptionSnapshot } from './ledger';
import type { BillingProvider } from './provider';

export interface StripeBillingOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  ledger: Ledger;
  log: FastifyBaseLogger;
  /** Where the Stripe API is; Stripe's own servers when absent (tests point it at a local fake). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Webhook payloads are checked for the fields we act on; Stripe's objects carry many more. */
const subscriptionObject = z.object({
  id: z.string(),
  customer: z.union([z.string(), z.object({ id: z.string() })]),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number() })).min(1) }),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type StripeSubscription = z.infer<typeof subscriptionObject>;

const checkoutSessionObject = z.object({
  mode: z.string(),
  client_reference_id: z.string().nullish(),
  subscription: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});

const invoiceObject = z.object({
  parent: z
    .object({
      subscription_details: z.object({ subscription: z.union([z.string(), z.object({ id: z.string() })]) }).nullish(),
    })
    .nullish(),
});

const isUuid = (value: string) => z.uuid().safeParse(value).success;
const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

function parsePayload<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  // Not marked as handled, so Stripe shows the failure in its dashboard and retries.
  if (!parsed.success) throw new HttpError(400, 'Unexpected webhook payload');
  return parsed.data;
}

function snapshotOf(subscription: StripeSubscription, userId: string): SubscriptionSnapshot {
  const periodEnd = Math.max(...subscription.items.data.map((item) => item.current_period_end));
  // The portal may schedule the end as cancel_at rather than cancel_at_period_end; both end Pro at that moment.
  const endsNow = subscription.cancel_at != null && subscription.cancel_at <= periodEnd;
  return {
    userId,
    provider: 'stripe',
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    status: subscription.status,
    currentPeriodEnd: new Date((endsNow ? subscription.cancel_at! : periodEnd) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end || endsNow,
  };
}

/** Stripe Checkout in subscription mode, the Customer Portal, and the webhook that keeps the ledger in step. */
export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  const { ledger, log } = options;
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...options.api });

  async function userFor(subscription: StripeSubscription, current: LedgerOps): Promise<string | undefined> {
    const fromMetadata = subscription.metadata?.user_id;
    if (fromMetadata && isUuid(fromMetadata)) return fromMetadata;
    return (await current.findByCustomer(idOf(subscription.customer)))?.userId;
  }

  async function apply(event: Stripe.Event, current: LedgerOps): Promise<void> {
    const at = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = parsePayload(checkoutSessionObject, event.data.object);
        if (session.mode !== 'subscription' || !session.subscription) return;
        const userId = session.client_reference_id;
        if (!userId || !isUuid(userId)) return void log.warn({ event: event.id }, 'checkout without a user reference ignored');
        // The session names the subscription; its state (period, status) is read from Stripe itself.
        const subscription = parsePayload(subscriptionObject, await stripe.subscriptions.retrieve(idOf(session.subscription)));
        return current.record(snapshotOf(subscription, userId), at);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = parsePayload(subscriptionObject, event.data.object);
        const userId = await userFor(subscription, current);
        if (!userId) return void log.warn({ event: event.id }, 'subscription of an unknown customer ignored');
        return current.record(snapshotOf(subscription, userId), at);
      }
      case 'invoice.payment_failed': {
        const invoice = parsePayload(invoiceObject, event.data.object);
        const subscription = invoice.parent?.subscription_details?.subscription;
        if (subscription) await current.paymentFailed(idOf(subscription), at);
        return;
      }
      default:
    }
  }

  return {
    mode: 'stripe',

    async checkoutUrl(request) {
      const successUrl = new URL(request.successUrl);
      successUrl.searchParams.delete('session_id');
      // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach Stripe unescaped.
      const success = `${successUrl.href}${successUrl.search ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`;
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: options.priceId, quantity: 1 }],
        success_url: success,
        cancel_url: request.cancelUrl,
        client_reference_id: request.userId,
        ...(request.customerId ? { customer: request.customerId } : { customer_email: request.email }),
        subscription_data: { metadata: { user_id: request.userId } },
        metadata: { user_id: request.userId },
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return session.url;
    },

    async portalUrl(customer, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({ customer: customer.customerId, return_url: returnUrl });
      return session.url;
    },

    routes: async (app) => {
      // The signature covers the exact bytes Stripe sent, so this route reads the body unparsed.
      app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      app.post('/api/payment/webhook', { bodyLimit: 1024 * 1024 }, async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
          event = stripe.webhooks.constructEvent(request.body, signature, options.webhookSecret);
        } catch {
          throw new HttpError(400, 'Invalid webhook signature');
        }
        const outcome = await ledger.once(event.id, event.type, (current) => apply(event, current));
        return { received: true, duplicate: outcome === 'duplicate' };
      });
    },
  };
}
