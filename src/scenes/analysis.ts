import { api, type ReadingContext } from '../net/api';
import {
  JLPT_LEVELS,
  levelRank,
  type AnalysisResult,
  type DetectedGrammarPattern,
  type StoryLevel,
  type VocabularyWord,
  type WordLevel,
} from '../shared/language';
import { isCastName, isLearnable } from '../shared/words';

export { isCastName };

/** SPEC §4 Analysis caching: one analysis per text and level for an hour, no retries. */
export const ANALYSIS_TTL_MS = 60 * 60 * 1000;

const cache = new Map<string, { at: number; result: Promise<AnalysisResult> }>();

export function analyseLine(text: string, context: ReadingContext, now = Date.now()): Promise<AnalysisResult> {
  const key = `${context.language}|${context.level}|${text}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < ANALYSIS_TTL_MS) return hit.result;
  const result = api.analysis(text, context);
  cache.set(key, { at: now, result });
  // A failure is not kept: the next line or mode switch asks again.
  result.catch(() => cache.delete(key));
  return result;
}

/** SPEC §5: a highlight is applied only when its offsets are in range and the text there matches. */
export function matchingPatterns(text: string, patterns: readonly DetectedGrammarPattern[]): DetectedGrammarPattern[] {
  return patterns.filter((p) => fits(text, p.start, p.end, p.matched_text));
}

export function matchingWords(text: string, words: readonly VocabularyWord[]): VocabularyWord[] {
  return words.filter((w) => fits(text, w.start, w.end, w.surface));
}

function fits(text: string, start: number, end: number, expected: string): boolean {
  return Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end > start && end <= text.length && text.slice(start, end) === expected;
}

/** A word the server glossed for this line (a content word above the learner's level). */
export interface GlossedWord {
  surface: string;
  base_form: string;
}

/** How hard a word's level is on its own scale: N5 = 0 … N1 = 4, N1+ = 5; A1 = 0 … C2 = 5. */
export function wordLevelRank(level: WordLevel): number {
  return level === 'N1+' ? JLPT_LEVELS.length : levelRank(level);
}

/**
 * The words vocabulary mode marks: every word a learner knows or learns (`isLearnable`), each shown by its
 * status, and any word the server glossed for the line. Offsets are checked as in `matchingWords`. A word
 * graded on the other scale (a JLPT level in an English story) says nothing and is left out.
 */
export function vocabularyTargets(
  text: string,
  words: readonly VocabularyWord[],
  level: StoryLevel,
  glossed: readonly GlossedWord[] = [],
  names: readonly string[] = [],
): VocabularyWord[] {
  const isGlossed = (word: VocabularyWord) =>
    glossed.some((g) => g.surface === word.surface || (g.base_form !== '' && g.base_form === word.base_form));
  const sameScale = (word: VocabularyWord) => word.level !== null && word.level.startsWith('N') === level.startsWith('N');
  return matchingWords(text, words).filter((word) =>
    isGlossed(word) ? !isCastName(word, names) : sameScale(word) && isLearnable(text, word, names),
  );
}
