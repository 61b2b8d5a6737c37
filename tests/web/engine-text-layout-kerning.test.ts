import { describe, expect, it } from 'vitest';
import { layoutText } from '../../src/engine/text-layout';

const measure = (g: string) => (g.codePointAt(0)! >= 0x3000 ? 2 : 1);
/** A font that pulls "A" and "V" together by a quarter unit. */
const kerning = (a: string, b: string) => (a === 'A' && b === 'V' ? -0.25 : 0);

describe('kerning in the dialogue layout', () => {
  it('adds the pair kerning to the first grapheme, so glyphs drawn one by one keep the font spacing', () => {
    const l = layoutText('AVA', { maxWidth: 100, lineHeight: 10, rubyHeight: 0, measure, kerning });
    expect(l.glyphs.map((g) => [g.x, g.width])).toEqual([
      [0, 0.75],
      [0.75, 1],
      [1.75, 1],
    ]);
    expect(l.width).toBe(2.75);
  });

  it('does not kern across a space or a line break', () => {
    const calls: string[] = [];
    layoutText('A V\nAV', {
      maxWidth: 100,
      lineHeight: 10,
      rubyHeight: 0,
      measure,
      kerning: (a, b) => {
        calls.push(a + b);
        return 0;
      },
    });
    expect(calls).toEqual(['AV']);
  });

  it('counts kerning when wrapping', () => {
    // "AVAV" is 4 units unkerned, 3.5 kerned: it fits a 3.5-unit line only with kerning.
    const kerned = layoutText('AVAV', { maxWidth: 3.5, lineHeight: 10, rubyHeight: 0, measure, kerning });
    expect(kerned.lines).toHaveLength(1);
    const plain = layoutText('AVAV', { maxWidth: 3.5, lineHeight: 10, rubyHeight: 0, measure });
    expect(plain.lines.length).toBeGreaterThan(1);
  });
});
