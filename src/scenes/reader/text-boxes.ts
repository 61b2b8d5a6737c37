import type { TextGeometry } from '../../engine';
import { sceneGeometry } from '../../engine/scene-geometry';
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

/**
 * The furigana size for a reading over a base `width` px wide: the normal `size` while the reading fits
 * (kana are about one em wide, and may hang a little past the base), smaller for a long reading over a short
 * base (1473年: sixteen kana over five narrow characters) so it does not run into its neighbours' furigana,
 * but never under 60% of `size`, where it would stop being readable.
 */
export function rubyFontSize(reading: string, width: number, size: number): number {
  const room = width * 1.15;
  const length = [...reading].length;
  if (length * size <= room) return size;
  return Math.max(size * 0.6, room / length);
}

/** WCAG 2.2 target size (minimum): 24 by 24 CSS px. */
export const MIN_TARGET_PX = 24;

const right = (r: Rect) => r.x + r.width;
const bottom = (r: Rect) => r.y + r.height;
const overlap = (a: Rect, b: Rect) => a.x < right(b) && b.x < right(a) && a.y < bottom(b) && b.y < bottom(a);

/**
 * The pressable box of each highlight, given the box it is drawn as (`marks`): at least `min` by `min`,
 * centred on the mark, so a one-kana particle on a phone is as easy to hit as a long word while the text and
 * its highlight stay where they are. Where two grown boxes would overlap, the room between their marks is
 * shared at its middle, so a press goes to the nearer word. Marks of neighbouring characters may overlap by
 * up to `slack` px (each is drawn a pixel wider than its glyphs); they still count as neighbours.
 */
export function hitAreas(marks: readonly Rect[], min = MIN_TARGET_PX, slack = 2): Rect[] {
  const hits = marks.map((m) => {
    const width = Math.max(m.width, min);
    const height = Math.max(m.height, min);
    return { x: m.x - (width - m.width) / 2, y: m.y - (height - m.height) / 2, width, height };
  });
  const before = (a: Rect, b: Rect) => right(a) - slack <= b.x;
  const above = (a: Rect, b: Rect) => bottom(a) - slack <= b.y;
  for (let i = 0; i < hits.length; i++) {
    for (let j = i + 1; j < hits.length; j++) {
      const [a, b] = [hits[i]!, hits[j]!];
      const [ma, mb] = [marks[i]!, marks[j]!];
      if (!overlap(a, b)) continue;
      if (before(ma, mb) || before(mb, ma)) {
        const [first, firstMark, second, secondMark] = before(ma, mb) ? [a, ma, b, mb] : [b, mb, a, ma];
        const middle = (right(firstMark) + secondMark.x) / 2;
        first.width = Math.min(right(first), middle) - first.x;
        const x = Math.max(second.x, middle);
        second.width = right(second) - x;
        second.x = x;
      } else if (above(ma, mb) || above(mb, ma)) {
        const [first, firstMark, second, secondMark] = above(ma, mb) ? [a, ma, b, mb] : [b, mb, a, ma];
        const middle = (bottom(firstMark) + secondMark.y) / 2;
        first.height = Math.min(bottom(first), middle) - first.y;
        const y = Math.max(second.y, middle);
        second.height = bottom(second) - y;
        second.y = y;
      }
      // Marks that really overlap (one pattern inside another) keep their boxes: the later one is on top.
    }
  }
  return hits;
}

export interface HintPlacement {
  left: number;
  top: number;
  width: number;
  /** Inside the dialogue panel, under the text; or over the stage just above the panel (text fills it). */
  over: 'panel' | 'stage';
  /** The top of the hint's place over the stage, above the panel: what floats over the dialogue goes above it. */
  above: number;
}

/**
 * Where the dialogue hint goes (its line is `lineHeight` px tall): inside the dialogue panel, clear of its
 * border, right-aligned under the text. The panel is found from the text box the stage reports and the
 * scene's composition. When the line's text reaches down to there, the hint goes above the panel instead,
 * clear of the name plate that straddles the panel's top edge.
 */
export function hintPlacement(
  geometry: Pick<TextGeometry, 'glyphs' | 'textBox'>,
  layout: 'landscape' | 'portrait',
  lineHeight = 16,
): HintPlacement {
  const design = sceneGeometry(layout);
  const { x: left, width } = geometry.textBox;
  const scale = geometry.textBox.width / design.text.width;
  const panelTop = geometry.textBox.y - (design.text.y - design.box.y) * scale;
  const panelBottom = panelTop + design.box.height * scale;
  const above = panelTop - (design.plate.height / 2) * scale - lineHeight - 4;
  const inside = panelBottom - Math.max(6, 12 * scale) - lineHeight;
  const textBottom = geometry.glyphs.reduce((lowest, g) => Math.max(lowest, g.y + g.height), -Infinity);
  if (textBottom <= inside - 2) return { left, top: inside, width, over: 'panel', above };
  return { left, top: above, width, over: 'stage', above };
}
