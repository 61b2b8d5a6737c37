import { describe, expect, it } from 'vitest';
import { boxesOf, layoutText, type TextLayout } from '../../src/engine/text-layout';

/** A monospace measure: CJK and full-width forms are 2 units, everything else 1. */
const measure = (g: string) => (g.codePointAt(0)! >= 0x3000 ? 2 : 1);
const layout = (text: string, maxWidth: number, rubyHeight = 0) => layoutText(text, { maxWidth, lineHeight: 10, rubyHeight, measure });
const lineTexts = (l: TextLayout) => l.lines.map((line) => l.glyphs.slice(line.first, line.last).map((g) => g.text).join(''));

describe('the dialogue text layout', () => {
  it('wraps English at spaces, never inside a word, and keeps punctuation with its word', () => {
    const l = layout('The red umbrella is not mine, Ben said.', 12);
    expect(lineTexts(l).map((t) => t.trimEnd())).toEqual(['The red', 'umbrella is', 'not mine,', 'Ben said.']);
    expect(Math.max(...l.lines.map((line) => line.width))).toBeLessThanOrEqual(12);
  });

  it('breaks a word longer than the line between letters', () => {
    expect(lineTexts(layout('Supercalifragilistic', 8))).toEqual(['Supercal', 'ifragili', 'stic']);
  });

  it('breaks Japanese between characters, never starting a line with 。、」ー or small kana', () => {
    // Ten full-width characters fit in a line of 20.
    const cases = [
      '今日はいい天気ですね。明日も晴れるでしょう。',
      '「ねえ、ゆいちゃん」と先生が言いました。',
      'コーヒーとケーキをください。ちょっと待ってね。',
      'あしたはがっこうにいきます、きっと。',
    ];
    for (const text of cases) {
      for (const width of [12, 14, 16, 18, 20]) {
        const lines = lineTexts(layout(text, width));
        expect(lines.join('')).toBe(text);
        for (const line of lines.slice(1)) expect('。、」』）ーっゃゅょぁぃ', `${text} at ${width}: ${lines.join(' / ')}`).not.toContain(line[0]);
        for (const line of lines.slice(0, -1)) expect('「『（', `${text} at ${width}: ${lines.join(' / ')}`).not.toContain(line.at(-1));
      }
    }
  });

  it('moves a closing mark down with the character before it rather than starting a line with it', () => {
    // Four characters fit in 8 units, so the break would fall right before 。.
    expect(lineTexts(layout('ですます。です', 8))).toEqual(['ですま', 'す。です']);
  });

  it('keeps room for ruby above every line and gives every character its box, by UTF-16 offset', () => {
    const l = layout('𠮟る先生', 4, 6);
    expect(l.glyphs.map((g) => [g.text, g.start, g.end, g.line, g.x, g.y])).toEqual([
      ['𠮟', 0, 2, 0, 0, 6],
      ['る', 2, 3, 0, 2, 6],
      ['先', 3, 4, 1, 0, 22],
      ['生', 4, 5, 1, 2, 22],
    ]);
    expect(l.height).toBe(32);
  });

  it('gives a token that wraps one box per line', () => {
    const l = layout('I like green tea', 8);
    expect(lineTexts(l).map((t) => t.trimEnd())).toEqual(['I like', 'green', 'tea']);
    expect(boxesOf(l, 2, 12)).toEqual([
      { x: 2, y: 0, width: 4, height: 10 },
      { x: 0, y: 10, width: 5, height: 10 },
    ]);
  });

  it('starts a new line at a newline', () => {
    expect(lineTexts(layout('one\ntwo', 40))).toEqual(['one', 'two']);
  });
});
