import type { Token } from '../token';
import { loadIpadic } from './ipadic';
import { createLatticeTokenizer, type Morpheme } from './lattice';
import { readNumbers } from './number-tokens';
import { MERGED_READINGS, READING_OVERRIDES, readInContext } from './reading-overrides';

export type JapaneseTokenizer = (text: string) => Token[];

/** Loads IPADIC once (about a quarter of a second); every later call is synchronous. */
export async function loadJapaneseTokenizer(): Promise<JapaneseTokenizer> {
  const lattice = createLatticeTokenizer(loadIpadic());
  return (text) => readInContext(readNumbers(toTokens(lattice(text))));
}

function toTokens(morphemes: Morpheme[]): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < morphemes.length; i++) {
    const merged = mergeAt(morphemes, i);
    if (merged) {
      tokens.push({ ...merged.token, index: tokens.length });
      i += merged.length - 1;
      continue;
    }
    const { surface, start, entry } = morphemes[i]!;
    tokens.push({
      index: tokens.length,
      surface,
      norm: surface,
      start,
      end: start + surface.length,
      base: entry.base || surface,
      pos: entry.pos,
      detail: entry.detail,
      form: entry.form,
      reading: READING_OVERRIDES.get(surface) ?? entry.reading,
    });
  }
  return tokens;
}

/** Words IPADIC splits or reads wrongly (令和 → 令 + 和, 何色 → 何 + 色, うわっ) become one word with the right reading. */
function mergeAt(morphemes: Morpheme[], i: number): { token: Omit<Token, 'index'>; length: number } | null {
  for (let length = 3; length >= 1; length--) {
    if (i + length > morphemes.length) continue;
    let surface = morphemes[i]!.surface;
    for (let k = 1; k < length; k++) surface += morphemes[i + k]!.surface;
    const merged = MERGED_READINGS.get(surface);
    if (!merged) continue;
    const start = morphemes[i]!.start;
    return {
      length,
      token: { surface, norm: surface, start, end: start + surface.length, base: surface, pos: '名詞', form: '', ...merged },
    };
  }
  return null;
}
