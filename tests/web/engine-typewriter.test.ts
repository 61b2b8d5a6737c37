import { describe, expect, it } from 'vitest';
import { graphemeEnds, revealInterval, Typewriter } from '../../src/engine/typewriter';

describe('the typewriter clock', () => {
  it('uses 1000 / cps ms per grapheme', () => {
    expect(revealInterval(30)).toBeCloseTo(33.333);
    expect(revealInterval(100)).toBe(10);
  });

  it('shows the first grapheme at once and one more per interval', () => {
    const t = new Typewriter('あいうえお', 10); // 100 ms each
    expect([t.graphemes, t.revealed, t.complete]).toEqual([1, 1, false]);
    expect(t.advance(99)).toBe(false);
    expect(t.advance(1)).toBe(true);
    expect(t.revealed).toBe(2);
    t.advance(250);
    expect(t.revealed).toBe(4);
    t.advance(50); // 250 + 50 - 200 = 100: the fifth
    expect([t.revealed, t.complete]).toEqual([5, true]);
    expect(t.advance(1000)).toBe(false);
  });

  it('reveals several graphemes after a slow frame', () => {
    const t = new Typewriter('0123456789', 60);
    t.advance(200); // 12 intervals of 16.7 ms
    expect(t.revealed).toBe(10);
    expect(t.complete).toBe(true);
  });

  it('never splits a surrogate pair or a combining sequence, and counts UTF-16', () => {
    expect(graphemeEnds('𠮟るか\u3099')).toEqual([2, 3, 5]); // か + combining dakuten is one grapheme
    const t = new Typewriter('𠮟る', 10);
    expect(t.revealed).toBe(2);
    t.advance(100);
    expect(t.revealed).toBe(3);
  });

  it('shows an instant line whole, and revealAll finishes a line', () => {
    expect(new Typewriter('こんにちは', 10, true).complete).toBe(true);
    const t = new Typewriter('こんにちは', 10);
    expect(t.revealAll()).toBe(true);
    expect([t.revealed, t.complete]).toEqual([5, true]);
    expect(t.revealAll()).toBe(false);
  });

  it('changes speed mid-line without losing what is shown', () => {
    const t = new Typewriter('abcdefghij', 10);
    t.advance(150); // 2 shown, 50 ms towards the third
    t.setSpeed(100); // 10 ms each; the 50 ms already waited is more than enough
    expect(t.revealed).toBe(2);
    t.advance(1);
    expect(t.revealed).toBe(3);
    t.advance(30);
    expect(t.revealed).toBe(6);
  });

  it('treats an empty line as complete', () => {
    const t = new Typewriter('', 30);
    expect([t.revealed, t.complete, t.total]).toEqual([0, true, 0]);
  });

  it('ignores negative and NaN time', () => {
    const t = new Typewriter('abc', 10);
    expect(t.advance(-50)).toBe(false);
    expect(t.advance(Number.NaN)).toBe(false);
    expect(t.revealed).toBe(1);
  });
});
