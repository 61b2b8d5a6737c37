import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../../src/server/db/schema';
import { loginToken, registerUser, startTestServer, type TestServer } from '../support/app';
import { startFakeStripe, stripeSubscription, type FakeStripe } from '../support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_fake';
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_ID: 'price_pro_monthly' };
// Only for its test header helper: it signs payloads exactly as Stripe does.
const signer = new Stripe('sk_test_fake');
const DAY = 86_400_000;

let fake: FakeStripe;
let server: TestServer;
beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startTestServer(stripeEnv, { stripeApi: fake.api });
});
afterAll(async () => {
  await server.close();
  await fake.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
let eventCount = 0;

function stripeEvent(type: string, object: Record<string, unknown>, created = new Date()) {
  return { id: `evt_${++eventCount}_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: Math.floor(created.getTime() / 1000), livemode: false, data: { object } };
}

async function deliver(event: object, signWith = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: signWith });
  return server.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

async function learner() {
  const { email } = await registerUser(server);
  const token = await loginToken(server, email);
  const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
  return { email, token, userId: me.json().id as string };
}

async function subscriptionOf(token: string) {
  const response = await server.app.inject({ method: 'GET', url: '/api/payment/subscription', headers: auth(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** A learner who paid: Stripe has their subscription and told us checkout completed. */
async function subscriber(periodEnd = new Date(Date.now() + 30 * DAY)) {
  const reader = await learner();
  const subscriptionId = `sub_${reader.userId.slice(0, 8)}`;
  const customer = `cus_${reader.userId.slice(0, 8)}`;
  fake.subscriptions.set(subscriptionId, stripeSubscription({ id: subscriptionId, customer, userId: reader.userId, periodEnd }));
  const completed = stripeEvent('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', mode: 'subscription', client_reference_id: reader.userId, customer, subscription: subscriptionId });
  expect((await deliver(completed)).statusCode).toBe(200);
  return { ...reader, subscriptionId, customer, periodEnd, completed };
}

describe('Stripe billing', () => {
  it('says Stripe takes the payments', async () => {
    const pricing = await server.app.inject({ method: 'GET', url: '/api/payment/pricing' });
    expect(pricing.json().billing).toBe('stripe');
  });

  it('opens a Checkout Session in subscription mode for the Pro price, coming back to the site', async () => {
    const reader = await learner();
    const response = await server.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token), payload: { tier: 'pro' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().checkout_url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_fake\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_fake');
    expect(sent.params.get('mode')).toBe('subscription');
    expect(sent.params.get('line_items[0][price]')).toBe('price_pro_monthly');
    expect(sent.params.get('line_items[0][quantity]')).toBe('1');
    expect(sent.params.get('client_reference_id')).toBe(reader.userId);
    expect(sent.params.get('customer_email')).toBe(reader.email);
    expect(sent.params.get('subscription_data[metadata][user_id]')).toBe(reader.userId);
    expect(sent.params.get('success_url')).toBe('http://app.test/checkout/success?session_id={CHECKOUT_SESSION_ID}');
    expect(sent.params.get('cancel_url')).toBe('http://app.test/checkout/cancel');
  });

  it('refuses return addresses on other sites, so checkout is no open redirect', async () => {
    const reader = await learner();
    const before = fake.requests.length;
    const response = await server.app.inject({
      method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token),
      payload: { tier: 'pro', success_url: 'https://evil.example/steal' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('success_url must be a page of this site');
    const wrongTier = await server.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token), payload: { tier: 'gold' } });
    expect(wrongTier.json().detail).toBe('Only the Pro plan can be bought');
    expect(fake.requests.length).toBe(before);
  });

  it('makes the learner Pro when checkout completes, with the renewal date from Stripe', async () => {
    const reader = await subscriber();
    const me = (await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(reader.token) })).json();
    expect(me.subscription).toMatchObject({ tier: 'pro', status: 'active', stories_remaining: -1, can_generate_story: true, cancel_at_period_end: false });
    expect(Date.parse(me.subscription.renewal_date)).toBe(Math.floor(reader.periodEnd.getTime() / 1000) * 1000);
    const again = await server.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token), payload: { tier: 'pro' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('You already have Pro.');
  });

  it('answers 400 to a tampered or unsigned webhook and changes nothing', async () => {
    const reader = await learner();
    const subscriptionId = 'sub_tampered';
    fake.subscriptions.set(subscriptionId, stripeSubscription({ id: subscriptionId, customer: 'cus_t', userId: reader.userId, periodEnd: new Date(Date.now() + 30 * DAY) }));
    const completed = stripeEvent('checkout.session.completed', { mode: 'subscription', client_reference_id: reader.userId, customer: 'cus_t', subscription: subscriptionId });

    const wrongSecret = await deliver(completed, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().detail).toBe('Invalid webhook signature');
    const signature = signer.webhooks.generateTestHeaderString({ payload: JSON.stringify(completed), secret: WEBHOOK_SECRET });
    const altered = JSON.stringify({ ...completed, type: 'checkout.session.completed', data: { object: { ...completed.data.object, client_reference_id: reader.userId, extra: 1 } } });
    const tampered = await server.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload: altered });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await server.app.inject({ method: 'POST', url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed) });
    expect(unsigned.statusCode).toBe(400);
    expect((await subscriptionOf(reader.token)).tier).toBe('free');

    // The refused deliveries were not recorded: Stripe's genuine retry of the same event still applies.
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await subscriptionOf(reader.token)).tier).toBe('pro');
  });

  it('keeps Pro until the period end when the subscription is cancelled, and is free once Stripe deletes it', async () => {
    const reader = await subscriber();
    const cancelled = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, userId: reader.userId, periodEnd: reader.periodEnd, cancelAtPeriodEnd: true });
    expect((await deliver(stripeEvent('customer.subscription.updated', cancelled))).statusCode).toBe(200);
    expect(await subscriptionOf(reader.token)).toMatchObject({ tier: 'pro', status: 'active', cancel_at_period_end: true });

    // Stripe deletes a cancelled subscription at its period end.
    const deleted = { ...cancelled, status: 'canceled' };
    expect((await deliver(stripeEvent('customer.subscription.deleted', deleted, new Date(Date.now() + 1000)))).statusCode).toBe(200);
    expect(await subscriptionOf(reader.token)).toMatchObject({ tier: 'free', stories_remaining: 10 });
  });

  it('ignores a replayed event, even one that would undo later news', async () => {
    const reader = await subscriber();
    const deleted = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, userId: reader.userId, periodEnd: reader.periodEnd, status: 'canceled' });
    await deliver(stripeEvent('customer.subscription.deleted', deleted, new Date(Date.now() + 1000)));
    expect((await subscriptionOf(reader.token)).tier).toBe('free');

    const replay = await deliver(reader.completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect((await subscriptionOf(reader.token)).tier).toBe('free');
  });

  it('takes news of a deleted learner’s subscription without failing, so Stripe stops retrying', async () => {
    const reader = await subscriber();
    await server.database.db.delete(users).where(eq(users.id, reader.userId));
    const ended = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, userId: reader.userId, periodEnd: reader.periodEnd, status: 'canceled' });
    expect((await deliver(stripeEvent('customer.subscription.deleted', ended, new Date(Date.now() + 1000)))).statusCode).toBe(200);
    expect(await server.database.db.select().from(subscriptions).where(eq(subscriptions.userId, reader.userId))).toEqual([]);
  });

  it('ignores an older description that arrives after a newer one', async () => {
    const reader = await subscriber();
    const later = new Date(Date.now() + 60_000);
    const deleted = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, periodEnd: reader.periodEnd, status: 'canceled' });
    await deliver(stripeEvent('customer.subscription.deleted', deleted, later));
    // An "active" update created before the deletion, delivered late (Stripe does not promise order).
    const stale = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, periodEnd: reader.periodEnd });
    expect((await deliver(stripeEvent('customer.subscription.updated', stale, new Date(later.getTime() - 30_000)))).statusCode).toBe(200);
    expect((await subscriptionOf(reader.token)).tier).toBe('free');
  });

  it('shows a failed renewal payment as past_due while Stripe retries', async () => {
    const reader = await subscriber();
    const invoice = { id: 'in_1', object: 'invoice', parent: { type: 'subscription_details', subscription_details: { subscription: reader.subscriptionId } } };
    expect((await deliver(stripeEvent('invoice.payment_failed', invoice, new Date(Date.now() + 1000)))).statusCode).toBe(200);
    expect(await subscriptionOf(reader.token)).toMatchObject({ tier: 'pro', status: 'past_due' });
  });

  it('opens the Customer Portal for the subscriber, returning to the account page', async () => {
    const reader = await subscriber();
    const response = await server.app.inject({ method: 'POST', url: '/api/payment/customer-portal', headers: auth(reader.token), payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json().portal_url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_fake\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent.params.get('customer')).toBe(reader.customer);
    expect(sent.params.get('return_url')).toBe('http://app.test/account');

    const stranger = await learner();
    const none = await server.app.inject({ method: 'POST', url: '/api/payment/customer-portal', headers: auth(stranger.token), payload: {} });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('There is no billing account for you yet. Upgrade to Pro first.');
  });

  it('checks a returning customer out under their existing Stripe customer', async () => {
    const reader = await subscriber();
    const deleted = stripeSubscription({ id: reader.subscriptionId, customer: reader.customer, userId: reader.userId, periodEnd: reader.periodEnd, status: 'canceled' });
    await deliver(stripeEvent('customer.subscription.deleted', deleted, new Date(Date.now() + 1000)));
    await server.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token), payload: { tier: 'pro' } });
    const sent = fake.requests.at(-1)!;
    expect(sent.params.get('customer')).toBe(reader.customer);
    expect(sent.params.has('customer_email')).toBe(false);
  });

  it('refuses a signed event whose object is not what Stripe sends, so Stripe retries it', async () => {
    const response = await deliver(stripeEvent('customer.subscription.updated', { id: 'sub_x', status: 'active' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Unexpected webhook payload');
  });
});
