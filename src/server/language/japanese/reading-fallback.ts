import type { Token } from '../token';
import type { JapaneseDictionary } from './dictionary';
import { isKanji, toHiragana } from './kana';

/**
 * No kanji is shown without a reading. IPADIC leaves rare kanji (雹, 頸) as unknown words with none; the
 * reading then comes from the dictionary's entry for the word, or else kanji by kanji from each one's
 * commonest reading (its first kun reading, else its first on reading), and the token is marked as a guess.
 */
export function fillMissingReadings(tokens: Token[], dictionary: JapaneseDictionary): Token[] {
  if (tokens.every((t) => t.reading || ![...t.surface].some(isKanji))) return tokens;
  return tokens.map((token) => {
    if (token.reading || ![...token.surface].some(isKanji)) return token;
    const listed = dictionary.lookup(token.surface)?.reading;
    if (listed) return { ...token, reading: toHiragana(listed), guessed: true };
    let reading = '';
    for (const ch of token.surface) reading += isKanji(ch) ? (dictionary.kanjiReading(ch) ?? '') : toHiragana(ch);
    return reading ? { ...token, reading, guessed: true } : token;
  });
}
