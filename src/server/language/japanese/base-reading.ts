import { isKanji, toHiragana } from './kana';

/** Verbs whose dictionary form is read differently from every inflected stem: 来た きた, 来ない こない → くる. */
const IRREGULAR: Record<string, string> = { 来る: 'くる', 來る: 'くる' };

/**
 * The reading of a token's dictionary form, from the reading of its surface: 食べ (たべ) of 食べる is
 * たべる, 行っ (いっ) of 行く is いく, 高かっ (たかかっ) of 高い is たかい. The surface and the dictionary form
 * share their kanji stem; only the kana after it differ, and those are their own reading.
 */
export function baseReading(surface: string, reading: string, base: string): string {
  if (IRREGULAR[base]) return IRREGULAR[base];
  if (![...base].some(isKanji)) return toHiragana(base);
  const hiragana = toHiragana(reading);
  if (surface === base) return hiragana;
  let shared = 0;
  while (shared < surface.length && shared < base.length && surface[shared] === base[shared]) shared++;
  const surfaceTail = toHiragana(surface.slice(shared));
  const baseTail = base.slice(shared);
  if ([...surfaceTail].some(isKanji) || [...baseTail].some(isKanji) || !hiragana.endsWith(surfaceTail)) return hiragana;
  return hiragana.slice(0, hiragana.length - surfaceTail.length) + toHiragana(baseTail);
}
