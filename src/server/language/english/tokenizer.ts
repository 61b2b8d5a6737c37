import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Token } from '../token';

export type EnglishTokenizer = (text: string) => Token[];

export function createEnglishTokenizer(): EnglishTokenizer {
  const nlp = winkNLP(model, ['pos', 'sbd', 'negation']);
  const its = nlp.its;
  return (text) => {
    const doc = nlp.readDoc(text);
    const values = doc.tokens().out(its.value) as string[];
    const lemmas = doc.tokens().out(its.lemma as never) as string[];
    const tags = doc.tokens().out(its.pos) as string[];
    const tokens: Token[] = [];
    let cursor = 0;
    values.forEach((value, i) => {
      // wink keeps the characters of each token, so a forward search finds its exact offset.
      const start = text.indexOf(value, cursor);
      if (start < 0) return;
      cursor = start + value.length;
      // wink takes a word before a sentence's full stop for an abbreviation ("Come in." → "in."): the word
      // and the stop are two tokens, unless it really is one (Mr., No. 5).
      if (/^[a-z]+\.$/i.test(value) && !ABBREVIATIONS.has(value.toLowerCase()) && !/^\s*\d/.test(text.slice(cursor))) {
        const word = value.slice(0, -1);
        const norm = word.toLowerCase();
        tokens.push({ index: tokens.length, surface: word, norm, start, end: cursor - 1, base: norm, pos: tags[i] === 'PROPN' ? 'PROPN' : 'ADV', detail: '', form: '', reading: '' });
        tokens.push({ index: tokens.length, surface: '.', norm: '.', start: cursor - 1, end: cursor, base: '.', pos: 'PUNCT', detail: '', form: '', reading: '' });
        return;
      }
      const norm = value.toLowerCase();
      tokens.push({
        index: tokens.length,
        surface: value,
        norm,
        start,
        end: cursor,
        base: lemmaOf(norm, lemmas[i], tags[i] ?? 'X'),
        pos: tags[i] ?? 'X',
        detail: '',
        form: '',
        reading: '',
      });
    });
    return tokens;
  };
}

const ABBREVIATIONS = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'st.', 'jr.', 'sr.', 'vs.', 'etc.', 'prof.', 'mt.', 'inc.', 'ltd.', 'co.']);

const CONTRACTIONS = new Map([
  ["n't", 'not'],
  ["'ll", 'will'],
  ["'ve", 'have'],
  ["'re", 'be'],
  ["'m", 'be'],
  ["'d", 'would'],
  ['ca', 'can'],
  ['wo', 'will'],
  ['sha', 'shall'],
]);

function lemmaOf(norm: string, lemma: string | undefined, pos: string): string {
  if (pos === 'PART' || pos === 'AUX') return CONTRACTIONS.get(norm) ?? lemma ?? norm;
  return (lemma ?? norm).toLowerCase();
}
