import { and, eq } from 'drizzle-orm';
import type { Subscription } from '../../shared/api';
import type { Database } from '../db/client';
import { monthlyUsage } from '../db/schema';
import { tierOf, type SubscriptionRow } from './ledger';

/** The quota month: the calendar month in UTC, as "YYYY-MM". */
export function usageMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}

export function startOfNextMonth(at: Date = new Date()): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export async function storiesGeneratedThisMonth(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: monthlyUsage.storiesGenerated })
    .from(monthlyUsage)
    .where(and(eq(monthlyUsage.userId, userId), eq(monthlyUsage.month, usageMonth())));
  return row?.count ?? 0;
}

/** The subscription block of the user object (SPEC §3), from the billing record and this month's usage. */
export function describeSubscription(
  row: SubscriptionRow | undefined,
  now: Date,
  storiesGenerated: number,
  freeStoriesPerMonth: number,
): Subscription {
  if (tierOf(row, now) === 'pro') {
    return {
      tier: 'pro',
      status: row!.status,
      // When Pro renews, or (cancel_at_period_end) when it ends; none for Pro granted by hand.
      renewal_date: row!.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: row!.cancelAtPeriodEnd,
      stories_generated: storiesGenerated,
      stories_limit: 0,
      stories_remaining: -1,
      can_generate_story: true,
    };
  }
  const remaining = Math.max(0, freeStoriesPerMonth - storiesGenerated);
  return {
    tier: 'free',
    status: 'active',
    // For a free account this is when the monthly quota starts again.
    renewal_date: startOfNextMonth().toISOString(),
    cancel_at_period_end: false,
    stories_generated: storiesGenerated,
    stories_limit: freeStoriesPerMonth,
    stories_remaining: remaining,
    can_generate_story: remaining > 0,
  };
}
