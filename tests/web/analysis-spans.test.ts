import { describe, expect, it } from 'vitest';
import { isCastName, matchingPatterns, matchingWords, vocabularyTargets } from '../../src/scenes/analysis';
import type { DetectedGrammarPattern, VocabularyWord } from '../../src/shared/language';

const pattern = (start: number, end: number, matched_text: string): DetectedGrammarPattern => ({
  id: 'p', pattern: '〜ます', type: 'verb', level: 'N5', meaning: 'polite', start, end, matched_text,
});
const word = (start: number, end: number, surface: string): VocabularyWord => ({
  key: surface, surface, reading: '', base_form: surface, word_type: 'noun', start, end, level: 'N5',
});

describe('analysis highlights', () => {
  const text = '写真を撮ります。';
  it('keeps only spans whose offsets are in range and whose text matches', () => {
    expect(matchingPatterns(text, [pattern(4, 7, 'ります'), pattern(4, 7, 'ります。'), pattern(6, 12, 'す。'), pattern(-1, 2, '写真')])).toHaveLength(1);
    expect(matchingWords(text, [word(0, 2, '写真'), word(0, 2, '写'), word(3, 3, ''), word(7, 9, '。')]).map((w) => w.surface)).toEqual(['写真']);
  });
});

describe('vocabulary targets', () => {
  const en = (surface: string, start: number, word_type: VocabularyWord['word_type'], level: VocabularyWord['level'], base_form = surface.toLowerCase()): VocabularyWord => ({
    key: base_form, surface, reading: '', base_form, word_type, start, end: start + surface.length, level,
  });
  const line = 'The old wooden box is a gift from Tom on Friday.';
  const words = [
    en('The', 0, 'determiner', 'A1'),
    en('old', 4, 'adjective', 'A1'),
    en('wooden', 8, 'adjective', 'B1'),
    en('box', 15, 'noun', 'A1'),
    en('a', 22, 'determiner', 'A1'),
    en('gift', 24, 'noun', 'A2'),
    en('Tom', 34, 'proper-noun', null, 'Tom'),
    en('Friday', 41, 'proper-noun', null),
  ];
  const surfaces = (targets: VocabularyWord[]) => targets.map((w) => w.surface);

  it('marks every graded content word at any level (each is drawn by what the learner knows of it), never "a", "the" or names', () => {
    expect(surfaces(vocabularyTargets(line, words, 'A1'))).toEqual(['old', 'wooden', 'box', 'gift']);
    expect(surfaces(vocabularyTargets(line, words, 'B2'))).toEqual(['old', 'wooden', 'box', 'gift']);
  });

  it('never highlights one of the story\'s characters, whatever a dictionary makes of the name', () => {
    const text = 'Ruth Evans smiled at the ruth in his eyes.';
    const named = [en('Ruth', 0, 'proper-noun', 'B1'), en('Evans', 5, 'proper-noun', null), en('smiled', 11, 'verb', 'A2'), en('ruth', 25, 'noun', 'B1'), en('eyes', 37, 'noun', 'A1')];
    expect(surfaces(vocabularyTargets(text, named, 'A2', [], ['Ruth Evans']))).toEqual(['smiled', 'ruth', 'eyes']);
    expect(surfaces(vocabularyTargets(text, named, 'A2', [{ surface: 'Ruth', base_form: 'ruth' }], ['Ruth Evans']))).toEqual(['smiled', 'ruth', 'eyes']);
    expect(surfaces(vocabularyTargets(text, named, 'A2'))).toEqual(['Ruth', 'smiled', 'ruth', 'eyes']);
    const ja = 'ハナはねこを見た。';
    const jaWords: VocabularyWord[] = [
      { key: 'ハナ', surface: 'ハナ', reading: 'はな', base_form: 'ハナ', word_type: 'noun', start: 0, end: 2, level: 'N4' },
      { key: 'ねこ', surface: 'ねこ', reading: 'ねこ', base_form: 'ねこ', word_type: 'noun', start: 3, end: 5, level: 'N5' },
    ];
    expect(surfaces(vocabularyTargets(ja, jaWords, 'N5', [], ['ハナ']))).toEqual(['ねこ']);
    expect(isCastName({ surface: 'Ｒｕｔｈ' }, ['Ruth'])).toBe(true);
    expect(isCastName({ surface: 'E' }, ['E Evans'])).toBe(false);
  });

  it('always keeps the words the server glossed for the line, and still checks offsets', () => {
    const glossedName = { surface: 'Friday', base_form: 'friday' };
    expect(surfaces(vocabularyTargets(line, words, 'B2', [glossedName]))).toEqual(['old', 'wooden', 'box', 'gift', 'Friday']);
    expect(vocabularyTargets(line, [{ ...words[2]!, start: 9, end: 15 }], 'A1')).toEqual([]);
  });

  it('leaves Japanese grammar words to grammar mode: pronouns, formal nouns, the いる of 〜ている', () => {
    const ja = '彼はこの本を読んでいることを知った。';
    const w = (surface: string, start: number, word_type: VocabularyWord['word_type'], level: VocabularyWord['level'], base_form = surface): VocabularyWord => ({
      key: base_form, surface, reading: '', base_form, word_type, start, end: start + surface.length, level,
    });
    const jaWords = [
      w('彼', 0, 'pronoun', 'N4'),
      w('この', 2, 'determiner', 'N5'),
      w('本', 4, 'noun', 'N5'),
      w('読ん', 6, 'verb', 'N5', '読む'),
      w('いる', 9, 'verb', 'N5'),
      w('こと', 11, 'noun', 'N4'),
      w('知っ', 14, 'verb', 'N5', '知る'),
    ];
    expect(surfaces(vocabularyTargets(ja, jaWords, 'N5'))).toEqual(['本', '読ん', '知っ']);
    expect(surfaces(vocabularyTargets(ja, jaWords, 'N1'))).toEqual(['本', '読ん', '知っ']);
    // いる on its own ("is there") is a word, and so is a determiner written with a kanji.
    expect(surfaces(vocabularyTargets('小さな声', [w('小さな', 0, 'determiner', 'N5'), w('声', 3, 'noun', 'N5')], 'N5'))).toEqual(['小さな', '声']);
    expect(surfaces(vocabularyTargets('猫がいる。', [w('猫', 0, 'noun', 'N5'), w('いる', 2, 'verb', 'N5')], 'N5'))).toEqual(['猫', 'いる']);
  });

  it('grades N1+ above N1 and never compares the two scales', () => {
    const rare = { key: '邂逅', surface: '邂逅', reading: 'かいこう', base_form: '邂逅', word_type: 'noun' as const, start: 0, end: 2, level: 'N1+' as const };
    expect(vocabularyTargets('邂逅', [rare], 'N1')).toHaveLength(1);
    expect(vocabularyTargets('邂逅', [{ ...rare, level: 'C2' }], 'N5')).toEqual([]);
  });
});
