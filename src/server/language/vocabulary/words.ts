import type { Language, VocabularyWord, WordType } from '../../../shared/language';
import { baseReading } from '../japanese/base-reading';
import { isAllKatakana } from '../japanese/kana';
import { wordKey } from '../word-key';
import type { Token } from '../token';

/** How a token counts in a level profile. */
export type WordClass = 'content' | 'function' | 'name' | 'number' | 'loanword' | 'none';

export interface ClassifiedWord {
  token: Token;
  type: WordType;
  class: WordClass;
}

function japaneseWord(token: Token): ClassifiedWord | null {
  const kind = japaneseKind(token);
  return kind && { token, type: kind[0], class: kind[1] };
}

/** A Japanese token's word type and class; null for particles, auxiliaries and punctuation. */
function japaneseKind(token: Token): [WordType, WordClass] | null {
  const { pos, detail, surface } = token;
  const word = (type: WordType, cls: WordClass): [WordType, WordClass] => [type, cls];
  if (pos === '助詞' || pos === '助動詞' || pos === '記号' || pos === 'フィラー' || pos === 'その他') return null;
  if (/^[\s\p{P}\p{S}]+$/u.test(surface)) return null;
  // Latin words inside Japanese text are foreign words: clickable, never graded.
  if (/^[\p{Script=Latin}0-9]+$/u.test(surface)) return word('other', /^[0-9]+$/.test(surface) ? 'number' : 'loanword');
  if (pos === '名詞') {
    if (detail === '数') return word('other', 'number');
    if (detail === '固有名詞') return word('proper-noun', 'name');
    if (detail === '代名詞') return word('pronoun', 'function');
    if (detail === '非自立' || detail === '接尾') return surface.length > 1 || /\p{Script=Han}/u.test(surface) ? word('noun', 'function') : null;
    if (detail === '形容動詞語幹') return word('adjective', 'content');
    if (isAllKatakana(surface)) return word('noun', 'loanword');
    return word('noun', 'content');
  }
  if (pos === '動詞') return detail === '非自立' || detail === '接尾' ? word('verb', 'function') : word('verb', 'content');
  if (pos === '形容詞') return word('adjective', detail === '自立' ? 'content' : 'function');
  if (pos === '副詞') return word('adverb', 'content');
  // 小さな and 大きな are words to learn; この and あの are grammar.
  if (pos === '連体詞') return word('determiner', /\p{Script=Han}/u.test(surface) ? 'content' : 'function');
  if (pos === '接頭詞') return null;
  return word('other', pos === '感動詞' ? 'function' : 'content');
}

const EN_TYPES: Record<string, [WordType, WordClass]> = {
  NOUN: ['noun', 'content'],
  VERB: ['verb', 'content'],
  ADJ: ['adjective', 'content'],
  ADV: ['adverb', 'content'],
  PROPN: ['proper-noun', 'name'],
  PRON: ['pronoun', 'function'],
  DET: ['determiner', 'function'],
  NUM: ['other', 'number'],
  INTJ: ['other', 'function'],
};

/** Words the tagger calls adverbs or nouns that work as grammar: question words, everything, someone. */
const EN_FUNCTION_WORDS = new Set([
  'when', 'where', 'how', 'why', 'whenever', 'wherever', 'whatever', 'whoever',
  'everything', 'everyone', 'everybody', 'something', 'someone', 'somebody', 'anything', 'anyone', 'anybody', 'nothing', 'nobody',
  'not', 'yes', 'no', 'ok', 'okay',
]);

function englishWord(token: Token): ClassifiedWord | null {
  if (EN_FUNCTION_WORDS.has(token.norm) || /^(here|there|where|what|who|how|that|it)'s$/.test(token.norm)) return { token, type: 'other', class: 'function' };
  const known = EN_TYPES[token.pos];
  if (!known || !/\p{L}/u.test(token.surface)) return known && token.pos === 'NUM' ? { token, type: 'other', class: 'number' } : null;
  return { token, type: known[0], class: known[1] };
}

/** The clickable words of a text: particles, auxiliaries and punctuation are not words here. */
export function classifyWords(tokens: Token[], language: Language): ClassifiedWord[] {
  const classify = language === 'ja' ? japaneseWord : englishWord;
  return tokens.flatMap((token) => classify(token) ?? []);
}

export function toVocabularyWord(word: ClassifiedWord, level: VocabularyWord['level'], language: Language): VocabularyWord {
  const { token } = word;
  return {
    key: wordKey(language, token.base, language === 'ja' ? baseReading(token.surface, token.reading, token.base) : ''),
    surface: token.surface,
    reading: token.reading,
    base_form: token.base,
    word_type: word.type,
    start: token.start,
    end: token.end,
    level,
    ...(token.guessed ? { reading_guessed: true as const } : {}),
  };
}
