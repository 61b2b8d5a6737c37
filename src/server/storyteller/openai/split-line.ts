/**
 * A model sometimes writes a whole paragraph as one line. The reader sees one line at a time in a
 * text box, so a long line is shown as several shorter ones (same speaker, same emotion) instead of
 * being dropped or overflowing the box.
 */

/** The longest line shown as one, in characters (code points). */
export const MAX_LINE_CHARS = 150;

// Japanese sentence ends need no space after them; English ones do, or "3.5" and "e.g." would cut.
const CJK_ENDS = new Set(['。', '！', '？']);
const LATIN_ENDS = new Set(['!', '?', '.']);
// A quote or bracket closed right after a sentence end belongs to that sentence: 「はい。」 / "Yes."
const CLOSERS = new Set(['」', '』', '）', ')', '"', '”', '’', "'", '】', '》', '〉', ']']);
const CLAUSE_BREAKS = new Set(['、', '，', ',', ';', '；']);
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';
// Furigana markup ({漢字|かんじ}, <ruby>…</ruby>) is read as a unit later, so no cut falls inside it.
const MARKUP = /\{[^{}\n]*\|[^{}\n]*\}|<ruby>[\s\S]*?<\/ruby>/gu;

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/u.test(ch);

/**
 * The text as parts of at most `max` characters: whole sentences packed greedily; a sentence too long
 * alone is cut at its last clause break or space within the limit, and hard at the limit only when it
 * has none. Parts are trimmed and never empty; joined again they give the text back, up to whitespace
 * at the cuts.
 */
export function splitLongLine(text: string, max = MAX_LINE_CHARS): string[] {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  // Code points, so an emoji's surrogate pair is never cut in half.
  const chars = [...text];
  const line = new Line(chars);
  if (line.length(0, chars.length) === 0) return [];
  if (line.length(0, chars.length) <= max) return [text.trim()];

  const parts: [number, number][] = [];
  let part: [number, number] | undefined;
  for (const [from, to] of line.sentences().flatMap(([from, to]) => line.clauses(from, to, max))) {
    if (part && line.length(part[0], to) <= max) part[1] = to;
    else {
      if (part) parts.push(part);
      part = [from, to];
    }
  }
  if (part) parts.push(part);
  return parts.map(([from, to]) => chars.slice(from, to).join('').trim()).filter((p) => p.length > 0);
}

/** Cut positions are indices between code points: position i falls before chars[i]. */
class Line {
  private readonly insideMarkup: boolean[];

  constructor(private readonly chars: string[]) {
    this.insideMarkup = new Array<boolean>(chars.length + 1).fill(false);
    const text = chars.join('');
    for (const match of text.matchAll(MARKUP)) {
      const start = [...text.slice(0, match.index)].length;
      const end = start + [...match[0]].length;
      for (let i = start + 1; i < end; i++) this.insideMarkup[i] = true;
    }
  }

  /** The length of chars[from, to) without the whitespace at either end. */
  length(from: number, to: number): number {
    while (from < to && isSpace(this.chars[from])) from++;
    while (to > from && isSpace(this.chars[to - 1])) to--;
    return to - from;
  }

  /** Ranges covering the whole line, each ending after a sentence end (and its closing quotes). */
  sentences(): [number, number][] {
    const { chars } = this;
    const out: [number, number][] = [];
    let start = 0;
    for (let i = 0; i < chars.length; i++) {
      if (!CJK_ENDS.has(chars[i]!) && !LATIN_ENDS.has(chars[i]!)) continue;
      let end = i;
      let cjk = false;
      // A run such as "?!", "……。" or "！？" ends one sentence, not several.
      for (; end < chars.length && (CJK_ENDS.has(chars[end]!) || LATIN_ENDS.has(chars[end]!)); end++) {
        if (CJK_ENDS.has(chars[end]!)) cjk = true;
      }
      while (end < chars.length && CLOSERS.has(chars[end]!)) end++;
      i = end - 1;
      const atEnd = end === chars.length || isSpace(chars[end]);
      if ((cjk || atEnd) && !this.insideMarkup[end] && end < chars.length) {
        out.push([start, end]);
        start = end;
      }
    }
    out.push([start, chars.length]);
    return out;
  }

  /** The sentence chars[from, to) as ranges of at most `max` characters, cut at clause breaks where it can. */
  clauses(from: number, to: number, max: number): [number, number][] {
    const out: [number, number][] = [];
    while (this.length(from, to) > max) {
      let start = from;
      while (isSpace(this.chars[start])) start++;
      const cut = this.lastBreak(start, Math.min(start + max, to)) ?? this.hardCut(start, max);
      out.push([from, cut]);
      from = cut;
    }
    out.push([from, to]);
    return out;
  }

  /** The last cut in (start, limit] after a clause break or before a space, so the part before it fits. */
  private lastBreak(start: number, limit: number): number | undefined {
    for (let cut = limit; cut > start; cut--) {
      if (this.insideMarkup[cut]) continue;
      const afterBreak = CLAUSE_BREAKS.has(this.chars[cut - 1]!) && !isDigit(this.chars[cut]); // not inside "1,000"
      if (afterBreak || (isSpace(this.chars[cut]) && !isSpace(this.chars[cut - 1]))) return cut;
    }
    return undefined;
  }

  /** `max` characters on, or before the markup that position would cut through (unless that markup alone is too long). */
  private hardCut(start: number, max: number): number {
    for (let cut = start + max; cut > start; cut--) if (!this.insideMarkup[cut]) return cut;
    return start + max;
  }
}
