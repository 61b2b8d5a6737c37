import { beforeAll, describe as describeAll, expect, it } from 'vitest';
import { JLPT_LEVELS } from '../../../src/shared/language';
import { loadGrammarCatalogue } from '../../../src/server/language/grammar/catalogue';
import { explainPattern } from '../../../src/server/language/grammar/explain';
import { grammarCoverage } from '../../../src/server/language/grammar/jlpt-points';
import { checkPatterns, precisionOf } from '../../../src/server/language/grammar/self-check';
import type { LanguageServices } from '../../../src/server/language/services';
import { languageServices } from './support';

const describe = describeAll.skipIf(process.env.TEST_DB === 'postgres');

const catalogue = loadGrammarCatalogue();
let language: LanguageServices;
beforeAll(async () => {
  language = await languageServices();
});

describe('the pattern catalogue', () => {
  it('has at least 150 Japanese patterns over N5–N1 and 60 English over A1–C1', () => {
    const ja = catalogue.filter((p) => p.language === 'ja');
    const en = catalogue.filter((p) => p.language === 'en');
    expect(ja.length).toBeGreaterThanOrEqual(150);
    expect(en.length).toBeGreaterThanOrEqual(60);
    for (const level of JLPT_LEVELS) expect(ja.filter((p) => p.level === level).length, level).toBeGreaterThanOrEqual(15);
    for (const level of ['A1', 'A2', 'B1', 'B2', 'C1']) expect(en.filter((p) => p.level === level).length, level).toBeGreaterThanOrEqual(4);
  });

  it('covers the N5 and N4 staples', () => {
    const patterns = new Set(catalogue.map((p) => p.id));
    for (const id of ['ja-n5-tai', 'ja-n5-te-mo-ii']) expect(patterns).toContain(id);
    const n4 = catalogue.filter((p) => p.level === 'N4').map((p) => p.pattern).join(' ');
    for (const staple of ['たら', 'ば', 'ても', 'のに', 'そう', 'てしまう', 'てみる', 'ておく']) expect(n4).toContain(staple);
  });
});

describe('detection', () => {
  it('finds every example of every pattern with the pattern’s own rule', () => {
    const checks = checkPatterns(catalogue, (text, lang) => language.tokenize(text, lang));
    const missed = checks.flatMap((c) => c.missed.map((s) => `${c.id}: ${s}`));
    expect(missed).toEqual([]);
    expect(checks.reduce((n, c) => n + c.truePositives, 0)).toBeGreaterThanOrEqual(catalogue.length * 2);
  });

  it('measures precision on near-miss sentences that lack the pattern', () => {
    const checks = checkPatterns(catalogue, (text, lang) => language.tokenize(text, lang));
    const precision = precisionOf(checks);
    const falseHits = checks.flatMap((c) => c.falseHits.map((s) => `${c.id}: ${s}`));
    console.log(`grammar precision on ${checks.reduce((n, c) => n + c.falseHits.length, 0)} false / ${catalogue.reduce((n, p) => n + p.negatives.length, 0)} negatives: ${(precision * 100).toFixed(1)}%`);
    expect(falseHits).toEqual([]);
    expect(precision).toBeGreaterThanOrEqual(0.95);
  });

  it('reports offsets whose text is the matched text, in the plain text of a marked-up line', () => {
    for (const [line, lang] of [
      ['{写真|しゃしん}を撮ってもいいですか。', 'ja'],
      ['日本に行きたいです。', 'ja'],
      ["I've been waiting for an hour!", 'en'],
    ] as const) {
      const analysed = language.analyse(line, lang);
      const found = language.grammar(analysed);
      expect(found.length).toBeGreaterThan(0);
      for (const p of found) expect(analysed.text.slice(p.start, p.end)).toBe(p.matched_text);
    }
    const found = language.grammar(language.analyse('ここで写真を撮ってもいいですか。', 'ja'));
    expect(found.find((p) => p.id === 'ja-n5-te-mo-ii')).toMatchObject({ matched_text: 'てもいい', level: 'N5' });
  });
});

describe('coverage of what learners meet', () => {
  it('teaches at least 80% of the JLPT grammar points at every level, naming only points of the list', () => {
    const { levels, unknown } = grammarCoverage(catalogue);
    expect(unknown).toEqual([]);
    for (const { level, covered, total } of levels) expect(covered / total, level).toBeGreaterThanOrEqual(0.8);
  });

  it('has at least 150 English patterns from A1 to C1', () => {
    const english = catalogue.filter((p) => p.language === 'en');
    expect(english.length).toBeGreaterThanOrEqual(150);
    for (const level of ['A1', 'A2', 'B1', 'B2', 'C1']) expect(english.filter((p) => p.level === level).length, level).toBeGreaterThanOrEqual(10);
  });

  it('explains one pattern per stretch of text: the more specific wins, and a grammar point taught twice shows once', () => {
    const found = language.grammar(language.analyse('ここで写真を撮ってもいいですか。', 'ja'));
    const starts = found.map((p) => p.start);
    expect(new Set(starts).size).toBe(starts.length);
    expect(found.map((p) => p.matched_text)).not.toContain('ても');
  });
});

describe('explanations', () => {
  it('carries the level, type, examples and an Anki card', () => {
    const pattern = catalogue.find((p) => p.id === 'ja-n5-tai')!;
    const explanation = explainPattern(pattern, '海で泳ぎたい。');
    expect(explanation).toMatchObject({ jlpt_level: 'N5', pattern_type: pattern.type });
    expect(explanation.cefr_level).toBeUndefined();
    expect(explanation.examples.length).toBeGreaterThanOrEqual(2);
    expect(explanation.anki_export_data.front).toBe(`${pattern.pattern}\n\n海で泳ぎたい。`);
    expect(explanation.anki_export_data.back).toContain(`Meaning: ${pattern.meaning}`);
    expect(explanation.anki_export_data.back).toContain(pattern.examples[0]!.japanese!);
    const english = catalogue.find((p) => p.language === 'en')!;
    expect(explainPattern(english, 'x').cefr_level).toBe(english.level);
  });
});
