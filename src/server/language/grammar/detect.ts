import type { DetectedGrammarPattern, Language } from '../../../shared/language';
import type { Token } from '../token';
import type { GrammarPattern } from './catalogue';
import { matchSequence, wordsOf, type RuleMatch } from './rule';

export type GrammarDetector = (tokens: Token[], text: string, language: Language) => DetectedGrammarPattern[];

interface Entry {
  pattern: GrammarPattern;
  sequence: number;
}

/**
 * Finds every pattern of the catalogue in analysed tokens. Each rule sequence is filed under the
 * words of its most selective literal step (a word rather than a part of speech), so a line only
 * tries the sequences whose word it contains. `tokenize` serves to measure how common each word is,
 * over the catalogue's own example and near-miss sentences.
 */
export function createGrammarDetector(
  catalogue: GrammarPattern[],
  tokenize: (text: string, language: Language) => Token[],
): GrammarDetector {
  const build = (language: Language) => {
    const patterns = catalogue.filter((p) => p.language === language);
    const frequency = new Map<string, number>();
    for (const pattern of patterns) {
      const sentences = [...pattern.examples.map((e) => (language === 'ja' ? e.japanese : e.english) ?? ''), ...pattern.negatives];
      for (const sentence of sentences) {
        for (const word of wordsOf(tokenize(sentence, language)).keys()) frequency.set(word, (frequency.get(word) ?? 0) + 1);
      }
    }
    // A step is as selective as the chance that any of its words occurs; parts of speech come last.
    const commonness = (words: string[]) =>
      words.some((w) => w.startsWith('#')) ? Infinity : words.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0);

    // Entries are numbered pattern by pattern, sequence by sequence: sorting numbers restores that order.
    const entries: Entry[] = [];
    const byWord = new Map<string, number[]>();
    const always: number[] = [];
    for (const pattern of patterns) {
      pattern.rule.requirements.forEach((groups, sequence) => {
        const id = entries.push({ pattern, sequence }) - 1;
        let key: string[] | undefined;
        let keyScore = Infinity;
        for (const words of groups) {
          const score = commonness(words);
          if (!key || score < keyScore) [key, keyScore] = [words, score];
        }
        if (!key) return always.push(id);
        for (const word of key) {
          const list = byWord.get(word);
          if (list) list.push(id);
          else byWord.set(word, [id]);
        }
      });
    }
    return { entries, byWord, always };
  };
  const tables = { ja: build('ja'), en: build('en') };

  // The sequences a line may contain, found without a Set or a comparator sort per line: each entry is
  // stamped with the call that chose it, and the chosen ids are sorted as numbers in a reused typed array.
  const marks = { ja: new Uint32Array(tables.ja.entries.length), en: new Uint32Array(tables.en.entries.length) };
  const buffers = { ja: new Int32Array(tables.ja.entries.length), en: new Int32Array(tables.en.entries.length) };
  let call = 0;

  return (tokens, text, language) => {
    const { entries, byWord, always } = tables[language];
    const mark = marks[language];
    const buffer = buffers[language];
    const stamp = ++call;
    const index = wordsOf(tokens);
    let count = 0;
    for (const id of always) {
      mark[id] = stamp;
      buffer[count++] = id;
    }
    for (const word of index.keys()) {
      const list = byWord.get(word);
      if (!list) continue;
      for (const id of list) {
        if (mark[id] === stamp) continue;
        mark[id] = stamp;
        buffer[count++] = id;
      }
    }
    const ids = buffer.subarray(0, count).sort();

    const found: DetectedGrammarPattern[] = [];
    let k = 0;
    while (k < ids.length) {
      const pattern = entries[ids[k]!]!.pattern;
      const matches: RuleMatch[] = [];
      // A pattern's sequences are alternatives, tried in their written order.
      for (; k < ids.length && entries[ids[k]!]!.pattern === pattern; k++) {
        matchSequence(pattern.rule, entries[ids[k]!]!.sequence, tokens, index, matches);
      }
      for (const match of matches) {
        const start = tokens[match.first]!.start;
        const end = tokens[match.last]!.end;
        found.push({
          id: pattern.id,
          pattern: pattern.pattern,
          type: pattern.type,
          level: pattern.level,
          meaning: pattern.meaning,
          start,
          end,
          matched_text: text.slice(start, end),
        });
      }
    }
    return mostSpecific(found.sort((a, b) => a.start - b.start || b.end - a.end || a.id.localeCompare(b.id)));
  };
}

const LEVEL_ORDER = ['N5', 'N4', 'N3', 'N2', 'N1', 'A1', 'A2', 'B1', 'B2', 'C1', 'C2'];

/**
 * One explanation per stretch of text: where two patterns start at the same word, the longer one is the
 * more specific (〜てもいい over 〜ても, 〜なければならない over 〜ば) and the shorter is dropped; two
 * patterns on exactly the same words teach the same grammar at two levels, and the easier one stays, since
 * that is where the learner meets it. Patterns nested inside a longer one from another start both stay.
 * `found` is sorted by start, longest first.
 */
function mostSpecific(found: DetectedGrammarPattern[]): DetectedGrammarPattern[] {
  const kept: DetectedGrammarPattern[] = [];
  for (let i = 0; i < found.length; ) {
    let j = i;
    while (j < found.length && found[j]!.start === found[i]!.start) j++;
    const longest = found[i]!.end;
    const candidates = found.slice(i, j).filter((p) => p.end === longest);
    candidates.sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
    kept.push(candidates[0]!);
    i = j;
  }
  return kept;
}
