import type { Language, StoryLevel, WordLevel } from '../../shared/language';
import { CEFR_LEVELS, JLPT_LEVELS } from '../../shared/language';

export interface ProfiledWord {
  surface: string;
  base_form: string;
  reading: string;
  level: WordLevel;
  gloss: string;
}

/** How a text sits against a target level; what the story engine checks and glosses a scene by. */
export interface LevelProfile {
  language: Language;
  target: StoryLevel;
  /** Content-word tokens per level (names, numbers and loanwords are counted apart). */
  by_level: Partial<Record<WordLevel, number>>;
  content_words: number;
  at_or_below: number;
  /** at_or_below / content_words; 1 when the text has no content words. */
  share_at_or_below: number;
  /** Distinct words above the target, with what a gloss needs. */
  new_words: ProfiledWord[];
  kanji_above: { kanji: string; level: WordLevel }[];
  names: string[];
  numbers: string[];
  loanwords: string[];
}

const ORDER: readonly WordLevel[] = [...JLPT_LEVELS, 'N1+', ...CEFR_LEVELS];
const JA_ORDER: readonly WordLevel[] = [...JLPT_LEVELS, 'N1+'];

/** True when `level` is at or below (no harder than) `target`, on the target's own scale. */
export function isAtOrBelow(level: WordLevel, target: StoryLevel): boolean {
  const scale = target.startsWith('N') ? JA_ORDER : CEFR_LEVELS;
  const a = scale.indexOf(level);
  const b = scale.indexOf(target);
  return a >= 0 && b >= 0 && a <= b;
}

export const sortLevels = (levels: WordLevel[]) => [...levels].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
