import { readTsv } from '../tsv';
import type { WordNetSense } from './wordnet';

/**
 * Glosses written for this project for words the library's English stories use and WordNet 3.1 lacks
 * (British and recent words: bothy, staffroom, tagline), so no highlighted word answers with nothing.
 */
export function createOwnEnglishGlosses() {
  const glosses = new Map<string, WordNetSense>();
  for (const row of readTsv('dictionary/en-words.tsv')) {
    if (!row.word || !row.gloss) continue;
    glosses.set(row.word.toLowerCase(), { partOfSpeech: (row.part_of_speech ?? 'noun') as WordNetSense['partOfSpeech'], definition: row.gloss });
  }
  /** The word as written, or a plural whose singular is here (streetlamps, taglines). */
  return (word: string): WordNetSense | undefined => {
    const lower = word.toLowerCase();
    return glosses.get(lower) ?? (lower.endsWith('s') ? glosses.get(lower.slice(0, -1)) : undefined);
  };
}
