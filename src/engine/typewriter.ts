/**
 * The typewriter's clock: how much of a line is revealed after a given time. It is fed elapsed time from
 * the frame loop rather than run on its own timer, so a slow frame reveals several graphemes at once and
 * the pace never drifts behind the setting. Pure: no Pixi, no DOM, unit-tested.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** UTF-16 end offset of every grapheme of `text` (a reveal never splits a surrogate pair or a combining mark). */
export function graphemeEnds(text: string): number[] {
  const ends: number[] = [];
  for (const { segment, index } of segmenter.segment(text)) ends.push(index + segment.length);
  return ends;
}

/** The graphemes of `text`, in order. */
export function graphemesOf(text: string): string[] {
  return Array.from(segmenter.segment(text), (s) => s.segment);
}

/** The interval between graphemes for a speed in characters per second (SPEC §4: 1000 / cps). */
export function revealInterval(cps: number): number {
  return 1000 / Math.max(0.001, cps);
}

export class Typewriter {
  private readonly ends: number[];
  private shown = 0;
  /** Time already waited towards the next grapheme. */
  private carry = 0;
  private interval: number;
  /** Graphemes it may reveal: the end of the page on screen (the whole line when it fits). */
  private limit: number;

  /**
   * The first grapheme shows at once (a click should always answer visibly); each further one follows
   * after one interval.
   */
  constructor(text: string, cps: number, instant = false) {
    this.ends = graphemeEnds(text);
    this.interval = revealInterval(cps);
    this.limit = this.ends.length;
    this.shown = instant ? this.ends.length : Math.min(1, this.ends.length);
  }

  /**
   * Holds the reveal at UTF-16 offset `end` (a page's end) until the limit moves on; the first grapheme after
   * a new limit shows at once, as at the start of a line. An instant line is already all shown.
   */
  holdAt(end: number): void {
    const before = this.limit;
    this.limit = this.ends.filter((e) => e <= end).length;
    if (this.limit > before && this.shown === before && this.shown < this.limit) this.shown++;
    this.carry = 0;
  }

  /** Whether everything up to the limit is shown (the page, or the whole line). */
  get held(): boolean {
    return this.shown >= this.limit;
  }

  /** Graphemes revealed so far. */
  get graphemes(): number {
    return this.shown;
  }

  get total(): number {
    return this.ends.length;
  }

  /** UTF-16 length revealed so far. */
  get revealed(): number {
    return this.shown === 0 ? 0 : this.ends[this.shown - 1]!;
  }

  get complete(): boolean {
    return this.shown >= this.ends.length;
  }

  /** Moves the clock on by `elapsedMs`; returns whether more text is now revealed. */
  advance(elapsedMs: number): boolean {
    if (this.held || !(elapsedMs > 0)) return false;
    this.carry += elapsedMs;
    const steps = Math.floor(this.carry / this.interval);
    if (steps === 0) return false;
    const before = this.shown;
    this.shown = Math.min(this.limit, this.shown + steps);
    this.carry = this.held ? 0 : this.carry - steps * this.interval;
    return this.shown !== before;
  }

  /** Changes the pace mid-line; what is shown stays, and the wait already spent counts towards the next grapheme. */
  setSpeed(cps: number): void {
    this.interval = revealInterval(cps);
    this.carry = Math.min(this.carry, this.interval);
  }

  /** Shows everything up to the limit now (the page, or the whole line); returns whether anything changed. */
  revealAll(): boolean {
    if (this.held) return false;
    this.shown = this.limit;
    this.carry = 0;
    return true;
  }
}
