// Prints, per library story: scenes, lines, words, endings, level coverage and kanji above level, then
// what keeps a story out of the library (exit code 1 when anything does).
// Usage: npm run library:stats [-- [--readings] file.json ...]   (default: every file in assets/stories)
// --readings also prints every Japanese line cut into words with their furigana (学校(がっこう)·へ), for
// an author to catch a misread or misparsed word.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedLanguageServices } from '../src/server/language/services';
import { LIBRARY_DIR } from '../src/server/storyteller/library/catalogue';
import { libraryStorySchema, type LibraryStory } from '../src/server/storyteller/library/format';
import { sceneTexts, storyStats } from '../src/server/storyteller/library/stats';
import { duplicateKeys, storyProblems } from '../src/server/storyteller/library/validate';
import { vocabularyGaps } from '../tests/server/language/support';

const args = process.argv.slice(2);
const printReadings = args.includes('--readings');
const named = args.filter((a) => a !== '--readings');
const files = named.length > 0
  ? named
  : readdirSync(LIBRARY_DIR).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(LIBRARY_DIR, f));
const language = sharedLanguageServices();
await language.ready;

const rows: string[][] = [['story', 'band top', 'scenes', 'lines', 'words', 'endings', 'paths', 'shortest', 'coverage', 'kanji above']];
const failures: string[] = [];
for (const file of files) {
  const name = path.basename(file);
  const text = readFileSync(file, 'utf8');
  const duplicates = duplicateKeys(text);
  if (duplicates.length > 0) failures.push(`${name}: written twice: ${duplicates.join(', ')}`);
  const parsed = libraryStorySchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    failures.push(...parsed.error.issues.slice(0, 20).map((i) => `${name}: ${i.path.join('.')}: ${i.message}`));
    continue;
  }
  const problems = storyProblems(parsed.data);
  if (problems.length > 0) {
    failures.push(...problems.map((p) => `${name}: ${p}`));
    continue;
  }
  const stats = storyStats(parsed.data, language);
  rows.push([
    stats.id, stats.target, `${stats.scenes}`, `${stats.lines}`, `${stats.words}`, `${stats.endings}`, `${stats.paths}`,
    `${stats.shortestPath}`, `${(stats.coverage * 100).toFixed(1)}%`, parsed.data.language === 'ja' ? stats.kanjiAbove.join('') || '–' : '',
  ]);
  failures.push(...stats.failures.map((f) => `${name}: ${f}`));
  failures.push(...vocabularyGaps(parsed.data, language).unexplained.map((w) => `${name}: vocabulary mode has no meaning for ${w}`));
  if (printReadings && parsed.data.language === 'ja') printLines(parsed.data);
}

function printLines(story: LibraryStory) {
  console.log(`\n${story.id}`);
  for (const [id, scene] of Object.entries(story.scenes)) {
    for (const text of sceneTexts(scene)) {
      const words = [...language.analyse(text, 'ja').html.matchAll(/<span data-t="\d+">(.*?)<\/span>/g)].map((m) =>
        m[1]!.replace(/<ruby>(.*?)<rt>(.*?)<\/rt><\/ruby>/g, '$1($2)').replace(/<[^>]+>/g, ''),
      );
      console.log(`  ${id}  ${words.join('·')}`);
    }
  }
}

const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
if (failures.length > 0) {
  console.log(`\n${failures.length} problem(s):`);
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
process.exitCode = failures.length > 0 ? 1 : 0;
