import { describe, expect, it } from 'vitest';
import { furiganaFor } from '../../src/scenes/furigana-rule';
import type { Ruby } from '../../src/scenes/line-markup';
import type { VocabularyWord } from '../../src/shared/language';
import { NEW_WORD, type WordState } from '../../src/shared/words';

// 駅の近くで新聞を読んだ。— 駅 N5, 近く N5, 新聞 N5, 読ん (読む) N5; 邂逅 would be N1+.
const text = '駅の近くで新聞を読んだ。';
const word = (surface: string, start: number, key: string, level: VocabularyWord['level']): VocabularyWord => ({
  key, surface, reading: '', base_form: key.split('|')[0]!, word_type: 'noun', start, end: start + surface.length, level,
});
const words = [word('駅', 0, '駅|えき', 'N5'), word('近く', 2, '近く|ちかく', 'N4'), word('新聞', 5, '新聞|しんぶん', 'N3'), word('読ん', 8, '読む|よむ', 'N5')];
const rubies: Ruby[] = [
  { start: 0, end: 1, reading: 'えき' },
  { start: 2, end: 3, reading: 'ちか' },
  { start: 5, end: 7, reading: 'しんぶん' },
  { start: 8, end: 9, reading: 'よ' },
];
const states = (known: Record<string, WordState['status']>) => (key: string): WordState =>
  known[key] ? { status: known[key]!, stage: known[key] === 'learning' ? 2 : 0 } : NEW_WORD;
const readings = (shown: readonly Ruby[]) => shown.map((r) => r.reading);

describe('furigana by rule', () => {
  it('shows every reading under "every word"', () => {
    expect(readings(furiganaFor(rubies, 'all', words, 'N5', states({ '駅|えき': 'known' })))).toEqual(['えき', 'ちか', 'しんぶん', 'よ']);
  });

  it('keeps readings only over the words not known yet: learning and ignored words keep theirs', () => {
    const shown = furiganaFor(rubies, 'unknown', words, 'N5', states({ '駅|えき': 'known', '読む|よむ': 'learning', '新聞|しんぶん': 'ignored' }));
    expect(readings(shown)).toEqual(['ちか', 'しんぶん', 'よ']);
    expect(text.slice(shown[0]!.start, shown[0]!.end)).toBe('近');
  });

  it('keeps readings over the words above the story’s level, and drops a known word’s even there', () => {
    expect(readings(furiganaFor(rubies, 'above-level', words, 'N5', states({})))).toEqual(['ちか', 'しんぶん']);
    expect(readings(furiganaFor(rubies, 'above-level', words, 'N4', states({})))).toEqual(['しんぶん']);
    expect(readings(furiganaFor(rubies, 'above-level', words, 'N5', states({ '新聞|しんぶん': 'known' })))).toEqual(['ちか']);
  });

  it('shows none while the line’s words are on their way, all when they could not be had, and keeps a reading no word covers', () => {
    expect(furiganaFor(rubies, 'unknown', null, 'N5', states({}))).toEqual([]);
    expect(furiganaFor(rubies, 'unknown', 'failed', 'N5', states({}))).toBe(rubies);
    const name: Ruby = { start: 10, end: 11, reading: 'だ' };
    expect(readings(furiganaFor([...rubies, name], 'unknown', words, 'N5', states({ '駅|えき': 'known', '近く|ちかく': 'known', '新聞|しんぶん': 'known', '読む|よむ': 'known' })))).toEqual(['だ']);
  });

  it('keeps readings over ungraded words (names, numbers) under the level rule', () => {
    const named = [word('駅', 0, '駅|えき', null)];
    expect(readings(furiganaFor(rubies.slice(0, 1), 'above-level', named, 'N3', states({})))).toEqual(['えき']);
  });
});
