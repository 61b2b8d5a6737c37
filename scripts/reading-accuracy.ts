/**
 * Reading accuracy of the Japanese analyser on sentences with hand-checked furigana ({base|reading}):
 * the share of sentences read entirely right, the share of characters right (edit distance between the
 * read-aloud texts), and every sentence read wrong.
 *   npx tsx scripts/reading-accuracy.ts [file …]   (default: tests/server/language/fixtures/furigana.txt)
 */
import { readFileSync } from 'node:fs';
import { toHiragana } from '../src/server/language/japanese/kana';
import { sharedLanguageServices } from '../src/server/language/services';
import { readAloud, readAloudMarkup, stripMarkup } from '../tests/server/language/support';

const files = process.argv.slice(2);
const sentences = (files.length > 0 ? files : ['tests/server/language/fixtures/furigana.txt']).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#')),
);

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}

const services = sharedLanguageServices();
await services.ready;
let right = 0;
let characters = 0;
let wrongCharacters = 0;
for (const line of sentences) {
  const expected = toHiragana(readAloudMarkup(line));
  const actual = toHiragana(readAloud(services.analyse(stripMarkup(line), 'ja').html));
  characters += expected.length;
  const distance = editDistance(expected, actual);
  wrongCharacters += distance;
  if (distance === 0) right++;
  else console.log(`WRONG  ${stripMarkup(line)}\n  want ${expected}\n  got  ${actual}`);
}
const percent = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}%`;
console.log(
  `\n${sentences.length} sentences: ${percent(right, sentences.length)} read entirely right; ` +
    `${percent(characters - wrongCharacters, characters)} of ${characters} characters right`,
);
