/**
 * Measures graphemes with a 2D canvas context set to exactly the font the dialogue is drawn with (the glyph
 * canvas draws through the same API), so the layout's widths and the drawn glyphs agree to the sub-pixel.
 * Widths are remembered per font between lines (a new line mostly reuses the last one's characters) until
 * `forgetMeasurements`, which the stage calls whenever a font face arrives and may change them.
 */

let sharedContext: CanvasRenderingContext2D | null | undefined;

const widthsByFont = new Map<string, Map<string, number>>();
const pairsByFont = new Map<string, Map<string, number>>();

/** Drops every remembered width: a font face just finished loading. */
export function forgetMeasurements(): void {
  widthsByFont.clear();
  pairsByFont.clear();
}

function cacheFor(caches: Map<string, Map<string, number>>, font: string): Map<string, number> {
  let cache = caches.get(font);
  if (!cache) {
    // A handful of sizes at most (one per stage size seen); keep it that way.
    if (caches.size > 8) caches.clear();
    cache = new Map();
    caches.set(font, cache);
  }
  return cache;
}

function context(): CanvasRenderingContext2D | null {
  if (sharedContext === undefined) sharedContext = document.createElement('canvas').getContext('2d');
  return sharedContext;
}

/** Vertical metrics of a font, in CSS px. */
export interface FontMetrics {
  /** The font's ascent and descent (its line box, as CSS uses it), not the ink of particular glyphs. */
  ascent: number;
  descent: number;
}

const LATIN = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{N}'’".,!?;:)-]+$/u;

export class GlyphMetrics {
  private readonly widths: Map<string, number>;
  private readonly pairs: Map<string, number>;
  readonly metrics: FontMetrics;

  constructor(
    readonly font: string,
    readonly fontSize: number,
  ) {
    this.widths = cacheFor(widthsByFont, font);
    this.pairs = cacheFor(pairsByFont, font);
    const ctx = this.prepare();
    const sample = ctx?.measureText('漢Hg');
    this.metrics = {
      ascent: sample?.fontBoundingBoxAscent ?? fontSize * 0.88,
      descent: sample?.fontBoundingBoxDescent ?? fontSize * 0.12,
    };
  }

  private prepare(): CanvasRenderingContext2D | null {
    const ctx = context();
    if (!ctx) return null;
    if (ctx.font !== this.font) ctx.font = this.font;
    ctx.fontKerning = 'normal';
    return ctx;
  }

  private raw(text: string): number {
    const ctx = this.prepare();
    // Without a canvas (tests in a DOM without one) fall back to a plausible monospace guess.
    if (!ctx) return [...text].reduce((sum, c) => sum + (c.codePointAt(0)! >= 0x2e80 ? 1 : 0.55) * this.fontSize, 0);
    return ctx.measureText(text).width;
  }

  /** Advance width of one grapheme. */
  measure = (grapheme: string): number => {
    let width = this.widths.get(grapheme);
    if (width === undefined) {
      width = this.raw(grapheme);
      this.widths.set(grapheme, width);
    }
    return width;
  };

  /**
   * The font's kerning between two Latin graphemes (negative pulls them together), found as the difference
   * between the pair's width and its parts'. Japanese is set solid, so CJK pairs are never kerned.
   */
  kerning = (previous: string, next: string): number => {
    if (!LATIN.test(previous) || !LATIN.test(next)) return 0;
    const key = `${previous}\u0000${next}`;
    let kern = this.pairs.get(key);
    if (kern === undefined) {
      kern = this.raw(previous + next) - this.measure(previous) - this.measure(next);
      if (Math.abs(kern) < 0.01) kern = 0;
      this.pairs.set(key, kern);
    }
    return kern;
  };
}
