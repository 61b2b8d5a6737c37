import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import { counterReading, numberReading, parseNumber } from '../../../src/server/language/japanese/counters';
import { isAtOrBelow } from '../../../src/server/language/profile';
import type { LanguageServices } from '../../../src/server/language/services';
import { languageServices } from './support';

const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

const harder = (level: string, than: string) => !isAtOrBelow(level as never, than as never) || level === than;

describe('word levels', () => {
  it('grades well-known Japanese words', () => {
    expect(language.wordLevel('食べる', 'たべる', 'ja')).toBe('N5');
    expect(language.wordLevel('勉強', 'べんきょう', 'ja')).toBe('N5');
    // The standard JLPT lists decide where they list a word (our own table had 経済 at N3).
    expect(language.wordLevel('経済', 'けいざい', 'ja')).toBe('N4');
    expect(language.wordLevel('ください', 'ください', 'ja')).toBe('N5');
    expect(language.wordLevel('曖昧', 'あいまい', 'ja')).not.toMatch(/N5|N4/);
  });

  it("glosses common words with their everyday sense first, and each homograph by its reading", () => {
    const gloss = (word: string, reading: string) => language.dictionary().lookup(word, reading)?.glosses[0] ?? '';
    expect(gloss('行く', 'いく')).toMatch(/^to go/);
    expect(gloss('見る', 'みる')).toMatch(/^to see/);
    expect(gloss('上手', 'じょうず')).toMatch(/skil/);
    expect(gloss('先生', 'せんせい')).toMatch(/^teacher/);
    expect(gloss('一日', 'ついたち')).toMatch(/first day/);
    expect(gloss('一日', 'いちにち')).not.toMatch(/first day/);
  });

  it('puts the everyday sense first for words above N3 too, never a slang or specialist one', () => {
    const first = (word: string, reading: string) => language.dictionary().lookup(word, reading)?.glosses[0] ?? '';
    for (const [word, reading, sense] of [
      ['沼', 'ぬま', /marsh|swamp/], ['股', 'もも', /thigh/], ['腕', 'うで', /^arm/], ['汗', 'あせ', /^sweat/], ['嵐', 'あらし', /^storm/],
      ['煙', 'けむり', /^smoke/], ['宝', 'たから', /^treasure/], ['霧', 'きり', /fog|mist/], ['膝', 'ひざ', /^knee/], ['枕', 'まくら', /^pillow/],
      ['噂', 'うわさ', /^rumou?r/], ['涙', 'なみだ', /^tear/], ['翼', 'つばさ', /^wing/], ['泥', 'どろ', /^mud/], ['喉', 'のど', /^throat/],
      ['掴む', 'つかむ', /grab|grasp/], ['叫ぶ', 'さけぶ', /shout/], ['震える', 'ふるえる', /shake|tremble/], ['溶ける', 'とける', /melt/],
      ['誇り', 'ほこり', /^pride/], ['稲妻', 'いなずま', /lightning/], ['鍵', 'かぎ', /^key/], ['扉', 'とびら', /^door/], ['頷く', 'うなずく', /nod/],
      ['手数', 'てすう', /trouble|bother/], ['道場', 'どうじょう', /dojo/],
    ] as const) {
      expect(first(word, reading), word).toMatch(sense);
    }
  });

  it('answers for words written in kana, by the word they stand for, and for loanwords', () => {
    const first = (word: string) => language.dictionary().lookup(word, word)?.glosses[0] ?? '';
    expect(first('ねこ')).toMatch(/cat/);
    expect(first('わかる')).toMatch(/understand/);
    expect(first('すわる')).toMatch(/sit/);
    expect(first('いっしょ')).toMatch(/together/);
    expect(first('はずかしい')).toMatch(/embarrass|shy|asham/);
    expect(first('コンビニ')).toMatch(/convenience store/);
    expect(first('ベンチ')).toMatch(/bench/);
    // A form no dictionary lists, by the word it comes from.
    expect(first('飛べる')).toMatch(/fly/);
  });

  it('grades well-known English words', () => {
    expect(language.wordLevel('cat', 'cat', 'en')).toBe('A1');
    expect(harder(language.wordLevel('ambiguous', 'ambiguous', 'en'), 'B2')).toBe(true);
    expect(language.wordLevel('believe', 'believes', 'en')).toMatch(/A1|A2/);
  });

  it('grades kanji by the JLPT lists', () => {
    expect(language.dictionary().kanjiLevel('日')).toBe('N5');
    expect(language.dictionary().kanjiLevel('鬱')).toBe('N1+');
    expect(language.dictionary().kanjiLevel('あ')).toBeNull();
  });

  it('reports names, numbers and loanwords apart, ungraded unless the JLPT lists grade them', () => {
    const words = language.vocabulary(language.analyse('田中さんはコーヒーとマカロンを三杯飲んだ。', 'ja'));
    expect(words.find((w) => w.surface === '田中')).toMatchObject({ word_type: 'proper-noun', level: null });
    expect(words.find((w) => w.surface === 'コーヒー')).toMatchObject({ level: 'N5' });
    expect(words.find((w) => w.surface === 'マカロン')).toMatchObject({ level: null });
    expect(words.find((w) => w.surface === '三杯')).toMatchObject({ level: null, reading: 'さんばい' });
    expect(words.map((w) => w.surface)).not.toContain('は');
    expect(words.map((w) => w.surface)).not.toContain('。');
  });
});

describe('vocabulary words', () => {
  it('gives surface, reading, base form, type and offsets, without particles or punctuation', () => {
    const text = 'ここで待ってください。';
    const words = language.vocabulary(language.analyse(text, 'ja'));
    expect(words.map((w) => [w.surface, w.word_type])).toEqual([
      ['ここ', 'pronoun'],
      ['待っ', 'verb'],
      ['ください', 'verb'],
    ]);
    expect(words[1]).toMatchObject({ base_form: '待つ', reading: 'まっ' });
    for (const w of words) expect(text.slice(w.start, w.end)).toBe(w.surface);
    const en = language.vocabulary(language.analyse('The old cat quickly ate my fish.', 'en'));
    expect(en.map((w) => [w.surface, w.word_type])).toEqual([
      ['The', 'determiner'],
      ['old', 'adjective'],
      ['cat', 'noun'],
      ['quickly', 'adverb'],
      ['ate', 'verb'],
      ['my', 'pronoun'],
      ['fish', 'noun'],
    ]);
    expect(en.find((w) => w.surface === 'ate')?.base_form).toBe('eat');
  });
});

describe('level profile', () => {
  it('counts content words at or below the target and lists the new words with glosses', () => {
    const profile = language.profile(language.analyse('彼は経済の曖昧な問題を東京で議論した。', 'ja'), 'N5');
    expect(profile.content_words).toBeGreaterThan(3);
    expect(profile.share_at_or_below).toBeLessThan(1);
    expect(profile.at_or_below + profile.new_words.length).toBeLessThanOrEqual(profile.content_words);
    const economy = profile.new_words.find((w) => w.base_form === '経済');
    expect(economy).toMatchObject({ reading: 'けいざい' });
    expect(economy?.gloss).toMatch(/econom/);
    expect(profile.kanji_above.map((k) => k.kanji)).toContain('曖');
    expect(profile.names).toContain('東京');
  });

  it('finds an easy English text entirely at A2', () => {
    const profile = language.profile(language.analyse('My sister has a small black cat. It likes milk.', 'en'), 'A2');
    expect(profile.share_at_or_below).toBe(1);
    expect(profile.new_words).toEqual([]);
  });
});

describe('numbers and counters', () => {
  it('parses and reads kanji numbers', () => {
    expect(parseNumber('三千五百')).toBe(3500);
    expect(parseNumber('二十')).toBe(20);
    expect(parseNumber('一万二千')).toBe(12000);
    expect(numberReading(800)).toBe('はっぴゃく');
    expect(numberReading(3000)).toBe('さんぜん');
  });

  it.each([
    [1, '本', 'いっぽん'],
    [3, '本', 'さんぼん'],
    [4, '本', 'よんほん'],
    [10, '分', 'じゅっぷん'],
    [4, '分', 'よんぷん'],
    [3, '階', 'さんがい'],
    [8, '冊', 'はっさつ'],
    [4, '時', 'よじ'],
    [9, '時', 'くじ'],
    [2, '人', 'ふたり'],
    [4, '人', 'よにん'],
    [20, '歳', 'はたち'],
    [20, '日', 'はつか'],
    [14, '日', 'じゅうよっか'],
  ])('%i%s → %s', (n, counter, reading) => {
    const r = counterReading(n, counter);
    expect(r.number + r.counter).toBe(reading);
  });
});
