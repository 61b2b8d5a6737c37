import { randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { TEST_SESSION_ID, testPortalActionBody, type TestBillingSession } from '../../shared/billing';
import type { Database } from '../db/client';
import { testBillingSessions, users } from '../db/schema';
import { HttpError, parseInput } from '../http/errors';
import { addMonth, tierOf, type Ledger } from './ledger';
import type { BillingProvider } from './provider';

export interface TestBillingOptions {
  db: Database;
  ledger: Ledger;
  publicUrl: string;
  proPlan: { name: string; priceCents: number };
  now: () => Date;
}

const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;
const PORTAL_TTL_MS = 60 * 60 * 1000;
const GONE = 'This test billing session does not exist or has expired.';

const newId = (prefix: 'cs' | 'bps') => `${prefix}_test_${randomBytes(18).toString('base64url')}`;

function withSessionId(url: string, id: string): string {
  const target = new URL(url);
  target.searchParams.set('session_id', id);
  return target.href;
}

/**
 * The default card processor: in-app TEST MODE pages stand in for Stripe's checkout and portal, and
 * change the subscription through the same ledger calls as Stripe's webhooks. No money moves.
 */
export function createTestBilling({ db, ledger, publicUrl, proPlan, now }: TestBillingOptions): BillingProvider {
  async function openSession(kind: 'checkout' | 'portal', userId: string, returnUrl: string, cancelUrl: string | null) {
    const id = newId(kind === 'checkout' ? 'cs' : 'bps');
    const ttl = kind === 'checkout' ? CHECKOUT_TTL_MS : PORTAL_TTL_MS;
    await db.insert(testBillingSessions).values({ id, kind, userId, returnUrl, cancelUrl, expiresAt: new Date(now().getTime() + ttl) });
    return `${publicUrl}/test-billing/${kind}/${id}`;
  }

  /** A session of the signed-in learner: its id alone is not enough, since ids travel in URLs. */
  async function liveSession(request: FastifyRequest<{ Params: { id: string } }>, kind?: 'checkout' | 'portal') {
    const { id } = request.params;
    if (!TEST_SESSION_ID.test(id)) throw new HttpError(404, GONE);
    const [session] = await db
      .select()
      .from(testBillingSessions)
      .where(and(eq(testBillingSessions.id, id), eq(testBillingSessions.userId, request.account!.user.id), gt(testBillingSessions.expiresAt, now())));
    if (!session || (kind && session.kind !== kind)) throw new HttpError(404, GONE);
    return session;
  }

  async function view(session: typeof testBillingSessions.$inferSelect): Promise<TestBillingSession> {
    const [[user], subscription] = await Promise.all([
      db.select({ email: users.email }).from(users).where(eq(users.id, session.userId)),
      ledger.find(session.userId),
    ]);
    return {
      id: session.id,
      kind: session.kind,
      status: session.status,
      email: user?.email ?? '',
      plan_name: proPlan.name,
      price_cents: proPlan.priceCents,
      return_url: session.returnUrl,
      subscription: subscription
        ? {
            status: subscription.status,
            current_period_end: subscription.currentPeriodEnd?.toISOString() ?? null,
            cancel_at_period_end: subscription.cancelAtPeriodEnd,
            pro: tierOf(subscription, now()) === 'pro',
          }
        : null,
    };
  }

  return {
    mode: 'test',

    checkoutUrl: (request) => openSession('checkout', request.userId, request.successUrl, request.cancelUrl),

    portalUrl: (customer, returnUrl) => openSession('portal', customer.userId, returnUrl, null),

    routes: async (app, { signedIn }) => {
      app.addHook('preHandler', signedIn);
      app.get<{ Params: { id: string } }>('/api/test-billing/sessions/:id', async (request) => view(await liveSession(request)));

      // Paying: what Stripe's checkout.session.completed would record. Completing twice records once.
      app.post<{ Params: { id: string } }>('/api/test-billing/sessions/:id/complete', async (request) => {
        const session = await liveSession(request, 'checkout');
        if (session.status === 'cancelled') throw new HttpError(409, 'This test checkout was cancelled. Start the upgrade again.');
        if (session.status === 'open') {
          const [claimed] = await db
            .update(testBillingSessions)
            .set({ status: 'complete' })
            .where(and(eq(testBillingSessions.id, session.id), eq(testBillingSessions.status, 'open')))
            .returning();
          if (claimed) {
            const at = now();
            await ledger.record(
              {
                userId: session.userId,
                provider: 'test',
                customerId: `cus_test_${session.userId.replaceAll('-', '').slice(0, 24)}`,
                subscriptionId: `sub_test_${randomBytes(12).toString('base64url')}`,
                status: 'active',
                currentPeriodEnd: addMonth(at),
                cancelAtPeriodEnd: false,
              },
              at,
            );
          }
        }
        return { redirect_url: withSessionId(session.returnUrl, session.id) };
      });

      app.post<{ Params: { id: string } }>('/api/test-billing/sessions/:id/cancel', async (request) => {
        const session = await liveSession(request, 'checkout');
        if (session.status === 'complete') throw new HttpError(409, 'This test checkout is already paid.');
        await db.update(testBillingSessions).set({ status: 'cancelled' }).where(eq(testBillingSessions.id, session.id));
        return { redirect_url: session.cancelUrl ?? `${publicUrl}/checkout/cancel` };
      });

      // The portal's buttons: cancel at the period end, resume, and the test clock that jumps to the period end.
      app.post<{ Params: { id: string } }>('/api/test-billing/sessions/:id/subscription', async (request) => {
        const session = await liveSession(request, 'portal');
        const { action } = parseInput(testPortalActionBody, request.body);
        const subscription = await ledger.find(session.userId);
        if (subscription?.provider !== 'test') throw new HttpError(409, 'There is no test subscription to change.');
        if (action === 'advance_clock') await ledger.advanceToPeriodEnd(session.userId);
        else await ledger.setCancelAtPeriodEnd(session.userId, action === 'cancel');
        return view(session);
      });
    },
  };
}
