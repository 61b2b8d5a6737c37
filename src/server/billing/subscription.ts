import { and, eq } from 'drizzle-orm';
import type { Subscription } from '../../shared/api';
import type { Database } from '../db/client';
import { monthlyUsage } from '../db/schema';

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

/** The subscription block of the user object (SPEC §3), from the plan and this month's usage. */
export function describeSubscription(
  plan: 'free' | 'pro',
  storiesGenerated: number,
  freeStoriesPerMonth: number,
): Subscription {
  if (plan === 'pro') {
    return {
      tier: 'pro',
      status: 'active',
      renewal_date: null,
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
    stories_generated: storiesGenerated,
    stories_limit: freeStoriesPerMonth,
    stories_remaining: remaining,
    can_generate_story: remaining > 0,
  };
}
