import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Language } from '../../shared/language';
import type { Progress, ProgressDay } from '../../shared/progress';
import type { Database } from '../db/client';
import { readingHours, reviewLogs, wordChangeItems, wordChanges, wordKnowledge } from '../db/schema';
import type { WordKnowledge } from '../words/knowledge';
import { levelCoverage } from '../words/level-coverage';

/** Days looked back for the streak: a longer one is shown as this many. */
const STREAK_LOOKBACK_DAYS = 400;

/** The learner's calendar day of a timestamp column, as 'YYYY-MM-DD'. */
const localDay = (column: SQL | typeof readingHours.hour, timeZone: string) => sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** 'YYYY-MM-DD' of today in a time zone, and of the days before it. */
function calendar(timeZone: string, days: number, now = new Date()): string[] {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) => new Date(Date.UTC(y, m - 1, d - (days - 1 - i))).toISOString().slice(0, 10));
}

/**
 * What the progress page draws: per day of the learner's calendar, words known and learned, cards reviewed,
 * lines, characters and minutes read; the streak; and level coverage. Every figure is summed from what the
 * server recorded as it happened (word changes, review logs, reading hours).
 */
export function createProgress(db: Database, knowledge: WordKnowledge) {
  async function activeDays(userId: string, timeZone: string, since: Date): Promise<Set<string>> {
    const reading = await db
      .selectDistinct({ day: localDay(readingHours.hour, timeZone) })
      .from(readingHours)
      .where(and(eq(readingHours.userId, userId), gte(readingHours.hour, since)));
    const reviews = await db
      .selectDistinct({ day: localDay(sql`${reviewLogs.reviewedAt}`, timeZone) })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), gte(reviewLogs.reviewedAt, since)));
    return new Set([...reading, ...reviews].map((row) => row.day));
  }

  /** Days in a row with reading or review, ending today, or yesterday while today has had none yet. */
  async function streak(userId: string, timeZone: string): Promise<number> {
    const days = calendar(timeZone, STREAK_LOOKBACK_DAYS).reverse();
    const active = await activeDays(userId, timeZone, new Date(Date.now() - (STREAK_LOOKBACK_DAYS + 1) * 86_400_000));
    let count = 0;
    for (const [i, day] of days.entries()) {
      if (active.has(day)) count += 1;
      else if (i > 0) break;
    }
    return count;
  }

  async function of(userId: string, language: Language, timeZone: string, days: number): Promise<Progress> {
    const dayList = calendar(timeZone, days);
    // A little before the first day's start in any zone; rows outside the list are dropped below.
    const since = new Date(Date.parse(`${dayList[0]}T00:00:00Z`) - 86_400_000);

    const reading = await db
      .select({
        day: localDay(readingHours.hour, timeZone),
        lines: sql<number>`sum(${readingHours.lines})::int`,
        characters: sql<number>`sum(${readingHours.characters})::int`,
        seconds: sql<number>`sum(${readingHours.seconds})::int`,
      })
      .from(readingHours)
      .where(and(eq(readingHours.userId, userId), eq(readingHours.language, language), gte(readingHours.hour, since)))
      .groupBy(sql`1`);
    const reviewed = await db
      .select({ day: localDay(sql`${reviewLogs.reviewedAt}`, timeZone), count: sql<number>`count(*)::int` })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.language, language), gte(reviewLogs.reviewedAt, since)))
      .groupBy(sql`1`);
    // Net words known per day: a change to known counts one, a change away from known takes one back.
    const learned = await db
      .select({
        day: localDay(sql`${wordChanges.createdAt}`, timeZone),
        net: sql<number>`sum(case when ${wordChangeItems.afterStatus} = 'known' and ${wordChangeItems.beforeStatus} <> 'known' then 1
                                  when ${wordChangeItems.beforeStatus} = 'known' and ${wordChangeItems.afterStatus} <> 'known' then -1 else 0 end)::int`,
      })
      .from(wordChanges)
      .innerJoin(wordChangeItems, eq(wordChangeItems.changeId, wordChanges.id))
      .where(and(eq(wordChanges.userId, userId), eq(wordChanges.language, language), isNull(wordChanges.undoneAt), gte(wordChanges.createdAt, since)))
      .groupBy(sql`1`);
    const [knownNow] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(wordKnowledge)
      .where(and(eq(wordKnowledge.userId, userId), eq(wordKnowledge.language, language), eq(wordKnowledge.status, 'known')));
    const [totals] = await db
      .select({
        lines: sql<number>`coalesce(sum(${readingHours.lines}), 0)::int`,
        characters: sql<number>`coalesce(sum(${readingHours.characters}), 0)::int`,
        seconds: sql<number>`coalesce(sum(${readingHours.seconds}), 0)::int`,
      })
      .from(readingHours)
      .where(and(eq(readingHours.userId, userId), eq(readingHours.language, language)));
    const [reviewTotal] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(reviewLogs)
      .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.language, language)));

    const byDay = <T extends { day: string }>(rows: T[]) => new Map(rows.map((row) => [row.day, row]));
    const readingBy = byDay(reading);
    const reviewedBy = byDay(reviewed);
    const learnedBy = byDay(learned);

    // Known at the end of each day, counted back from today's figure.
    const known = knownNow?.count ?? 0;
    const series: ProgressDay[] = [];
    let knownAtEnd = known;
    for (const day of [...dayList].reverse()) {
      const read = readingBy.get(day);
      const net = learnedBy.get(day)?.net ?? 0;
      series.push({
        day,
        known: Math.max(0, knownAtEnd),
        learned: net,
        reviewed: reviewedBy.get(day)?.count ?? 0,
        lines: read?.lines ?? 0,
        characters: read?.characters ?? 0,
        seconds: read?.seconds ?? 0,
      });
      knownAtEnd -= net;
    }

    return {
      language,
      days: series.reverse(),
      streak: await streak(userId, timeZone),
      totals: { known, reviewed: reviewTotal?.count ?? 0, lines: totals?.lines ?? 0, characters: totals?.characters ?? 0, seconds: totals?.seconds ?? 0 },
      coverage: await levelCoverage(knowledge, userId, language),
    };
  }

  return { of, streak };
}
