import type { GlyphBox, Rect } from '../../engine/text-layout';

/** One rectangle per text line covered by the characters from `start` to `end`. */
export function spanRects(glyphs: readonly GlyphBox[], start: number, end: number): Rect[] {
  const byLine = new Map<number, Rect>();
  for (const g of glyphs) {
    if (g.start < start || g.end > end) continue;
    const rect = byLine.get(g.line);
    if (!rect) byLine.set(g.line, { x: g.x, y: g.y, width: g.width, height: g.height });
    else {
      const right = Math.max(rect.x + rect.width, g.x + g.width);
      rect.x = Math.min(rect.x, g.x);
      rect.width = right - rect.x;
      rect.height = Math.max(rect.height, g.height);
    }
  }
  return [...byLine.values()];
}
