import { CEFR_LEVELS, JLPT_LEVELS, levelRank, type Language, type StoryLevel } from '../../shared/language';
import { readCefrTable } from '../language/english/levels';
import { toHiragana } from '../language/japanese/kana';
import { loadJlptWords } from '../language/japanese/jlpt-words';
import { wordKey } from '../language/word-key';

/** One word of a level list, under every key a story's analysis may give it (足 and 脚 are one listed word). */
export interface LevelListWord {
  word: string;
  reading: string;
  level: StoryLevel;
  keys: string[];
}

let lists: Record<Language, LevelListWord[]> | null = null;

function japaneseList(): LevelListWord[] {
  return loadJlptWords().flatMap(({ words, readings, level }) => {
    const reading = toHiragana(readings[0] ?? (/^[\p{Script=Hiragana}\p{Script=Katakana}ー]+$/u.test(words[0]!) ? words[0]! : ''));
    if (!reading) return [];
    return [{ word: words[0]!, reading, level, keys: words.map((w) => wordKey('ja', w, reading)) }];
  });
}

function englishList(): LevelListWord[] {
  return [...readCefrTable()].map(([word, level]) => ({ word, reading: '', level, keys: [wordKey('en', word)] }));
}

/** The JLPT (N5–N1) and CEFR (A1–C2) word lists the levels come from, read once per process. */
export function levelLists(): Record<Language, LevelListWord[]> {
  lists ??= { ja: japaneseList(), en: englishList() };
  return lists;
}

/** The listed words up to and including `level` ("I know everything up to N4"). */
export function wordsUpTo(language: Language, level: StoryLevel): LevelListWord[] {
  const rank = levelRank(level);
  return levelLists()[language].filter((w) => levelRank(w.level) <= rank);
}

export const LEVELS_OF: Record<Language, readonly StoryLevel[]> = { ja: JLPT_LEVELS, en: CEFR_LEVELS };
