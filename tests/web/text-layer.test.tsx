import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GlyphBox, TextGeometry } from '../../src/engine';
import { TextLayer, textPieces } from '../../src/scenes/reader/TextLayer';

/** "Hi there" laid out as two lines, "Hi" and "there", the space ending the first. */
const text = 'Hi there';
const glyph = (start: number, line: number, x: number): GlyphBox => ({
  start,
  end: start + 1,
  text: text[start]!,
  line,
  x,
  y: 20 + line * 30,
  width: 10,
  height: 24,
});
const glyphs = [glyph(0, 0, 0), glyph(1, 0, 10), ...[3, 4, 5, 6, 7].map((start, i) => glyph(start, 1, i * 10))];
const geometry: TextGeometry = { glyphs, fontSize: 20, rubyHeight: 10, textBox: { x: 0, y: 10, width: 300, height: 80 } };

describe('the text layer over the canvas glyphs', () => {
  it('holds exactly the revealed text, each glyph on its box, what lies between glyphs in a piece without one', () => {
    expect(textPieces(glyphs, text).map((p) => [p.text, p.box ? 'box' : 'gap'])).toEqual([
      ['H', 'box'], ['i', 'box'], [' ', 'gap'], ['t', 'box'], ['h', 'box'], ['e', 'box'], ['r', 'box'], ['e', 'box'],
    ]);
    const { container, rerender } = render(<TextLayer geometry={geometry} text={text} language="en" revealed={text.length} onClick={() => {}} />);
    const layer = container.querySelector('.text-layer')!;
    expect(layer.textContent).toBe(text);
    expect(layer.getAttribute('lang')).toBe('en');
    const t = layer.querySelector<HTMLElement>('[data-start="3"]')!;
    expect([t.style.left, t.style.top, t.style.width, t.style.height, t.style.fontSize]).toEqual(['0px', '50px', '10px', '24px', '20px']);

    // Only what the typewriter has shown.
    rerender(<TextLayer geometry={geometry} text={text} language="en" revealed={4} onClick={() => {}} />);
    expect(layer.textContent).toBe('Hi t');
  });

  it('copies the selected characters of the line, and a click that ends a selection does not move the story on', () => {
    const onClick = vi.fn();
    const { container } = render(<TextLayer geometry={geometry} text={text} language="en" revealed={text.length} onClick={onClick} />);
    const layer = container.querySelector<HTMLElement>('.text-layer')!;
    const range = document.createRange();
    range.setStart(layer.querySelector('[data-start="1"]')!.firstChild!, 0);
    range.setEnd(layer.querySelector('[data-start="5"]')!.firstChild!, 1);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);

    const data = new Map<string, string>();
    const copied = fireEvent.copy(layer, { clipboardData: { setData: (type: string, value: string) => data.set(type, value) } });
    expect(copied).toBe(false);
    expect(data.get('text/plain')).toBe('i the');

    fireEvent.click(layer.querySelector('[data-start="5"]')!);
    expect(onClick).not.toHaveBeenCalled();
    window.getSelection()!.removeAllRanges();
    fireEvent.click(layer.querySelector('[data-start="5"]')!);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
