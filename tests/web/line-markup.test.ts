import { describe, expect, it } from 'vitest';
import { readLineMarkup } from '../../src/scenes/line-markup';

describe('line markup', () => {
  it('finds each reading with the offsets of its base in the plain text', () => {
    const html = '<span data-t="0"><ruby>写真<rt>しゃしん</rt></ruby></span><span data-t="1">を</span><span data-t="2"><ruby>撮<rt>と</rt></ruby>ります</span>。';
    expect(readLineMarkup(html, '写真を撮ります。')).toEqual({
      text: '写真を撮ります。',
      rubies: [
        { start: 0, end: 2, reading: 'しゃしん' },
        { start: 3, end: 4, reading: 'と' },
      ],
    });
  });

  it('keeps escaped markup as text and drops readings that do not fit the line', () => {
    expect(readLineMarkup('&lt;b&gt;<ruby>雨<rt>あめ</rt></ruby>', '<b>雨').rubies).toEqual([{ start: 3, end: 4, reading: 'あめ' }]);
    expect(readLineMarkup('<ruby>雨<rt>あめ</rt></ruby>', '雪').rubies).toEqual([]);
  });
});
