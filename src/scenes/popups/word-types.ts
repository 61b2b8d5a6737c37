import type { Language, VocabularyWord, WordType } from '../../shared/language';

/** The Japanese label shown with each word type in Japanese stories (SPEC §3). */
export const WORD_TYPE_LABELS: Record<WordType, string> = {
  noun: '名詞',
  verb: '動詞',
  adjective: '形容詞',
  adverb: '副詞',
  pronoun: '代名詞',
  determiner: '連体詞',
  'proper-noun': '固有名詞',
  other: 'その他',
};

/** "proper-noun" → "proper noun". */
export const wordTypeName = (type: WordType) => type.replace('-', ' ');

/** Katakana to hiragana, so a reading that only differs in script is not shown twice. */
export function toHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60));
}

const startsUpper = (text: string) => /^\p{Lu}/u.test(text);

/**
 * The word's dictionary form as a learner should see it: a name keeps its capital ("Friday", not
 * "friday"), and a lowercase lemma of an ordinary word stays lowercase ("Went" → "go").
 */
export function lemmaOf(word: Pick<VocabularyWord, 'surface' | 'base_form' | 'word_type'>, language: Language): string {
  const base = word.base_form || word.surface;
  if (language !== 'en') return base;
  if (base.toLowerCase() === word.surface.toLowerCase()) return word.word_type === 'proper-noun' || isName(word.surface) ? word.surface : base;
  if (word.word_type === 'proper-noun' && startsUpper(word.surface) && !startsUpper(base)) return base.charAt(0).toUpperCase() + base.slice(1);
  return base;
}

/** Words written with a capital wherever they stand: days and months (not May and March, also verbs). */
const CAPITALISED = new Set([
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday',
  'january', 'february', 'april', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
]);
const isName = (surface: string) => startsUpper(surface) && CAPITALISED.has(surface.toLowerCase());

/**
 * The "Dictionary form" line, or null when it would only repeat the word: a form equal to the surface
 * ignoring case ("Friday" / "friday", "The" / "the") says nothing.
 */
export function dictionaryFormLine(word: Pick<VocabularyWord, 'surface' | 'base_form' | 'word_type'>, language: Language): string | null {
  if (!word.base_form) return null;
  const lemma = lemmaOf(word, language);
  return lemma.toLowerCase() === word.surface.toLowerCase() ? null : lemma;
}
