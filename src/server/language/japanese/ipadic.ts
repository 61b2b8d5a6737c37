import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * kuromoji's build of IPADIC, read straight from its files. kuromoji itself keeps every file at its
 * padded size (unk.dat is 10 MB around 400 bytes of data) and its lookup tables as objects of arrays;
 * here each file is trimmed to the bytes a read can reach and the tables are typed arrays.
 */
export interface Ipadic {
  known: EntryDictionary;
  unknown: EntryDictionary;
  /** The char.def class of every UTF-16 code unit, as kuromoji's `lookup` answers for it. */
  charClass: Uint8Array;
  classes: readonly CharacterClass[];
  /** The cost of joining a word with right id r to a word with left id l is at r * costWidth + l. */
  costs: Int16Array;
  costWidth: number;
  /** The double-array trie of known surfaces, over their UTF-8 bytes, 0 ending a word. */
  base: Int32Array;
  check: Int32Array;
}

export interface EntryDictionary {
  /** Left id, right id and cost (int16) at `id`, `id + 2` and `id + 4`, where an id is a byte offset. */
  entries: DataView;
  /** Entry ids per key: a trie leaf for known words, a character class for unknown ones. */
  targets: TargetMap;
  /** IPADIC's line for the entry: surface, pos, three details, form type, form, base, reading, pronunciation. */
  features(id: number): string;
}

/** The ids of key k are ids[offsets[k]] up to ids[offsets[k + 1]]. */
export interface TargetMap {
  offsets: Uint32Array;
  ids: Int32Array;
}

export interface CharacterClass {
  name: string;
  /** Unknown words start here even where a known word does. */
  invoke: boolean;
  /** A run of characters of this class makes one unknown word. */
  group: boolean;
}

const ENTRY_SIZE = 10; // left, right, cost (int16 each) and the feature offset (int32)

// kuromoji decodes with a UTF-8 decoder of its own; on IPADIC's lines, all valid UTF-8, the standard
// one gives the same strings (compared entry by entry), and ignoreBOM keeps a leading U+FEFF as it does.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export const ipadicDirectory = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');

/** Files are read one at a time, so that only one padded file is alive at once. */
export function loadIpadic(directory = ipadicDirectory): Ipadic {
  const read = (name: string) => {
    const gzip = readFileSync(path.join(directory, `${name}.dat.gz`));
    // Inflating into one buffer of the size the gzip trailer gives (plus a byte, so that zlib does not
    // take the full buffer for a sign of more output) spares a heap of 16 kB chunks and their concatenation.
    return gunzipSync(gzip, { chunkSize: gzip.readUInt32LE(gzip.length - 4) + 1 });
  };
  const classes = readClasses(read('unk_invoke'));
  const cc = read('cc');
  const costs = new Int16Array(copy(cc, cc.length)); // the matrix's two dimensions, then the matrix
  const check = read('check');
  // Unused cells hold negative checks, which no parent matches, so past the last used cell every
  // walk fails just as it does past the end of the array.
  let cells = check.length / 4;
  while (cells > 0 && check.readInt32LE((cells - 1) * 4) < 0) cells--;
  return {
    known: readEntryDictionary(read, 'tid'),
    unknown: readEntryDictionary(read, 'unk'),
    charClass: readCharClass(read('unk_char'), classes),
    classes,
    costs: costs.subarray(2),
    costWidth: costs[1]!,
    base: new Int32Array(copy(read('base'), cells * 4)),
    check: new Int32Array(copy(check, cells * 4)),
  };
}

function readEntryDictionary(read: (name: string) => Buffer, name: string): EntryDictionary {
  const targets = readTargetMap(read(`${name}_map`));
  // Entries are reached only through the target map, so the bytes after the last one it names are never read.
  const lastEntry = targets.ids.reduce((last, id) => Math.max(last, id), 0);
  const entries = new DataView(copy(read(name), lastEntry + ENTRY_SIZE));
  // Likewise no feature line is read past the terminating zero of the one that starts last.
  let lastLine = 0;
  for (const id of targets.ids) lastLine = Math.max(lastLine, entries.getInt32(id + 6, true));
  const lines = read(`${name}_pos`);
  const linesEnd = lines.indexOf(0, lastLine);
  const featureBytes = new Uint8Array(copy(lines, linesEnd === -1 ? lines.length : linesEnd + 1));
  return {
    entries,
    targets,
    features(id) {
      const start = entries.getInt32(id + 6, true);
      const end = featureBytes.indexOf(0, start);
      return utf8.decode(featureBytes.subarray(start, end === -1 ? featureBytes.length : end));
    },
  };
}

/** Records of (key, count, count ids); kuromoji reads them to the end of the file, where the padding adds nothing. */
function readTargetMap(data: Buffer): TargetMap {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const end = dataEnd(data);
  function forEachRecord(visit: (key: number, size: number, at: number) => void) {
    for (let at = 4; at < end; ) {
      const size = view.getInt32(at + 4, true);
      visit(view.getInt32(at, true), size, at + 8);
      at += 8 + 4 * size;
    }
  }
  let maxKey = -1;
  let total = 0;
  forEachRecord((key, size) => {
    maxKey = Math.max(maxKey, key);
    total += size;
  });
  const offsets = new Uint32Array(maxKey + 2);
  forEachRecord((key, size) => (offsets[key + 1]! += size));
  for (let k = 1; k < offsets.length; k++) offsets[k]! += offsets[k - 1]!;
  const ids = new Int32Array(total);
  const next = offsets.slice(0, -1);
  forEachRecord((key, size, at) => {
    for (let i = 0; i < size; i++) ids[next[key]!++] = view.getInt32(at + 4 * i, true);
  });
  return { offsets, ids };
}

/** Records of invoke and group flags (a byte each), a max length (int32) and a zero-terminated name. */
function readClasses(data: Buffer): CharacterClass[] {
  const classes: CharacterClass[] = [];
  const end = dataEnd(data);
  for (let at = 0; at < end; ) {
    const nameEnd = data.indexOf(0, at + 6);
    classes.push({ name: utf8.decode(data.subarray(at + 6, nameEnd)), invoke: data[at] === 1, group: data[at + 1] === 1 });
    at = nameEnd + 1;
  }
  return classes;
}

function readCharClass(data: Buffer, classes: CharacterClass[]): Uint8Array {
  const charClass = new Uint8Array(copy(data, data.length));
  const defaultClass = classes.findIndex((c) => c.name === 'DEFAULT');
  if (defaultClass === -1) throw new Error('IPADIC has no DEFAULT character class');
  // kuromoji puts any high surrogate in DEFAULT, taking it for the start of a pair (which char.def
  // cannot describe), whatever the file says for the code unit itself.
  charClass.fill(defaultClass, 0xd800, 0xdc00);
  return charClass;
}

/** The length of the data before the zero padding kuromoji's builder leaves at the end of a file. */
function dataEnd(data: Uint8Array): number {
  let end = data.length;
  while (end > 0 && data[end - 1] === 0) end--;
  return end;
}

/** The first `length` bytes in a buffer of their own, so that the padded original can be collected. */
function copy(data: Buffer, length: number): ArrayBuffer {
  return new Uint8Array(data.subarray(0, length)).buffer;
}
