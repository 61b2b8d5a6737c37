import type { Token } from '../token';
import { counterReading, isCounter, isKanjiNumeral, numberReading, parseKanjiNumber } from './counters';

const DIGIT_RUN = /^[0-9０-９]+$/;
const toNumber = (digits: string) => Number(digits.replace(/[０-９]/g, (d) => String(d.charCodeAt(0) - 0xff10)));
/** 何 reads なん before these, なに elsewhere. */
const NAN_BEFORE = new Set(['の', 'で', 'だ', 'です', 'でしょ', 'と', 'て']);

/**
 * Joins a kanji number and its counter into one token with the counter's real reading
 * (三 + 本 → 三本 さんぼん), and fixes the counter's reading after digits (30分 → ぷん).
 */
export function readNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const at = (i: number): Token | undefined => tokens[i];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    let j = i;
    while (j < tokens.length && at(j)?.pos === '名詞' && isKanjiNumeral(at(j)!.surface)) j++;
    const isNan = j === i && token.surface === '何';
    const end = isNan ? i + 1 : j;
    const next = at(end);
    const afterMonth = out[out.length - 1]?.surface.endsWith('月') ?? false;

    if (j > i || isNan) {
      const numeral = tokens.slice(i, end);
      const value = isNan ? '何' : parseKanjiNumber(numeral.map((t) => t.surface).join(''));
      if (value !== null && next && isCounter(next.surface)) {
        const { number, counter } = counterReading(value, next.surface, { afterMonth });
        out.push(joined([...numeral, next], number + counter, out.length));
        i = end;
        continue;
      }
      if (isNan) {
        out.push({ ...token, index: out.length, reading: next && NAN_BEFORE.has(next.surface) ? 'なん' : 'なに' });
        continue;
      }
      if (typeof value === 'number') {
        out.push(joined(numeral, numberReading(value), out.length));
        i = end - 1;
        continue;
      }
    }
    const following = at(i + 1);
    if (DIGIT_RUN.test(token.surface) && following && isCounter(following.surface)) {
      token.index = out.length;
      out.push(token);
      const { counter } = counterReading(toNumber(token.surface), following.surface, { afterMonth });
      out.push({ ...following, index: out.length, reading: counter });
      i++;
      continue;
    }
    // The tokenizer's tokens are fresh objects: renumbering in place saves a copy per token.
    token.index = out.length;
    out.push(token);
  }
  return out;
}

function joined(parts: Token[], reading: string, index: number): Token {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const surface = parts.map((t) => t.surface).join('');
  return { ...first, index, surface, norm: surface, base: surface, end: last.end, reading, detail: '数' };
}
