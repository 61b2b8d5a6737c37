import type { EntryDictionary, Ipadic } from './ipadic';
import { toHiragana } from './kana';

/** One word of the best path, with UTF-16 offsets into the text. */
export interface Morpheme {
  surface: string;
  start: number;
  entry: DictionaryEntry;
}

/** The IPADIC features of a dictionary or unknown-word entry, parsed once per entry; '' for '*'. */
export interface DictionaryEntry {
  pos: string;
  detail: string;
  form: string;
  base: string;
  /** Hiragana reading; empty for unknown words. */
  reading: string;
}

/** IPADIC's longest entry has 26 characters (measured over its whole word list). */
const LONGEST_WORD = 48;
const NO_PATH = Number.MAX_SAFE_INTEGER;

/**
 * A Viterbi tokenizer over kuromoji's IPADIC data that finds the same best path as kuromoji's own
 * `tokenize` (the tests compare them), in linear time and with few allocations. kuromoji re-encodes
 * the rest of the sentence to UTF-8 at every position and builds an object per lattice node; here
 * the double-array trie is walked straight from the text, nodes live in typed arrays, and each
 * entry's features are parsed once.
 */
export function createLatticeTokenizer(ipadic: Ipadic) {
  const { known, unknown, charClass: classOf, costs: costMatrix, costWidth, base, check } = ipadic;
  const knownView = known.entries;
  const { offsets: knownOffsets, ids: knownIds } = known.targets;
  const unknownView = unknown.entries;
  const classes = ipadic.classes.map((c, id) => ({ ...c, ids: targetsOf(unknown, id) }));
  const surrogateClass = classOf[0xd800]!;

  const knownEntries = new Map<number, DictionaryEntry>();
  const unknownEntries = new Map<number, DictionaryEntry>();
  function entryOf(id: number, isKnown: boolean): DictionaryEntry {
    const cache = isKnown ? knownEntries : unknownEntries;
    let entry = cache.get(id);
    if (!entry) {
      const f = (isKnown ? known : unknown).features(id).split(',');
      const star = (i: number) => (f[i] && f[i] !== '*' ? f[i] : '');
      entry = { pos: f[1] ?? '', detail: star(2), form: star(6), base: star(7), reading: isKnown ? toHiragana(star(8)) : '' };
      cache.set(id, entry);
    }
    return entry;
  }

  // The lattice of one sentence, reused from call to call.
  let capacity = 0;
  let nodeStart = new Int32Array(0);
  let nodeEnd = new Int32Array(0);
  let nodeRight = new Int32Array(0);
  let nodeId = new Int32Array(0);
  let nodeKnown = new Uint8Array(0);
  let nodeTotal = new Float64Array(0);
  let nodePrev = new Int32Array(0);
  let count = 0;
  /** Node indices ending at each position, as linked lists (head per position, next per node). */
  let endHead = new Int32Array(0);
  let endNext = new Int32Array(0);
  let endTail = new Int32Array(0);

  function reserve(nodes: number, positions: number) {
    if (nodes > capacity) {
      capacity = Math.max(nodes, capacity * 2, 256);
      nodeStart = new Int32Array(capacity);
      nodeEnd = new Int32Array(capacity);
      nodeRight = new Int32Array(capacity);
      nodeId = new Int32Array(capacity);
      nodeKnown = new Uint8Array(capacity);
      nodeTotal = new Float64Array(capacity);
      nodePrev = new Int32Array(capacity);
      endNext = new Int32Array(capacity);
    }
    if (positions + 1 > endHead.length) {
      endHead = new Int32Array(Math.max(positions + 1, endHead.length * 2));
      endTail = new Int32Array(endHead.length);
    }
  }

  /** Adds a node and links it to its cheapest predecessor (the first one on ties, as kuromoji). */
  function addNode(view: DataView, id: number, isKnown: boolean, start: number, end: number) {
    if (count === capacity) grow();
    const left = view.getInt16(id, true);
    const cost = view.getInt16(id + 4, true);
    let best = NO_PATH;
    let bestPrev = -1;
    for (let p = endHead[start]!; p !== -1; p = endNext[p]!) {
      const total = nodeTotal[p]! + costMatrix[nodeRight[p]! * costWidth + left]! + cost;
      if (total < best) {
        best = total;
        bestPrev = p;
      }
    }
    const n = count++;
    nodeStart[n] = start;
    nodeEnd[n] = end;
    nodeRight[n] = view.getInt16(id + 2, true);
    nodeId[n] = id;
    nodeKnown[n] = isKnown ? 1 : 0;
    nodeTotal[n] = bestPrev === -1 ? NO_PATH : best;
    nodePrev[n] = bestPrev;
    endNext[n] = -1;
    if (endHead[end] === -1) endHead[end] = n;
    else endNext[endTail[end]!] = n;
    endTail[end] = n;
  }

  function grow() {
    const keep = { nodeStart, nodeEnd, nodeRight, nodeId, nodeKnown, nodeTotal, nodePrev, endNext };
    capacity = 0;
    reserve(keep.nodeStart.length * 2, 0);
    nodeStart.set(keep.nodeStart);
    nodeEnd.set(keep.nodeEnd);
    nodeRight.set(keep.nodeRight);
    nodeId.set(keep.nodeId);
    nodeKnown.set(keep.nodeKnown);
    nodeTotal.set(keep.nodeTotal);
    nodePrev.set(keep.nodePrev);
    endNext.set(keep.endNext);
  }

  /** Walks the trie one UTF-8 byte at a time; -1 when the path leaves the trie. */
  function step(parent: number, byte: number): number {
    const child = base[parent]! + byte;
    return check[child] === parent ? child : -1;
  }
  function stepChar(parent: number, code: number): number {
    if (code < 0x80) return step(parent, code);
    if (code < 0x800) {
      const p = step(parent, 0xc0 | (code >> 6));
      return p === -1 ? -1 : step(p, 0x80 | (code & 0x3f));
    }
    let p = step(parent, 0xe0 | (code >> 12));
    if (p !== -1) p = step(p, 0x80 | ((code >> 6) & 0x3f));
    return p === -1 ? -1 : step(p, 0x80 | (code & 0x3f));
  }

  const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
  const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

  /** Tokenizes text[from, to), one sentence, appending the best path to `out`. */
  function sentence(text: string, from: number, to: number, out: Morpheme[]) {
    const length = to - from;
    reserve(length * 4 + 16, length);
    count = 0;
    endHead.fill(-1, 0, length + 1);
    // BOS: a node ending at 0 with right id 0 and no cost.
    nodeTotal[0] = 0;
    nodeRight[0] = 0;
    nodePrev[0] = -1;
    endNext[0] = -1;
    endHead[0] = endTail[0] = 0;
    count = 1;

    for (let pos = 0; pos < length; pos++) {
      const head = text.charCodeAt(from + pos);
      if (isLow(head) && pos > 0 && isHigh(text.charCodeAt(from + pos - 1))) continue; // inside a pair
      if (endHead[pos] === -1) continue; // unreachable: kuromoji leaves such nodes without a path too

      let matched = false;
      let node = 0;
      const limit = Math.min(length, pos + LONGEST_WORD);
      for (let i = pos; i < limit && node !== -1; i++) {
        node = stepChar(node, text.charCodeAt(from + i));
        if (node === -1) break;
        const leaf = step(node, 0);
        if (leaf === -1) continue;
        matched = true;
        const key = -base[leaf]! - 1;
        const last = knownOffsets[key + 1] ?? 0;
        for (let k = knownOffsets[key] ?? 0; k < last; k++) addNode(knownView, knownIds[k]!, true, pos, i + 1);
      }

      const pair = isHigh(head) && pos + 1 < length && isLow(text.charCodeAt(from + pos + 1));
      const headClass = pair ? surrogateClass : classOf[head]!;
      const character = classes[headClass]!;
      if (matched && !character.invoke) continue;
      let end = pos + (pair ? 2 : 1);
      if (character.group) {
        while (end < length) {
          const code = text.charCodeAt(from + end);
          const nextPair = isHigh(code) && end + 1 < length && isLow(text.charCodeAt(from + end + 1));
          if ((nextPair ? surrogateClass : classOf[code]) !== headClass) break;
          end += nextPair ? 2 : 1;
        }
      }
      for (const id of character.ids) addNode(unknownView, id, false, pos, end);
    }

    // EOS: the cheapest node ending at the end of the sentence, joined to right id 0.
    let best = NO_PATH;
    let last = -1;
    for (let p = endHead[length]!; p !== -1; p = endNext[p]!) {
      if (nodeTotal[p] === NO_PATH) continue;
      const total = nodeTotal[p]! + costMatrix[nodeRight[p]! * costWidth]!;
      if (total < best) {
        best = total;
        last = p;
      }
    }
    const first = out.length;
    for (let n = last; n > 0; n = nodePrev[n]!) {
      const start = nodeStart[n]!;
      out.push({ surface: text.slice(from + start, from + nodeEnd[n]!), start: from + start, entry: entryOf(nodeId[n]!, nodeKnown[n] === 1) });
    }
    reverseFrom(out, first);
  }

  /** Splits after each 、 and 。 like kuromoji, whose costs treat each piece as a sentence. */
  return function tokenize(text: string): Morpheme[] {
    const out: Morpheme[] = [];
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 0x3001 || code === 0x3002) {
        sentence(text, from, i + 1, out);
        from = i + 1;
      }
    }
    if (from < text.length) sentence(text, from, text.length, out);
    return out;
  };
}

function targetsOf({ targets: { offsets, ids } }: EntryDictionary, key: number): number[] {
  return Array.from(ids.subarray(offsets[key] ?? 0, offsets[key + 1] ?? 0));
}

function reverseFrom<T>(list: T[], from: number) {
  for (let a = from, b = list.length - 1; a < b; a++, b--) [list[a], list[b]] = [list[b]!, list[a]!];
}
