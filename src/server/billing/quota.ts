import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { monthlyUsage, stories } from '../db/schema';
import { usageMonth } from './subscription';

export type QuotaRefusal = 'SUBSCRIPTION_LIMIT_REACHED' | 'EMAIL_VERIFICATION_REQUIRED';

interface Account {
  id: string;
  plan: 'free' | 'pro';
  emailVerified: boolean;
}

/**
 * Counts one story against this month's quota, or refuses. A single upsert whose update only
 * happens under the limit, so concurrent creates can never exceed it (PRODUCT.md).
 */
export async function takeStoryFromQuota(db: Database, account: Account, freeLimit: number): Promise<QuotaRefusal | null> {
  if (account.plan === 'free' && !account.emailVerified) return 'EMAIL_VERIFICATION_REQUIRED';
  const limit = account.plan === 'pro' ? 2 ** 31 - 1 : freeLimit;
  if (limit < 1) return 'SUBSCRIPTION_LIMIT_REACHED';
  const rows = await db
    .insert(monthlyUsage)
    .values({ userId: account.id, month: usageMonth(), storiesGenerated: 1 })
    .onConflictDoUpdate({
      target: [monthlyUsage.userId, monthlyUsage.month],
      set: { storiesGenerated: sql`${monthlyUsage.storiesGenerated} + 1` },
      setWhere: sql`${monthlyUsage.storiesGenerated} < ${limit}`,
    })
    .returning({ count: monthlyUsage.storiesGenerated });
  return rows.length === 1 ? null : 'SUBSCRIPTION_LIMIT_REACHED';
}

/** Gives a story back to the quota when its first scene could not be written at all. */
export async function refundStory(db: Database, userId: string, storyId: string): Promise<void> {
  const [refunded] = await db
    .update(stories)
    .set({ charged: false })
    .where(and(eq(stories.id, storyId), eq(stories.charged, true)))
    .returning({ id: stories.id });
  if (!refunded) return;
  await db
    .update(monthlyUsage)
    .set({ storiesGenerated: sql`greatest(${monthlyUsage.storiesGenerated} - 1, 0)` })
    .where(and(eq(monthlyUsage.userId, userId), eq(monthlyUsage.month, usageMonth())));
}
