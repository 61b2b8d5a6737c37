import { describe, expect, it } from 'vitest';
import { sceneGeometry } from '../../src/engine/scene-geometry';
import type { GlyphBox, Rect } from '../../src/engine/text-layout';
import { hintPlacement, hitAreas, MIN_TARGET_PX, rubyFontSize, spanRects } from '../../src/scenes/reader/text-boxes';

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

const contains = (outer: Rect, inner: Rect) =>
  outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width && outer.y + outer.height >= inner.y + inner.height;
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('hit areas', () => {
  it('grows a one-kana target on a phone to 24 × 24 px around its mark, and leaves a long word as it is', () => {
    const kana = { x: 100, y: 50, width: 19, height: 21 };
    const word = { x: 200, y: 50, width: 80, height: 30 };
    const [hitKana, hitWord] = hitAreas([kana, word]);
    expect(hitKana).toEqual({ x: 97.5, y: 48.5, width: MIN_TARGET_PX, height: MIN_TARGET_PX });
    expect(contains(hitKana!, kana)).toBe(true);
    expect(hitWord).toEqual(word);
  });

  it('shares the room between neighbours at its middle instead of overlapping them', () => {
    const a = { x: 100, y: 50, width: 19, height: 21 };
    const b = { x: 121, y: 50, width: 19, height: 21 };
    const below = { x: 100, y: 73, width: 19, height: 21 };
    const [ha, hb, hBelow] = hitAreas([a, b, below]);
    for (const [hit, mark] of [[ha, a], [hb, b], [hBelow, below]] as const) {
      expect(contains(hit!, mark)).toBe(true);
      expect(hit!.width).toBeGreaterThanOrEqual(mark.width);
    }
    expect(overlaps(ha!, hb!)).toBe(false);
    expect(overlaps(ha!, hBelow!)).toBe(false);
    expect(ha!.x + ha!.width).toBe(120);
    expect(hb!.x).toBe(120);
    expect(ha!.y + ha!.height).toBe(72);
    expect(hBelow!.y).toBe(72);
    // Away from its neighbours a box still grows to the full size.
    expect(hb!.height).toBe(MIN_TARGET_PX);
  });

  it('splits between the marks of two touching characters, which overlap by their padding', () => {
    // Two 17 px kana side by side, each marked 1 px wider on both sides (as the overlay draws them).
    const a = { x: 99, y: 50, width: 19, height: 24 };
    const b = { x: 116, y: 50, width: 19, height: 24 };
    const [ha, hb] = hitAreas([a, b]);
    expect(overlaps(ha!, hb!)).toBe(false);
    expect(ha!.x + ha!.width).toBe(117);
    expect(hb!.x).toBe(117);
    expect(ha!.x).toBe(96.5);
    expect(hb!.x + hb!.width).toBe(137.5);
  });

  it('leaves nested patterns as they are', () => {
    const outer = { x: 100, y: 50, width: 60, height: 30 };
    const inner = { x: 120, y: 50, width: 19, height: 30 };
    expect(hitAreas([outer, inner])).toEqual([outer, { x: 117.5, y: 50, width: 24, height: 30 }]);
  });
});

describe('hint placement', () => {
  /** The text box and glyphs the stage reports for a 390 × 844 phone (portrait, 390 / 720 px per unit). */
  const phone = (() => {
    const design = sceneGeometry('portrait');
    const scale = 390 / 720;
    const offsetY = 844 - 1280 * scale;
    const textBox = { x: design.text.x * scale, y: offsetY + design.text.y * scale, width: design.text.width * scale, height: design.text.height * scale };
    const panelBottom = offsetY + (design.box.y + design.box.height) * scale;
    return { textBox, panelBottom, panelTop: offsetY + design.box.y * scale };
  })();
  const line = (index: number, height = 26): GlyphBox => ({ start: index, end: index + 1, text: 'あ', line: index, x: phone.textBox.x, y: phone.textBox.y + index * 35, width: 17, height });

  it('puts the phone hint inside the dialogue panel, clear of its border and under the text', () => {
    const place = hintPlacement({ textBox: phone.textBox, glyphs: [line(0), line(1), line(2)] }, 'portrait', 16);
    expect(place.over).toBe('panel');
    expect(place.top + 16).toBeLessThanOrEqual(phone.panelBottom - 6);
    expect(place.top).toBeGreaterThan(phone.textBox.y + 2 * 35 + 26);
    expect(place.left).toBe(phone.textBox.x);
    expect(place.width).toBe(phone.textBox.width);
  });

  it('moves above the panel, clear of the name plate, when the text fills the panel', () => {
    const place = hintPlacement({ textBox: phone.textBox, glyphs: [line(0), line(1), line(2), line(3, 40)] }, 'portrait', 16);
    expect(place.over).toBe('stage');
    const plateTop = phone.panelTop - (sceneGeometry('portrait').plate.height / 2) * (390 / 720);
    expect(place.top + 16).toBeLessThanOrEqual(plateTop);
  });

  it('fits inside the panel on a desktop too', () => {
    const design = sceneGeometry('landscape');
    const textBox = { x: design.text.x, y: 40 + design.text.y, width: design.text.width, height: design.text.height };
    const place = hintPlacement({ textBox, glyphs: [{ start: 0, end: 1, text: 'a', line: 0, x: textBox.x, y: textBox.y, width: 14, height: 42 }] }, 'landscape', 16);
    expect(place.over).toBe('panel');
    expect(place.top + 16).toBeLessThanOrEqual(40 + design.box.y + design.box.height - 6);
  });
});

describe('furigana size', () => {
  it('keeps the size where the reading fits over its base', () => {
    expect(rubyFontSize('かんじ', 56, 14)).toBe(14);
    expect(rubyFontSize('た', 28, 14)).toBe(14);
  });

  it('shrinks a long reading over a short base, down to 60%', () => {
    // 1473年 at 28 px: about 76 px of base under sixteen kana.
    const size = rubyFontSize('せんよんひゃくななじゅうさんねん', 76, 14);
    expect(size).toBeLessThan(14);
    expect(size).toBeGreaterThanOrEqual(14 * 0.6);
    expect(rubyFontSize('にまんごせんえん', 200, 14)).toBe(14);
  });
});
