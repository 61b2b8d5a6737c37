import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import { CEFR_LEVELS, JLPT_LEVELS } from '../../../src/shared/language';
import { loadJlptWords } from '../../../src/server/language/japanese/jlpt-words';
import type { LanguageServices } from '../../../src/server/language/services';
import { readTsv } from '../../../src/server/language/tsv';
import { languageServices } from './support';

// Pure language code: once is enough, not again on PostgreSQL.
const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

/** The level a word of one language gets when a learner taps it alone. */
function tappedLevel(word: string, lang: 'ja' | 'en') {
  const words = language.vocabulary(language.analyse(word, lang));
  return words.length === 1 ? words[0]!.level : undefined;
}

describe('levels agree with the standard lists', () => {
  it('gives at least 95% of the JLPT-listed words their listed level, as a learner taps them', () => {
    const listed = new Map<string, (typeof JLPT_LEVELS)[number]>();
    for (const { words, level } of loadJlptWords()) {
      const known = listed.get(words[0]!);
      if (!known || JLPT_LEVELS.indexOf(level) < JLPT_LEVELS.indexOf(known)) listed.set(words[0]!, level);
    }
    let agree = 0;
    let tapped = 0;
    for (const [word, level] of listed) {
      const got = tappedLevel(word, 'ja');
      if (got === undefined) continue; // split into several words when alone: graded word by word
      tapped++;
      if (got === level) agree++;
    }
    expect(tapped).toBeGreaterThan(7000);
    expect(agree / tapped).toBeGreaterThanOrEqual(0.95);
  });

  it('gives at least 95% of the CEFR-listed words their listed level, as a learner taps them', () => {
    // A word listed under several parts of speech is taught at its easiest (src/server/language/english/levels.ts).
    const listed = new Map<string, (typeof CEFR_LEVELS)[number]>();
    for (const row of readTsv('levels/cefr-words.tsv')) {
      const level = CEFR_LEVELS.find((l) => l === row.level);
      if (!level) continue;
      for (const spelling of (row.headword ?? '').split('/')) {
        const word = spelling.trim();
        const known = listed.get(word.toLowerCase());
        if (word && (!known || CEFR_LEVELS.indexOf(level) < CEFR_LEVELS.indexOf(known))) listed.set(word.toLowerCase(), level);
      }
    }
    let agree = 0;
    let tapped = 0;
    for (const [word, level] of listed) {
      const got = tappedLevel(word, 'en');
      if (got === undefined) continue;
      tapped++;
      if (got === level) agree++;
    }
    expect(tapped).toBeGreaterThan(8000);
    expect(agree / tapped).toBeGreaterThanOrEqual(0.95);
  });

  it('grades inflected forms by the word they come from', () => {
    const levelIn = (sentence: string, surface: string, lang: 'ja' | 'en' = 'ja') =>
      language.vocabulary(language.analyse(sentence, lang)).find((w) => w.surface === surface)?.level;
    // Potential forms: the verb's level, at least N4 where the potential is taught (not N1 as unknown words).
    expect(levelIn('本当のことが言えない。', '言え')).toBe('N4');
    expect(levelIn('日本語が話せる。', '話せる')).toBe('N4');
    expect(levelIn('漢字が書けるようになった。', '書ける')).toBe('N4');
    expect(levelIn('昨日は本を読んだ。', '読ん')).toBe('N5');
    expect(levelIn('駅まで行かなかった。', '行か')).toBe('N5');
    // Prefixed nouns as the list writes them, and a verb's stem used as a noun.
    expect(levelIn('お茶を飲みましょう。', 'お茶')).toBe('N5');
    expect(levelIn('お皿を洗った。', '皿')).toBe('N5');
    expect(levelIn('明日は休みです。', '休み')).toBe('N5');
    expect(levelIn('She was running to school.', 'running', 'en')).toBe('A1');
    expect(levelIn('They studied all night.', 'studied', 'en')).toBe('A1');
    expect(levelIn('The children went home.', 'children', 'en')).toBe('A1');
  });
});
