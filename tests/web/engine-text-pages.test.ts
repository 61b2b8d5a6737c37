import { describe, expect, it } from 'vitest';
import { layoutText } from '../../src/engine/text-layout';
import { pageAt, paginate } from '../../src/engine/text-pages';
import { Typewriter } from '../../src/engine/typewriter';

/** Every grapheme 10 px wide: 10 to a 100 px line. */
const layout = (text: string) => layoutText(text, { maxWidth: 100, lineHeight: 20, rubyHeight: 5, measure: () => 10, kerning: () => 0 });

describe('a line longer than the box, read in pages', () => {
  const text = 'あいうえおかきくけこ'.repeat(5); // 50 characters: five lines of ten
  const whole = layout(text);

  it('keeps a line that fits as one page', () => {
    const pages = paginate(whole, 200);
    expect(pages).toHaveLength(1);
    expect(pages[0]!.layout).toBe(whole);
    expect([pages[0]!.start, pages[0]!.end]).toEqual([0, 50]);
  });

  it('cuts it into pages of the lines the box holds, each page from the top of the box', () => {
    expect(whole.lines).toHaveLength(5);
    const pages = paginate(whole, 50); // 25 px a line: two lines a page
    expect(pages.map((p) => [p.start, p.end])).toEqual([[0, 20], [20, 40], [40, 50]]);
    const second = pages[1]!.layout;
    expect(second.glyphs).toHaveLength(20);
    expect(second.glyphs[0]).toMatchObject({ start: 20, text: 'あ', x: 0 });
    expect(second.glyphs[0]!.y).toBe(whole.glyphs[0]!.y);
    expect(second.lines.map((l) => [l.first, l.last])).toEqual([[0, 10], [10, 20]]);
    expect(second.height).toBe(50);
    // Together the pages hold every glyph once.
    expect(pages.flatMap((p) => p.layout.glyphs.map((g) => g.start))).toEqual(whole.glyphs.map((g) => g.start));
  });

  it('holds at least one line a page however small the box', () => {
    expect(paginate(whole, 3)).toHaveLength(5);
  });

  it('finds the page that shows a given point of the reading', () => {
    const pages = paginate(whole, 50);
    expect([0, 1, 20, 21, 40, 50, 99].map((r) => pageAt(pages, r))).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });

  it('has the typewriter stop at the end of the page on screen, and go on when the page turns', () => {
    const typewriter = new Typewriter(text, 100);
    typewriter.holdAt(20);
    typewriter.advance(10_000);
    expect(typewriter.revealed).toBe(20);
    expect(typewriter.held).toBe(true);
    expect(typewriter.complete).toBe(false);
    expect(typewriter.revealAll()).toBe(false);
    typewriter.holdAt(40);
    // The next page's first character shows at once.
    expect(typewriter.revealed).toBe(21);
    expect(typewriter.revealAll()).toBe(true);
    expect(typewriter.revealed).toBe(40);
    typewriter.holdAt(text.length);
    typewriter.advance(10_000);
    expect(typewriter.complete).toBe(true);
  });
});
