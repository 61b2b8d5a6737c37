import { desc, eq, sql } from 'drizzle-orm';
import type { Language, WordLevel } from '../../shared/language';
import type { Database } from '../db/client';
import { grammarViews, vocabularyViews } from '../db/schema';
import type { GrammarPattern } from './grammar/catalogue';

/** What each learner opened: the grammar patterns and the words, counted by level. */
export function createLearnerProgress(db: Database) {
  async function grammarOpened(userId: string, pattern: GrammarPattern) {
    await db
      .insert(grammarViews)
      .values({ userId, patternId: pattern.id, language: pattern.language, level: pattern.level })
      .onConflictDoUpdate({
        target: [grammarViews.userId, grammarViews.patternId],
        set: { views: sql`${grammarViews.views} + 1`, lastSeenAt: sql`now()` },
      });
  }

  async function wordOpened(userId: string, language: Language, word: string, level: WordLevel | null) {
    await db
      .insert(vocabularyViews)
      .values({ userId, language, word, level })
      .onConflictDoUpdate({
        target: [vocabularyViews.userId, vocabularyViews.language, vocabularyViews.word],
        set: { views: sql`${vocabularyViews.views} + 1`, lastSeenAt: sql`now()` },
      });
  }

  /** Per language and level: patterns seen out of the catalogue's, and the latest ones opened. */
  async function grammarProgress(userId: string, catalogue: GrammarPattern[]) {
    const rows = await db.select().from(grammarViews).where(eq(grammarViews.userId, userId)).orderBy(desc(grammarViews.lastSeenAt));
    const known = new Map(catalogue.map((p) => [p.id, p]));
    const levels: Record<string, { language: Language; level: string; seen: number; total: number }> = {};
    for (const pattern of catalogue) {
      const key = `${pattern.language}:${pattern.level}`;
      levels[key] ??= { language: pattern.language, level: pattern.level, seen: 0, total: 0 };
      levels[key].total++;
    }
    for (const row of rows) {
      const pattern = known.get(row.patternId);
      const entry = pattern && levels[`${pattern.language}:${pattern.level}`];
      if (entry) entry.seen++;
    }
    return {
      patterns_seen: rows.filter((r) => known.has(r.patternId)).length,
      by_level: Object.values(levels),
      recent: rows.slice(0, 20).flatMap((row) => {
        const pattern = known.get(row.patternId);
        return pattern
          ? [{ pattern_id: pattern.id, pattern: pattern.pattern, level: pattern.level, language: pattern.language, views: row.views, last_seen_at: row.lastSeenAt.toISOString() }]
          : [];
      }),
    };
  }

  /** Totals over everything the learner opened: views, distinct patterns and words, words by level. */
  async function statistics(userId: string, catalogue: GrammarPattern[]) {
    const grammar = await db.select().from(grammarViews).where(eq(grammarViews.userId, userId)).orderBy(desc(grammarViews.views));
    const words = await db
      .select({ language: vocabularyViews.language, level: vocabularyViews.level, words: sql<number>`count(*)::int`, views: sql<number>`sum(${vocabularyViews.views})::int` })
      .from(vocabularyViews)
      .where(eq(vocabularyViews.userId, userId))
      .groupBy(vocabularyViews.language, vocabularyViews.level);
    const known = new Map(catalogue.map((p) => [p.id, p]));
    return {
      grammar_views: grammar.reduce((n, r) => n + r.views, 0),
      distinct_patterns: grammar.length,
      most_viewed_patterns: grammar.slice(0, 5).flatMap((row) => {
        const pattern = known.get(row.patternId);
        return pattern ? [{ pattern_id: pattern.id, pattern: pattern.pattern, level: pattern.level, views: row.views }] : [];
      }),
      word_lookups: words.reduce((n, r) => n + r.views, 0),
      distinct_words: words.reduce((n, r) => n + r.words, 0),
      words_by_level: words.map((r) => ({ language: r.language, level: r.level ?? 'ungraded', words: r.words })),
      catalogue: { japanese: catalogue.filter((p) => p.language === 'ja').length, english: catalogue.filter((p) => p.language === 'en').length },
    };
  }

  return { grammarOpened, wordOpened, grammarProgress, statistics };
}

export type LearnerProgress = ReturnType<typeof createLearnerProgress>;
