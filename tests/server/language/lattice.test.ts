import { readFileSync } from 'node:fs';
import path from 'node:path';
import kuromoji from 'kuromoji';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGrammarCatalogue } from '../../../src/server/language/grammar/catalogue';
import { ipadicDirectory, loadIpadic } from '../../../src/server/language/japanese/ipadic';
import { createLatticeTokenizer } from '../../../src/server/language/japanese/lattice';
import { stripMarkup } from './support';

/** Every Japanese sentence the project holds, and lines that stress the edges of the lattice. */
function corpus(): string[] {
  const lines = new Set<string>();
  for (const pattern of loadGrammarCatalogue().filter((p) => p.language === 'ja')) {
    for (const example of pattern.examples) lines.add(example.japanese!);
    for (const negative of pattern.negatives) lines.add(negative);
  }
  const fixture = readFileSync(path.join(import.meta.dirname, 'fixtures/furigana.txt'), 'utf8');
  for (const line of fixture.split('\n')) if (line.trim() && !line.startsWith('#')) lines.add(stripMarkup(line));
  return [
    ...lines,
    'ボーフォートさんはﾃｽﾄでＡＢＣ123を見た。',
    'ええと、、、。。それは……「本当？」',
    'ABC def 42 ＋ 3.14',
    '😀😀を見た、😀。',
    '私は' + '東京'.repeat(40) + 'に行きたい',
    'あ',
    '。',
    '',
  ];
}

describe.skipIf(process.env.TEST_DB === 'postgres')('the lattice tokenizer', () => {
  let reference: kuromoji.Tokenizer<kuromoji.IpadicFeatures>;
  let lattice: ReturnType<typeof createLatticeTokenizer>;
  beforeAll(async () => {
    reference = await new Promise((resolve, reject) =>
      kuromoji.builder({ dicPath: ipadicDirectory }).build((error, built) => (error ? reject(error) : resolve(built))),
    );
    lattice = createLatticeTokenizer(loadIpadic());
  });

  it("finds kuromoji's best path on every sentence of the project", () => {
    // kuromoji counts positions in code points and loses words after a character outside the BMP
    // (an emoji); the lattice counts UTF-16 units, so only those lines are left out of the comparison.
    const lines = corpus().filter((line) => !/[\uD800-\uDFFF]/.test(line));
    expect(lines.length).toBeGreaterThan(500);
    for (const line of lines) {
      const ours = lattice(line).map((m) => `${m.surface}/${m.entry.pos}/${m.entry.base || m.surface}`);
      const theirs = reference.tokenize(line).map((t) => `${t.surface_form}/${t.pos}/${t.basic_form === '*' ? t.surface_form : t.basic_form}`);
      expect(ours, line).toEqual(theirs);
    }
  });

  it('gives UTF-16 offsets that cover the text exactly', () => {
    for (const line of corpus()) {
      let at = 0;
      for (const m of lattice(line)) {
        expect(m.start, line).toBe(at);
        expect(line.slice(m.start, m.start + m.surface.length)).toBe(m.surface);
        at += m.surface.length;
      }
      expect(at, line).toBe(line.length);
    }
    expect(lattice('😀😀を見た、😀。').map((m) => m.surface)).toEqual(['😀😀', 'を', '見', 'た', '、', '😀', '。']);
  });
});
