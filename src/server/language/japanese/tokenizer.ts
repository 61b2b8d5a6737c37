import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import type { Token } from '../token';
import { toHiragana } from './kana';
import { readNumbers } from './number-tokens';
import { MERGED_READINGS, READING_OVERRIDES, readInContext } from './reading-overrides';

export type JapaneseTokenizer = (text: string) => Token[];

const dictionaryPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');

/** IPADIC's longest entry has 26 characters (measured over its whole word list); see boundTrieSearch. */
const LONGEST_WORD = 48;

interface KuromojiInternals {
  viterbi_builder: { trie: { commonPrefixSearch(key: string): unknown[] } };
}

/**
 * kuromoji looks up dictionary words at each position of a sentence with the whole rest of the
 * sentence as the key, which its trie re-encodes to UTF-8 every time: quadratic in the line length.
 * Cutting the key to the longest possible word gives the same words in linear time.
 */
function boundTrieSearch(tokenizer: kuromoji.Tokenizer<kuromoji.IpadicFeatures>) {
  const trie = (tokenizer as unknown as KuromojiInternals).viterbi_builder.trie;
  const search = trie.commonPrefixSearch.bind(trie);
  trie.commonPrefixSearch = (key) => search(key.length > LONGEST_WORD ? key.slice(0, LONGEST_WORD) : key);
}

/** Loads IPADIC once (about a second); every later call is synchronous. */
export function loadJapaneseTokenizer(): Promise<JapaneseTokenizer> {
  return new Promise((resolve, reject) => {
    kuromoji.builder({ dicPath: dictionaryPath }).build((error, tokenizer) => {
      if (error) return reject(error);
      boundTrieSearch(tokenizer);
      resolve((text) => readInContext(readNumbers(fromKuromoji(tokenizer.tokenize(text)))));
    });
  });
}

const star = (value: string | undefined) => (value && value !== '*' ? value : '');

function fromKuromoji(raw: kuromoji.IpadicFeatures[]): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < raw.length; i++) {
    const merged = mergeAt(raw, i);
    if (merged) {
      tokens.push({ ...merged.token, index: tokens.length });
      i += merged.length - 1;
      continue;
    }
    const t = raw[i]!;
    const start = t.word_position - 1;
    const surface = t.surface_form;
    const reading = READING_OVERRIDES.get(surface) ?? (t.reading ? toHiragana(t.reading) : '');
    tokens.push({
      index: tokens.length,
      surface,
      norm: surface,
      start,
      end: start + surface.length,
      base: star(t.basic_form) || surface,
      pos: t.pos,
      detail: star(t.pos_detail_1),
      form: star(t.conjugated_form),
      reading,
    });
  }
  return tokens;
}

/** Words IPADIC splits wrongly (令和 → 令 + 和) become one noun with the right reading. */
function mergeAt(raw: kuromoji.IpadicFeatures[], i: number): { token: Omit<Token, 'index'>; length: number } | null {
  for (let length = 3; length >= 2; length--) {
    if (i + length > raw.length) continue;
    const parts = raw.slice(i, i + length);
    const surface = parts.map((p) => p.surface_form).join('');
    const reading = MERGED_READINGS.get(surface);
    if (!reading) continue;
    const start = parts[0]!.word_position - 1;
    return {
      length,
      token: { surface, norm: surface, start, end: start + surface.length, base: surface, pos: '名詞', detail: '固有名詞', form: '', reading },
    };
  }
  return null;
}
