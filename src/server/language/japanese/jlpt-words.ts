import { JLPT_LEVELS, type JlptLevel } from '../../../shared/language';
import { readTsv } from '../tsv';

export interface ListedWord {
  /** The spellings the list gives (足; 脚 → both), without the 〜 of affixes. */
  words: string[];
  /** Kana readings, without notes such as (する). */
  readings: string[];
  level: JlptLevel;
}

const clean = (text: string) =>
  text
    .replace(/[(（][^)）]*[)）]/g, '')
    .replace(/[～〜~]/g, '')
    .trim();
const variants = (cell: string) => cell.split(/[;；]/).map(clean).filter(Boolean);

/**
 * The widely used JLPT word lists (tanos.co.uk's, as published in open-anki-jlpt-decks; MIT): 8,131 words
 * with readings, N5–N1. A word listed at two levels is taught at the easier one.
 */
export function loadJlptWords(): ListedWord[] {
  return readTsv('levels/jlpt-words.tsv').flatMap((row) => {
    const level = JLPT_LEVELS.find((l) => l === row.level);
    const words = variants(row.expression ?? '');
    if (!level || words.length === 0) return [];
    return [{ words, readings: variants(row.reading ?? ''), level }];
  });
}
