import { describe, expect, it } from 'vitest';
import { MAX_LINE_CHARS, splitLongLine } from '../../../src/server/storyteller/openai/split-line';

const codePoints = (text: string) => [...text].length;
const squash = (text: string) => text.replace(/\s+/g, '');

/** The promises every split keeps: parts fit, none is empty or padded, and together they are the text. */
function expectFaithful(text: string, parts: string[], max: number) {
  for (const part of parts) {
    expect(codePoints(part)).toBeLessThanOrEqual(max);
    expect(part.length).toBeGreaterThan(0);
    expect(part).toBe(part.trim());
    expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  }
  expect(squash(parts.join(''))).toBe(squash(text));
}

describe.skipIf(process.env.TEST_DB === 'postgres')('splitting a long line', () => {
  it('keeps a short line as it is', () => {
    expect(splitLongLine('Look! A red umbrella. Is it yours, Ben?')).toEqual(['Look! A red umbrella. Is it yours, Ben?']);
    const exactlyMax = 'a'.repeat(MAX_LINE_CHARS - 1) + '😀';
    expect(splitLongLine(exactlyMax)).toEqual([exactlyMax]);
  });

  it('packs whole English sentences into parts, cutting only after a sentence end followed by a space', () => {
    const sentences = [
      'It is raining and the small cafe near the station is warm and full of people.',
      'Amy sits at the table by the window with a cup of hot tea and a book.',
      'She has waited for Ben for 3.5 hours, e.g. since lunch!',
      '"Where is he?" she asks the old man.',
      'He smiles, but he says nothing at all.',
    ];
    const text = sentences.join(' ');
    const parts = splitLongLine(text, 100);
    expect(parts).toEqual([sentences[0], sentences[1], `${sentences[2]} ${sentences[3]}`, sentences[4]]);
    expect(parts.join(' ')).toBe(text);
    expect(MAX_LINE_CHARS).toBe(150);
    const long = Array.from({ length: 4 }, () => text).join(' ');
    expectFaithful(long, splitLongLine(long), MAX_LINE_CHARS);
    expect(splitLongLine(long).join(' ')).toBe(long);
  });

  it('cuts Japanese after 。！？ and after a closing quote that follows them, keeping furigana markup whole', () => {
    const text = '雨が降っています。アミは駅の近くの小さな{喫茶店|きっさてん}にいます。「ベンはまだ来ないの？」窓のそばのおじいさんは笑いました！';
    const parts = splitLongLine(text, 28);
    expect(parts).toEqual(['雨が降っています。', 'アミは駅の近くの小さな{喫茶店|きっさてん}にいます。', '「ベンはまだ来ないの？」', '窓のそばのおじいさんは笑いました！']);
    expect(parts.join('')).toBe(text);
    expect(splitLongLine('あ'.repeat(8) + '{喫茶店|きっさてん}' + 'い'.repeat(3), 12)).toEqual(['あ'.repeat(8), '{喫茶店|きっさてん}い', 'いい']);
  });

  it('cuts a sentence too long alone at its last clause break or space within the limit', () => {
    const ja = 'アミは駅の近くの小さな喫茶店で、窓のそばの席に座って、温かいお茶を飲みながら、ベンが来るのをずっと待っていました。';
    const jaParts = splitLongLine(ja, 25);
    expect(jaParts).toEqual(['アミは駅の近くの小さな喫茶店で、', '窓のそばの席に座って、温かいお茶を飲みながら、', 'ベンが来るのをずっと待っていました。']);
    expect(jaParts.join('')).toBe(ja);

    const en = 'Amy waited in the cafe near the station for a very long time without a single word from Ben';
    const enParts = splitLongLine(en, 40);
    expect(enParts).toEqual(['Amy waited in the cafe near the station', 'for a very long time without a single', 'word from Ben']);
    expect(enParts.join(' ')).toBe(en);
    // "1,000" is a number, not a clause.
    expect(splitLongLine('It costs 1,000,000 yen', 12)).toEqual(['It costs', '1,000,000', 'yen']);
  });

  it('cuts hard at the limit only when a sentence has no break at all', () => {
    const text = 'あ'.repeat(25) + 'い'.repeat(10);
    expect(splitLongLine(text, 10)).toEqual(['あ'.repeat(10), 'あ'.repeat(10), 'あ'.repeat(5) + 'い'.repeat(5), 'い'.repeat(5)]);
    expect(splitLongLine('x'.repeat(MAX_LINE_CHARS * 2 + 1))).toEqual(['x'.repeat(MAX_LINE_CHARS), 'x'.repeat(MAX_LINE_CHARS), 'x']);
  });

  it('counts an emoji as one character and never cuts its surrogate pair in half', () => {
    const text = 'a'.repeat(8) + '😀🎉' + 'b'.repeat(5);
    const parts = splitLongLine(text, 9);
    expect(parts).toEqual(['a'.repeat(8) + '😀', '🎉' + 'b'.repeat(5)]);
    expectFaithful(text, parts, 9);
    const emoji = '🌧️ It is raining 😀. '.repeat(12) + '🎉'.repeat(40);
    expectFaithful(emoji, splitLongLine(emoji, 20), 20);
  });
});
