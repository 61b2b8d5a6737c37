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
