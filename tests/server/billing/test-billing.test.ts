import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonth } from '../../../src/server/billing/ledger';
import { startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

// The billing clock, moved by the tests; everything else runs on real time.
let clock = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ LIBRARY_LINE_DELAY_MS: '0', FREE_STORIES_PER_MONTH: '1' }, { now: () => new Date(clock) });
});
afterAll(async () => {
  await server.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: object = {}, token?: string) =>
  server.app.inject({ method: 'POST', url, payload, headers: token ? auth(token) : {} });
const sessionPath = (url: string) => `/api/test-billing/sessions/${url.split('/').pop()}`;

async function subscriptionOf(token: string) {
  return (await server.app.inject({ method: 'GET', url: '/api/payment/subscription', headers: auth(token) })).json();
}

async function createStory(token: string): Promise<string> {
  const socket = await openStorySocket(server, `temp-${Math.random()}`, token);
  socket.send(createEn);
  const outcome = await Promise.race([socket.next('story_id_ready').then(() => 'created'), socket.next('error').then((e) => e.data.code as string)]);
  socket.ws.close();
  return outcome;
}

async function buyPro(token: string) {
  const checkout = await post('/api/payment/checkout', { tier: 'pro' }, token);
  expect(checkout.statusCode).toBe(200);
  const completed = await post(`${sessionPath(checkout.json().checkout_url)}/complete`, {}, token);
  expect(completed.statusCode).toBe(200);
  return { checkoutUrl: checkout.json().checkout_url as string, redirect: completed.json().redirect_url as string };
}

async function openPortal(token: string) {
  const portal = await post('/api/payment/customer-portal', {}, token);
  expect(portal.statusCode).toBe(200);
  return sessionPath(portal.json().portal_url);
}

describe('local test billing', () => {
  it('is the default billing, and its checkout page is in the app', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/payment/pricing' })).json().billing).toBe('test');
    const reader = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro' }, reader.token);
    expect(checkout.json().checkout_url).toMatch(/^http:\/\/app\.test\/test-billing\/checkout\/cs_test_[A-Za-z0-9_-]{24}$/);
    const session = (await server.app.inject({ method: 'GET', url: sessionPath(checkout.json().checkout_url), headers: auth(reader.token) })).json();
    expect(session).toMatchObject({ kind: 'checkout', status: 'open', email: reader.email, plan_name: 'Pro', price_cents: 700, subscription: null });
  });

  it('turns a free learner at the limit into Pro who can create past it', async () => {
    const reader = await verifiedReader(server);
    expect(await createStory(reader.token)).toBe('created');
    expect(await createStory(reader.token)).toBe('SUBSCRIPTION_LIMIT_REACHED');

    const { checkoutUrl, redirect } = await buyPro(reader.token);
    expect(redirect).toBe(`http://app.test/checkout/success?session_id=${checkoutUrl.split('/').pop()}`);
    const subscription = await subscriptionOf(reader.token);
    expect(subscription).toMatchObject({ tier: 'pro', status: 'active', stories_remaining: -1, cancel_at_period_end: false });
    expect(Date.parse(subscription.renewal_date)).toBe(addMonth(new Date(clock)).getTime());
    expect(await createStory(reader.token)).toBe('created');
    await server.app.stories.idle();
  });

  it('records a completed checkout once, however often it is completed', async () => {
    const reader = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro' }, reader.token);
    const path = sessionPath(checkout.json().checkout_url);
    await post(`${path}/complete`, {}, reader.token);
    const first = await subscriptionOf(reader.token);
    clock += 60_000;
    const again = await post(`${path}/complete`, {}, reader.token);
    expect(again.statusCode).toBe(200);
    expect((await subscriptionOf(reader.token)).renewal_date).toBe(first.renewal_date);
  });

  it('sends a cancelled checkout back to the cancel page and leaves the learner free', async () => {
    const reader = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro', cancel_url: '/checkout/cancel?from=test' }, reader.token);
    const path = sessionPath(checkout.json().checkout_url);
    const cancelled = await post(`${path}/cancel`, {}, reader.token);
    expect(cancelled.json().redirect_url).toBe('http://app.test/checkout/cancel?from=test');
    const late = await post(`${path}/complete`, {}, reader.token);
    expect(late.statusCode).toBe(409);
    expect((await subscriptionOf(reader.token)).tier).toBe('free');
  });

  it('keeps Pro after a cancellation in the portal until the period end, then is free', async () => {
    const reader = await verifiedReader(server);
    await buyPro(reader.token);
    const portal = await openPortal(reader.token);
    const view = (await post(`${portal}/subscription`, { action: 'cancel' }, reader.token)).json();
    expect(view.subscription).toMatchObject({ status: 'active', cancel_at_period_end: true, pro: true });
    const subscription = await subscriptionOf(reader.token);
    expect(subscription).toMatchObject({ tier: 'pro', cancel_at_period_end: true });

    clock = Date.parse(subscription.renewal_date) - 1000;
    expect((await subscriptionOf(reader.token)).tier).toBe('pro');
    clock += 1000;
    expect(await subscriptionOf(reader.token)).toMatchObject({ tier: 'free', stories_limit: 1 });
    expect(await createStory(reader.token)).toBe('created');
    expect(await createStory(reader.token)).toBe('SUBSCRIPTION_LIMIT_REACHED');
    await server.app.stories.idle();
    clock = Date.now();
  });

  it('renews a subscription that was resumed, and the test clock jumps to the period end', async () => {
    const reader = await verifiedReader(server);
    await buyPro(reader.token);
    const portal = await openPortal(reader.token);
    await post(`${portal}/subscription`, { action: 'cancel' }, reader.token);
    await post(`${portal}/subscription`, { action: 'resume' }, reader.token);
    const { renewal_date: firstEnd } = await subscriptionOf(reader.token);

    clock = Date.parse(firstEnd) + 1000;
    const renewed = await subscriptionOf(reader.token);
    expect(renewed).toMatchObject({ tier: 'pro', cancel_at_period_end: false });
    expect(Date.parse(renewed.renewal_date)).toBe(addMonth(new Date(firstEnd)).getTime());

    // The test clock: what would happen at the period end happens now. (The first portal session has expired.)
    const later = await openPortal(reader.token);
    await post(`${later}/subscription`, { action: 'cancel' }, reader.token);
    const ended = (await post(`${later}/subscription`, { action: 'advance_clock' }, reader.token)).json();
    expect(ended.subscription).toMatchObject({ status: 'canceled', pro: false });
    expect((await subscriptionOf(reader.token)).tier).toBe('free');
    clock = Date.now();
  });

  it('answers unknown sessions and actions in words', async () => {
    const reader = await verifiedReader(server);
    const missing = await server.app.inject({ method: 'GET', url: '/api/test-billing/sessions/cs_test_AAAAAAAAAAAAAAAAAAAAAAAA', headers: auth(reader.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('This test billing session does not exist or has expired.');
    expect((await server.app.inject({ method: 'GET', url: '/api/test-billing/sessions/../../etc', headers: auth(reader.token) })).statusCode).toBe(404);

    await buyPro(reader.token);
    const portal = await openPortal(reader.token);
    const bad = await post(`${portal}/subscription`, { action: 'refund' }, reader.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('Unknown action');
    // A portal session cannot be "completed" as if it were a checkout.
    expect((await post(`${portal}/complete`, {}, reader.token)).statusCode).toBe(404);
  });

  it('acts only for the learner the session belongs to', async () => {
    const owner = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro' }, owner.token);
    const path = sessionPath(checkout.json().checkout_url);
    // Holding the id is not enough: without sign-in it is refused, and another learner finds nothing.
    const anonymous = await server.app.inject({ method: 'GET', url: path });
    expect(anonymous.statusCode).toBe(401);
    expect((await post(`${path}/complete`)).statusCode).toBe(401);
    const stranger = await verifiedReader(server);
    const peek = await server.app.inject({ method: 'GET', url: path, headers: auth(stranger.token) });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(owner.email);
    expect((await post(`${path}/complete`, {}, stranger.token)).statusCode).toBe(404);
    expect((await subscriptionOf(stranger.token)).tier).toBe('free');
    expect((await subscriptionOf(owner.token)).tier).toBe('free');

    await buyPro(owner.token);
    const portal = await openPortal(owner.token);
    expect((await post(`${portal}/subscription`, { action: 'cancel' }, stranger.token)).statusCode).toBe(404);
    expect(await subscriptionOf(owner.token)).toMatchObject({ tier: 'pro', cancel_at_period_end: false });
  });

  it('expires checkout sessions after a day', async () => {
    const reader = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro' }, reader.token);
    clock += 25 * 60 * 60 * 1000;
    expect((await post(`${sessionPath(checkout.json().checkout_url)}/complete`, {}, reader.token)).statusCode).toBe(404);
    clock = Date.now();
  });
});

describe('billing in production without Stripe', () => {
  it('takes no payments: no test billing where real learners are', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/payment/pricing' })).json().billing).toBe('off');
      const reader = await verifiedReader(production);
      const checkout = await production.app.inject({ method: 'POST', url: '/api/payment/checkout', headers: auth(reader.token), payload: { tier: 'pro' } });
      expect(checkout.statusCode).toBe(503);
      expect(checkout.json().detail).toBe('Upgrades are not available on this server.');
      expect((await production.app.inject({ method: 'GET', url: '/api/test-billing/sessions/cs_test_AAAAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
