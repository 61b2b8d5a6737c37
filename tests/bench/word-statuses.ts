// Learner memory: the statuses of one line's words for a learner who knows 20,000 words, against the line's
// own analysis measured in the same run. The reader asks for both with every line in vocabulary mode (and
// with furigana by knowledge). On the embedded database, and on PostgreSQL when TEST_DATABASE_URL names one.
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { users, wordKnowledge } from '../../src/server/db/schema';
import { sharedLanguageServices } from '../../src/server/language/services';
import { createWordKnowledge } from '../../src/server/words/knowledge';
import { levelLists } from '../../src/server/words/level-lists';
import { median, percentile } from './support/stats';
import { scratchPostgres } from '../server/support/scratch-postgres';

const KNOWN_WORDS = 20_000;
const ROUNDS = 80;
// Lines of the kind a scene has, our own.
const LINES = [
  '放課後、図書館で借りた本を返しに行ったら、先生が窓の外をじっと見ていた。',
  '「明日の朝、駅の前で待っているから、遅れないでね」と彼女は笑いながら言った。',
  '雨が降りそうだったので、傘を持って家を出たけれど、結局一度も使わなかった。',
  '古い地図によると、この森の奥には誰も知らない小さな湖があるらしい。',
  '電話が鳴ったとき、私はちょうど晩ご飯の準備をしていたところだった。',
  '会議の資料を忘れてしまい、部長に正直に謝るしかなかった。',
];

const language = sharedLanguageServices();
await language.warm();
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function measure(name: string, database: DatabaseHandle) {
  await database.migrate();
  const { db } = database;
  const [user] = await db.insert(users).values({ name: 'Bench', email: `bench-${Date.now()}@bench.test`, passwordHash: 'x' }).returning();
  // The JLPT list's words, then made-up ones, to 20,000 known.
  const keys = [...new Set(levelLists().ja.flatMap((w) => w.keys))];
  for (let i = 0; keys.length < KNOWN_WORDS; i++) keys.push(`語${i}|ご${i}`);
  for (let i = 0; i < KNOWN_WORDS; i += 1000) {
    await db.insert(wordKnowledge).values(keys.slice(i, i + 1000).map((key) => ({ userId: user!.id, language: 'ja' as const, key, status: 'known' as const })));
  }
  // As PostgreSQL's autovacuum soon would after 20,000 new rows (PGlite has none): the planner's statistics.
  await db.execute(sql`analyze word_knowledge`);
  const knowledge = createWordKnowledge(db);
  const analyses: number[] = [];
  const lookups: number[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const line of LINES) {
      // Fresh each time: the analysis call does not cache on the server.
      const started = performance.now();
      const result = language.analysis(`${line}${'　'.repeat(round % 2)}`, 'ja', 'N4');
      analyses.push(performance.now() - started);
      const lineKeys = result.vocabulary_words.map((w) => w.key);
      const asked = performance.now();
      found += Object.keys(await knowledge.statuses(user!.id, 'ja', lineKeys)).length;
      lookups.push(performance.now() - asked);
    }
  }
  // The first rounds warm the query plan and the dictionary; the rest are measured.
  const steady = (values: number[]) => values.slice(LINES.length * 5);
  const a = steady(analyses);
  const l = steady(lookups);
  console.log(`${name}: ${KNOWN_WORDS.toLocaleString('en')} known words, ${LINES.length} lines × ${ROUNDS - 5} rounds (${found} statuses found)`);
  console.log(`  line analysis:        median ${ms(median(a))}, p95 ${ms(percentile(a, 95))}`);
  console.log(`  statuses of its words: median ${ms(median(l))}, p95 ${ms(percentile(l, 95))}; ratio ${(median(l) / median(a)).toFixed(2)}× the analysis at the median`);
  console.log(`  under 1 ms: ${median(l) < 1 ? 'yes' : 'NO'} (median)`);
  await database.close();
}

await measure('embedded database (PGlite)', openDatabase({ kind: 'pglite', client: new PGlite() }));
if (process.env.TEST_DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
  await measure('PostgreSQL', openDatabase({ kind: 'postgres', url: scratch.url }));
  await scratch.drop();
} else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to compare)');
