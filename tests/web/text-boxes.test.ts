import { describe, expect, it } from 'vitest';
import type { GlyphBox } from '../../src/engine/text-layout';
import { spanRects } from '../../src/scenes/reader/text-boxes';

const glyph = (start: number, line: number, x: number): GlyphBox => ({ start, end: start + 1, text: 'あ', line, x, y: line * 40, width: 20, height: 30 });

describe('span rectangles', () => {
  it('joins the boxes of a span on each line it covers', () => {
    const glyphs = [glyph(0, 0, 0), glyph(1, 0, 20), glyph(2, 0, 40), glyph(3, 1, 0), glyph(4, 1, 20)];
    expect(spanRects(glyphs, 1, 4)).toEqual([
      { x: 20, y: 0, width: 40, height: 30 },
      { x: 0, y: 40, width: 20, height: 30 },
    ]);
    expect(spanRects(glyphs, 5, 6)).toEqual([]);
  });
});
