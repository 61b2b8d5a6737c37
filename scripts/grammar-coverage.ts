/**
 * How much of the JLPT grammar checklist (assets/grammar/jlpt-grammar-points.tsv) the catalogue teaches:
 * per level, the points some pattern names in its `points`, and the ones none does.
 *   npx tsx scripts/grammar-coverage.ts            summary, and any `points` name that is not in the list
 *   npx tsx scripts/grammar-coverage.ts N2         also the N2 points not covered yet
 */
import { loadGrammarCatalogue } from '../src/server/language/grammar/catalogue';
import { grammarCoverage } from '../src/server/language/grammar/jlpt-points';

const show = process.argv.slice(2);
const patterns = loadGrammarCatalogue();
const { levels, unknown } = grammarCoverage(patterns);
for (const { level, total, covered, missing } of levels) {
  console.log(`${level}: ${covered}/${total} (${((covered / total) * 100).toFixed(0)}%)`);
  if (show.includes(level)) for (const title of missing) console.log(`  missing  ${title}`);
}
const english = patterns.filter((p) => p.language === 'en').length;
console.log(`English patterns: ${english}`);
for (const title of unknown) console.log(`NOT IN THE LIST: ${title}`);
if (unknown.length > 0) process.exit(1);
