import type { Token } from '../token';
import { counterReading, decimalReading, isCounter, isCounterPrefix, LONGEST_COUNTER, NAN_UNITS, numberReading, parseNumber, plainCounterReading } from './counters';

/**
 * A written number at the start of a text, with what may follow it: 何 with its units (何百), or digits and
 * kanji numerals with thousands commas and a decimal point (1,473 / 2万5千 / 3.5).
 */
const NUMBER_PREFIX = /^(?:何[十百千万億]*|(?:[0-9０-９〇零一二三四五六七八九十百千万億兆]|[,，](?=[0-9０-９]{3})|[.．](?=[0-9０-９]))+)/u;
const SEPARATOR = /^[,，.．]$/;
const ARABIC_START = /^[0-9０-９]/;
/** How many tokens a number with its counter may span (2万5千円 is five). */
const MAX_TOKENS = 8;

/** 何 reads なん before these, なに elsewhere (何を, 何が, 何か, 何も). */
const NAN_BEFORE = new Set(['の', 'で', 'だ', 'です', 'でしょ', 'でしょう', 'と', 'て', 'でも', 'って', 'とか', 'なら', 'ら', 'だっ', 'じゃ', 'なの', 'なんて']);

interface NumberMatch {
  length: number;
  reading: string;
}

const isNumberToken = (token: Token) => token.pos === '名詞' && token.detail === '数';

/**
 * Joins a written number and its counter into one token with the real reading: 三 + 本 → 三本 さんぼん,
 * 1473 + 年 → 1473年 せんよんひゃくななじゅうさんねん, 何 + 百人 → 何百人 なんびゃくにん. Digits get a reading too,
 * so they carry furigana like kanji. 何 alone reads なん or なに by what follows.
 */
export function readNumbers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const afterMonth = out[out.length - 1]?.surface.endsWith('月') ?? false;
    const found = numberAt(tokens, i, afterMonth);
    if (found) {
      out.push(joined(tokens.slice(i, i + found.length), found.reading, out.length));
      i += found.length - 1;
      continue;
    }
    // The tokenizer's tokens are fresh objects: renumbering in place saves a copy per token.
    const token = tokens[i]!;
    token.index = out.length;
    if (token.surface === '何') token.reading = NAN_BEFORE.has(tokens[i + 1]?.surface ?? '') ? 'なん' : 'なに';
    out.push(token);
  }
  return out;
}

/** The longest run of tokens from `i` that spells a number, optionally with its counter. */
function numberAt(tokens: Token[], i: number, afterMonth: boolean): NumberMatch | null {
  const first = tokens[i]!;
  if (!isNumberToken(first) && first.surface !== '何') return null;
  if (!NUMBER_PREFIX.test(first.surface)) return null;
  let best: NumberMatch | null = null;
  let text = '';
  for (let k = i; k < Math.min(tokens.length, i + MAX_TOKENS); k++) {
    const token = tokens[k]!;
    const numberEnd = NUMBER_PREFIX.exec(text)?.[0].length ?? 0;
    // A token that starts inside the number must be part of a number itself (or a comma or point in it).
    if (k > i && numberEnd === text.length && !isNumberToken(token) && !SEPARATOR.test(token.surface) && !isCounterPrefix(token.surface)) break;
    text += token.surface;
    if (text.length - (NUMBER_PREFIX.exec(text)?.[0].length ?? 0) > LONGEST_COUNTER) break;
    const reading = readingOf(text, afterMonth);
    if (reading) best = { length: k - i + 1, reading };
  }
  // 何 alone is a word, not a number: it is read by what follows (readNumbers).
  if (best && tokens[i]!.surface === '何' && best.length === 1) return null;
  return best;
}

/** The reading of a number followed by nothing or by one counter; null when `text` is not that. */
function readingOf(text: string, afterMonth: boolean): string | null {
  const numberText = NUMBER_PREFIX.exec(text)?.[0] ?? '';
  const counter = text.slice(numberText.length);
  if (!numberText || (counter && !isCounter(counter))) return null;
  if (numberText.startsWith('何')) return counter ? nanReading(numberText.slice(1), counter) : null;

  const [integerText = '', decimals] = numberText.replace(/[,，]/g, '').split(/[.．]/);
  const value = parseNumber(integerText);
  if (value === null || !Number.isSafeInteger(value)) return null;
  if (decimals !== undefined) {
    if (!ARABIC_START.test(integerText)) return null;
    return decimalReading(value, decimals) + plainCounterReading(counter);
  }
  // 090, 007: a code read digit by digit, not a quantity.
  if (/^[0０]./.test(integerText) && ARABIC_START.test(integerText)) {
    if (counter) return null;
    return [...integerText].map((d) => numberReading(Number(d.normalize('NFKC')))).join('');
  }
  if (!counter) return numberReading(value);
  const { number, counter: rest } = counterReading(value, counter, { afterMonth });
  return number + rest;
}

/** 何 with units and a counter: 何百人 なんびゃくにん, 何千円 なんぜんえん, 何本 なんぼん. */
function nanReading(units: string, counter: string): string {
  if (!units) {
    const { number, counter: rest } = counterReading('何', counter);
    return number + rest;
  }
  let head = 'なん' + [...units].map((u) => NAN_UNITS[u] ?? '').join('');
  const plain = counterReading(parseNumber(units) ?? 100, counter);
  // 百本 is ひゃっぽん, so 何百本 is なんびゃっぽん.
  if (plain.number.endsWith('っ')) head = head.slice(0, -1) + 'っ';
  return head + plain.counter;
}

function joined(parts: Token[], reading: string, index: number): Token {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const surface = parts.map((t) => t.surface).join('');
  return { ...first, index, surface, norm: surface, base: surface, pos: '名詞', end: last.end, reading, detail: '数', form: '' };
}
