import { api, type ReadingContext } from '../net/api';
import type { AnalysisResult, DetectedGrammarPattern, VocabularyWord } from '../shared/language';

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
