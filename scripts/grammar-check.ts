/**
 * Checks grammar pattern files: every example found by its own rule, no negative found.
 *   npx tsx scripts/grammar-check.ts [assets/grammar/ja-n5.json …]   (all files when none given)
 *   npx tsx scripts/grammar-check.ts --tokens ja "食べなければならない"    (prints the tokens a rule sees)
 */
import { mkdtempSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createEnglishTokenizer } from '../src/server/language/english/tokenizer';
import { GRAMMAR_DIR, loadGrammarCatalogue } from '../src/server/language/grammar/catalogue';
import { checkPatterns, precisionOf } from '../src/server/language/grammar/self-check';
import { loadJapaneseTokenizer } from '../src/server/language/japanese/tokenizer';
import type { Token } from '../src/server/language/token';

const args = process.argv.slice(2);
const ja = await loadJapaneseTokenizer();
const en = createEnglishTokenizer();
const tokenize = (text: string, language: string) => (language === 'ja' ? ja(text) : en(text));
const show = (tokens: Token[]) =>
  tokens.map((t) => `${t.surface}[s=${t.norm} b=${t.base} p=${t.pos}${t.detail ? ` d=${t.detail}` : ''}${t.form ? ` f=${t.form}` : ''}]`).join('  ');

if (args[0] === '--tokens') {
  console.log(show(tokenize(args[2] ?? '', args[1] ?? 'ja')));
  process.exit(0);
}

let dir = GRAMMAR_DIR;
if (args.length > 0) {
  dir = mkdtempSync(path.join(tmpdir(), 'grammar-'));
  for (const file of args) copyFileSync(file, path.join(dir, path.basename(file)));
}
const patterns = loadGrammarCatalogue(dir);
const checks = checkPatterns(patterns, tokenize);
let problems = 0;
for (const check of checks) {
  const pattern = patterns.find((p) => p.id === check.id)!;
  for (const sentence of check.missed) {
    problems++;
    console.log(`MISSED  ${check.id}: ${sentence}\n        ${show(tokenize(sentence, pattern.language))}`);
  }
  for (const sentence of check.falseHits) {
    problems++;
    console.log(`FALSE   ${check.id}: ${sentence}\n        ${show(tokenize(sentence, pattern.language))}`);
  }
}
const count = (language: string, level: string) => patterns.filter((p) => p.language === language && p.level === level).length;
console.log(
  `\n${patterns.length} patterns (ja ${['N5', 'N4', 'N3', 'N2', 'N1'].map((l) => `${l}:${count('ja', l)}`).join(' ')}; ` +
    `en ${['A1', 'A2', 'B1', 'B2', 'C1', 'C2'].map((l) => `${l}:${count('en', l)}`).join(' ')}), ` +
    `${problems} problems, precision on negatives ${(precisionOf(checks) * 100).toFixed(1)}%`,
);
process.exit(problems > 0 ? 1 : 0);
