import type { WordType } from '../../shared/language';

/** The Japanese label shown with each word type (SPEC §3). */
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
