/** Character classes and kana conversion; kuromoji reports readings in katakana. */

const KATAKANA_START = 0x30a1;
const KATAKANA_END = 0x30f6;
const KANA_OFFSET = 0x60;

export function toHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= KATAKANA_START && code <= KATAKANA_END ? String.fromCodePoint(code - KANA_OFFSET) : ch;
  }
  return out;
}

/** Kanji, plus 々 and 〆 which read like one. */
export function isKanji(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0x20000 && code <= 0x2ffff) ||
    ch === '々' ||
    ch === '〆'
  );
}

/**
 * Characters that take furigana: kanji, and the digits and percent sign of a number (1473年, 50％), which a
 * beginner needs read as much as the kanji.
 */
export function takesRuby(ch: string): boolean {
  return isKanji(ch) || /^[0-9０-９%％]$/.test(ch);
}

export function hasRubyText(text: string): boolean {
  for (const ch of text) if (takesRuby(ch)) return true;
  return false;
}

export function isHiragana(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return code >= 0x3041 && code <= 0x309f;
}

export function isKatakana(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x30a0 && code <= 0x30ff) || (code >= 0x31f0 && code <= 0x31ff) || (code >= 0xff66 && code <= 0xff9d);
}

export const isKana = (ch: string): boolean => isHiragana(ch) || isKatakana(ch);
export const isAllKana = (text: string): boolean => text.length > 0 && [...text].every(isKana);
export const isAllKatakana = (text: string): boolean => text.length > 0 && [...text].every((c) => isKatakana(c) || c === 'ー');

/** Japanese script in a text: kana or kanji anywhere means the text is Japanese. */
export const looksJapanese = (text: string): boolean => [...text].some((ch) => isKana(ch) || isKanji(ch));
