import { describe, expect, it } from 'vitest';
import { matchingPatterns, matchingWords } from '../../src/scenes/analysis';
import type { DetectedGrammarPattern, VocabularyWord } from '../../src/shared/language';

const pattern = (start: number, end: number, matched_text: string): DetectedGrammarPattern => ({
  id: 'p', pattern: '〜ます', type: 'verb', level: 'N5', meaning: 'polite', start, end, matched_text,
});
const word = (start: number, end: number, surface: string): VocabularyWord => ({
  surface, reading: '', base_form: surface, word_type: 'noun', start, end, level: 'N5',
});

describe('analysis highlights', () => {
  const text = '写真を撮ります。';
  it('keeps only spans whose offsets are in range and whose text matches', () => {
    expect(matchingPatterns(text, [pattern(4, 7, 'ります'), pattern(4, 7, 'ります。'), pattern(6, 12, 'す。'), pattern(-1, 2, '写真')])).toHaveLength(1);
    expect(matchingWords(text, [word(0, 2, '写真'), word(0, 2, '写'), word(3, 3, ''), word(7, 9, '。')]).map((w) => w.surface)).toEqual(['写真']);
  });
});
