// Full Japanese analysis (tokens, furigana html, vocabulary, grammar) against kuromoji tokenising the
// same lines alone, and against kuroshiro's furigana conversion; all measured in this one run.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import kuromoji from 'kuromoji';
import Kuroshiro from 'kuroshiro';
import KuromojiAnalyzer from 'kuroshiro-analyzer-kuromoji';
import { loadGrammarCatalogue } from '../../src/server/language/grammar/catalogue';
import { createLanguageServices } from '../../src/server/language/services';
import { median } from './support/stats';

const root = path.resolve(import.meta.dirname, '../..');
const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);
const rssBefore = rssMb();

// The corpus: every Japanese sentence the project holds (grammar examples and near-misses, the
// furigana set), then pairs of them as two-sentence dialogue lines until there are 2,400 lines.
const sentences = new Set<string>();
for (const pattern of loadGrammarCatalogue().filter((p) => p.language === 'ja')) {
  for (const example of pattern.examples) sentences.add(example.japanese!);
  for (const negative of pattern.negatives) sentences.add(negative);
}
for (const line of readFileSync(path.join(root, 'tests/server/language/fixtures/furigana.txt'), 'utf8').split('\n')) {
  if (line.trim() && !line.startsWith('#')) sentences.add(line.replace(/\{([^|}]+)\|[^}]+\}/g, '$1'));
}
const base = [...sentences];
const lines = [...base];
for (let i = 0; lines.length < 2400; i++) lines.push(base[i % base.length]! + base[(i * 7 + 3) % base.length]!);

const services = createLanguageServices();
await services.ready;
console.log(`resident memory: ${rssBefore} MB at start, ${rssMb()} MB with the language data loaded`);

const dicPath = path.join(path.dirname(createRequire(import.meta.url).resolve('kuromoji/package.json')), 'dict');
const tokenizer = await new Promise<kuromoji.Tokenizer<kuromoji.IpadicFeatures>>((resolve, reject) =>
  kuromoji.builder({ dicPath }).build((error, built) => (error ? reject(error) : resolve(built))),
);
// kuroshiro ships CommonJS with its class on .default.
const KuroshiroClass = ((Kuroshiro as unknown as { default?: typeof Kuroshiro }).default ?? Kuroshiro) as typeof Kuroshiro;
const kuroshiro = new KuroshiroClass();
await kuroshiro.init(new KuromojiAnalyzer({ dictPath: dicPath }));

// The three are measured in turns, round after round, and each keeps its median round, so a
// noisy neighbour or a late JIT skews none of them more than the others.
const ROUNDS = 5;
let sink = 0;
const runs = {
  kuromoji: async () => {
    for (const line of lines) sink += tokenizer.tokenize(line).length;
  },
  ours: async () => {
    for (const line of lines) {
      const analysed = services.analyse(line, 'ja');
      sink += analysed.html.length + services.vocabulary(analysed).length + services.grammar(analysed).length;
    }
  },
  kuroshiro: async () => {
    for (const line of lines) sink += (await kuroshiro.convert(line, { mode: 'furigana', to: 'hiragana' })).length;
  },
};
const times: Record<keyof typeof runs, number[]> = { kuromoji: [], ours: [], kuroshiro: [] };
for (let round = -1; round < ROUNDS; round++) {
  for (const name of Object.keys(runs) as (keyof typeof runs)[]) {
    const started = performance.now();
    await runs[name]();
    if (round >= 0) times[name].push(performance.now() - started); // round -1 warms up
  }
}
const kuromojiMs = median(times.kuromoji);
const oursMs = median(times.ours);
const kuroshiroMs = median(times.kuroshiro);

const perLine = (ms: number) => `${((ms / lines.length) * 1000).toFixed(0)} µs/line`;
console.log(`${lines.length} Japanese lines, ${services.catalogue().length} grammar patterns (checksum ${sink % 997})`);
console.log(`kuromoji tokenize only:            ${kuromojiMs.toFixed(0)} ms  (${perLine(kuromojiMs)})`);
console.log(`full analysis (ours):              ${oursMs.toFixed(0)} ms  (${perLine(oursMs)})`);
console.log(`kuroshiro furigana conversion:     ${kuroshiroMs.toFixed(0)} ms  (${perLine(kuroshiroMs)})`);
console.log(`resident memory after the runs (dictionary blocks read on use): ${rssMb()} MB`);
const ratio = oursMs / kuromojiMs;
console.log(`ratio full analysis / kuromoji:    ${ratio.toFixed(2)}  (target ≤ 1.2)`);
console.log(`ratio full analysis / kuroshiro:   ${(oursMs / kuroshiroMs).toFixed(2)}  (target < 1.0)`);
if (ratio > 1.2 || oursMs >= kuroshiroMs) process.exitCode = 1;
