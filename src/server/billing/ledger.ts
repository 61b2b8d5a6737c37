import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { billingEvents, subscriptions, users } from '../db/schema';

export type Tier = 'free' | 'pro';
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Statuses in which a subscription gives Pro (past_due: the card failed and the provider is still retrying). */
const PRO_STATUSES = ['active', 'trialing', 'past_due'];

/**
 * How long after its period end a renewing subscription stays Pro without news from the provider. Stripe
 * renews at the period end and tells us by webhook; a late webhook must not drop a paying learner to free.
 */
export const RENEWAL_GRACE_MS = 24 * 60 * 60 * 1000;

/** What a provider says about one subscription at one moment. */
export interface SubscriptionSnapshot {
  userId: string;
  provider: 'stripe' | 'test';
  customerId: string;
  subscriptionId: string;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export function tierOf(row: SubscriptionRow | undefined, now: Date): Tier {
  if (!row || !PRO_STATUSES.includes(row.status)) return 'free';
  if (!row.currentPeriodEnd) return 'pro';
  // A cancelled subscription ends exactly at its period end: it was paid up to then and no further.
  const grace = row.cancelAtPeriodEnd ? 0 : RENEWAL_GRACE_MS;
  return now.getTime() < row.currentPeriodEnd.getTime() + grace ? 'pro' : 'free';
}

export function addMonth(at: Date): Date {
  const next = new Date(at);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * What a card processor does at a subscription's period end when the card always pays: a cancelled
 * subscription ends, any other active one renews for a month. The test provider plays this part.
 */
export function atPeriodEnd(row: SubscriptionRow): Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> {
  if (!PRO_STATUSES.includes(row.status) || !row.currentPeriodEnd) return row;
  if (row.cancelAtPeriodEnd) return { status: 'canceled', currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: false };
  return { status: 'active', currentPeriodEnd: addMonth(row.currentPeriodEnd), cancelAtPeriodEnd: false };
}

/** The ledger's reads and changes, on the database or inside one event's transaction. */
function ledgerOps(db: Database, now: () => Date) {
  async function find(userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row || row.provider !== 'test' || !row.currentPeriodEnd) return row;
    // The test provider has no clock of its own: the period ends it would have handled are applied as they are read.
    let settled = row;
    let lastEnd = row.currentPeriodEnd;
    while (PRO_STATUSES.includes(settled.status) && settled.currentPeriodEnd! <= now()) {
      lastEnd = settled.currentPeriodEnd!;
      settled = { ...settled, ...atPeriodEnd(settled) };
    }
    if (settled === row) return row;
    // Dated at the period end where it happened, so later changes (dated now) still apply.
    return (await setState(row, settled, lastEnd)) ?? row;
  }

  /** Applies a state if nothing newer has been applied since `at`; the row after, or undefined when stale. */
  async function setState(row: SubscriptionRow, state: Pick<SubscriptionRow, 'status' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'>, at: Date) {
    const [updated] = await db
      .update(subscriptions)
      .set({ status: state.status, currentPeriodEnd: state.currentPeriodEnd, cancelAtPeriodEnd: state.cancelAtPeriodEnd, syncedAt: at, updatedAt: sql`now()` })
      .where(and(eq(subscriptions.userId, row.userId), lte(subscriptions.syncedAt, at)))
      .returning();
    return updated;
  }

  return {
    find,

    async tier(userId: string): Promise<Tier> {
      return tierOf(await find(userId), now());
    },

    async findByCustomer(customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId));
      return row;
    },

    /**
     * Records a provider's description of a subscription as of `at`. A description older than the one
     * already applied is ignored, so events arriving out of order cannot undo newer news.
     */
    async record(snapshot: SubscriptionSnapshot, at: Date): Promise<void> {
      // A learner who deleted their account may still get the provider's last word on their plan.
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, snapshot.userId));
      if (!user) return;
      const values = {
        provider: snapshot.provider,
        customerId: snapshot.customerId,
        subscriptionId: snapshot.subscriptionId,
        status: snapshot.status,
        currentPeriodEnd: snapshot.currentPeriodEnd,
        cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd,
        syncedAt: at,
        updatedAt: sql`now()`,
      };
      await db
        .insert(subscriptions)
        .values({ userId: snapshot.userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values, setWhere: lte(subscriptions.syncedAt, at) });
    },

    /** A renewal payment failed: Pro continues while the provider retries, and the learner is told. */
    async paymentFailed(subscriptionId: string, at: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ status: 'past_due', syncedAt: at, updatedAt: sql`now()` })
        .where(and(eq(subscriptions.subscriptionId, subscriptionId), inArray(subscriptions.status, ['active', 'trialing']), lte(subscriptions.syncedAt, at)));
    },

    /** The test provider's clock, moved to the period end: what would happen then happens now. */
    async advanceToPeriodEnd(userId: string): Promise<SubscriptionRow | undefined> {
      const row = await find(userId);
      if (!row?.currentPeriodEnd || row.provider !== 'test') return row;
      return (await setState(row, atPeriodEnd(row), now())) ?? row;
    },

    /** Sets whether the subscription ends at its period end (the portal's Cancel and Resume). */
    async setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<SubscriptionRow | undefined> {
      const row = await find(userId);
      if (!row || !PRO_STATUSES.includes(row.status)) return row;
      return (await setState(row, { ...row, cancelAtPeriodEnd: cancel }, now())) ?? row;
    },

  };
}
export type LedgerOps = ReturnType<typeof ledgerOps>;

/**
 * The subscriptions table as a state machine fed by provider events. Every change goes through here,
 * whether it comes from Stripe's webhooks or the local test billing provider.
 */
export function createLedger(db: Database, now: () => Date) {
  return {
    ...ledgerOps(db, now),

    /**
     * Runs `apply` once per provider event id, in one transaction with the mark that it ran: a replayed
     * event changes nothing, and an event whose handling failed is not marked, so the provider's retry runs it.
     */
    async once(eventId: string, type: string, apply: (ops: LedgerOps) => Promise<void>): Promise<'applied' | 'duplicate'> {
      return db.transaction(async (tx) => {
        const [claimed] = await tx.insert(billingEvents).values({ id: eventId, type }).onConflictDoNothing().returning({ id: billingEvents.id });
        if (!claimed) return 'duplicate';
        await apply(ledgerOps(tx, now));
        return 'applied';
      });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
