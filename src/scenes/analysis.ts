import { api, type ReadingContext } from '../net/api';
import {
  JLPT_LEVELS,
  levelRank,
  type AnalysisResult,
  type DetectedGrammarPattern,
  type StoryLevel,
  type VocabularyWord,
  type WordLevel,
  type WordType,
} from '../shared/language';

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

/** Word types that are grammar rather than vocabulary: "the", "a", "this", "my", "you", これ, あの. */
const FUNCTION_TYPES: ReadonlySet<WordType> = new Set(['pronoun', 'determiner']);

/**
 * Japanese words the analysis types as nouns and verbs but that work as grammar: formal nouns written in
 * kana (こと, もの, ところ …) and the subsidiary verbs after a て-form (〜ている, 〜てみる, 〜てしまう …).
 * Grammar mode explains them as patterns.
 */
const JA_FORMAL_NOUNS: ReadonlySet<string> = new Set(['こと', 'もの', 'ところ', 'ため', 'はず', 'わけ', 'よう', 'つもり', 'まま', 'ほう', 'の', 'ん']);
const JA_SUBSIDIARY_VERBS: ReadonlySet<string> = new Set(['いる', 'ある', 'おく', 'しまう', 'みる', 'いく', 'くる', 'あげる', 'くれる', 'もらう', 'みせる']);

function worksAsGrammar(text: string, word: VocabularyWord): boolean {
  // Japanese determiners written with a kanji are words to learn (小さな, 大きな); この, その, あの are not.
  if (word.word_type === 'determiner' && /\p{Script=Han}/u.test(word.surface)) return false;
  if (FUNCTION_TYPES.has(word.word_type)) return true;
  const base = word.base_form || word.surface;
  if (word.word_type === 'noun' && JA_FORMAL_NOUNS.has(base) && JA_FORMAL_NOUNS.has(word.surface)) return true;
  const before = text[word.start - 1];
  return word.word_type === 'verb' && JA_SUBSIDIARY_VERBS.has(base) && (before === 'て' || before === 'で');
}

/**
 * Whether `word` is one of the story's characters: their name, or one word of it ("Ruth" of "Ruth Evans").
 * A dictionary knows a name only as something else (Ruth, a baseball player), so it is never explained as a
 * word. Written as the name is: "Rose" is the character, "rose" the flower.
 */
export function isCastName(word: Pick<VocabularyWord, 'surface'>, names: readonly string[]): boolean {
  const key = (text: string) => text.normalize('NFKC');
  const surface = key(word.surface);
  return names.some((name) => key(name) === surface || key(name).split(/\s+/u).some((part) => part.length > 1 && part === surface));
}

/**
 * The words vocabulary mode highlights: the ones worth a look for a learner at `level`. A word the server
 * glossed for the line is always one; otherwise a graded word at or above the learner's level that is not a
 * function word. Words below the level, function words ("the", "a", pronouns, formal nouns, the いる of
 * 〜ている), ungraded words (names, numbers, loanwords) and the story's characters (`names`) are not
 * highlighted. Offsets are checked as in `matchingWords`.
 */
export function vocabularyTargets(
  text: string,
  words: readonly VocabularyWord[],
  level: StoryLevel,
  glossed: readonly GlossedWord[] = [],
  names: readonly string[] = [],
): VocabularyWord[] {
  const learner = levelRank(level);
  const isGlossed = (word: VocabularyWord) =>
    glossed.some((g) => g.surface === word.surface || (g.base_form !== '' && g.base_form === word.base_form));
  return matchingWords(text, words).filter((word) => {
    if (isCastName(word, names)) return false;
    if (isGlossed(word)) return true;
    if (word.level === null || worksAsGrammar(text, word)) return false;
    // The two scales are never compared: a JLPT-graded word in an English story says nothing.
    if (word.level.startsWith('N') !== level.startsWith('N')) return false;
    return wordLevelRank(word.level) >= learner;
  });
}
