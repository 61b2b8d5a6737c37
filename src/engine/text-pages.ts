/**
 * A line longer than the dialogue box is read in pages, as visual novels do: as many text lines as the box
 * holds, then a press for the next. Pure: no Pixi, no DOM, unit-tested.
 */
import type { TextLayout } from './text-layout';

export interface TextPage {
  /** UTF-16 offsets of the text the page shows: from the end of the page before to its last glyph. */
  start: number;
  end: number;
  /** The page's lines as a layout of their own, its first line at the top. */
  layout: TextLayout;
}

/** The layout cut into pages of the text lines that fit in `maxHeight` (at least one line a page). */
export function paginate(layout: TextLayout, maxHeight: number): TextPage[] {
  const count = layout.lines.length;
  if (count === 0) return [{ start: 0, end: 0, layout }];
  const pitch = layout.height / count;
  // A hair of tolerance: a box made for exactly n lines must hold n.
  const perPage = Math.max(1, Math.floor((maxHeight + 0.5) / pitch));
  if (count <= perPage) return [{ start: 0, end: endOf(layout, 0, count), layout }];
  const pages: TextPage[] = [];
  for (let first = 0; first < count; first += perPage) {
    const last = Math.min(count, first + perPage);
    const firstGlyph = layout.lines[first]!.first;
    const lastGlyph = layout.lines[last - 1]!.last;
    const top = first * pitch;
    const lines = layout.lines.slice(first, last).map((line) => ({ ...line, first: line.first - firstGlyph, last: line.last - firstGlyph, y: line.y - top }));
    pages.push({
      start: pages.at(-1)?.end ?? 0,
      end: endOf(layout, first, last),
      layout: {
        glyphs: layout.glyphs.slice(firstGlyph, lastGlyph).map((g) => ({ ...g, y: g.y - top })),
        lines,
        width: Math.max(0, ...lines.map((line) => line.width)),
        height: pitch * (last - first),
      },
    });
  }
  return pages;
}

function endOf(layout: TextLayout, firstLine: number, lastLine: number): number {
  for (let line = lastLine - 1; line >= firstLine; line--) {
    const box = layout.lines[line]!;
    if (box.last > box.first) return layout.glyphs[box.last - 1]!.end;
  }
  return 0;
}

/** The page showing the text at UTF-16 offset `revealed` (the last page once all is shown). */
export function pageAt(pages: readonly TextPage[], revealed: number): number {
  const index = pages.findIndex((page) => revealed <= page.end);
  return index === -1 ? pages.length - 1 : index;
}
