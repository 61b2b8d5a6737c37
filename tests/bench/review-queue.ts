// Review: the due queue (today's allowance, capped counts and the queue's head) for a learner with 20,000
// cards, against fetching one card by its id in the same run. /review asks for it after every grade and the
// top bar's count on every page. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL names one.
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { reviewCards, reviewLogs, users } from '../../src/server/db/schema';
import { newCardColumns } from '../../src/server/review/fsrs-card';
import { createReview } from '../../src/server/review/service';
import { createWordKnowledge } from '../../src/server/words/knowledge';
import { median, percentile } from './support/stats';
import { scratchPostgres } from '../server/support/scratch-postgres';

const CARDS = 20_000;
const ROUNDS = 200;
const DAY = 86_400_000;
const BUDGET_MS = 20;
const ms = (value: number) => `${value.toFixed(3)} ms`;

async function measure(name: string, database: DatabaseHandle) {
  await database.migrate();
  const { db } = database;
  const [user] = await db.insert(users).values({ name: 'Bench', email: `bench-${Date.now()}@bench.test`, passwordHash: 'x' }).returning();
  const now = Date.now();
  // A long-time learner: a few thousand cards never studied, most in review spread over the next year,
  // about a thousand due (overdue by up to a month), and the day's grades so far.
  const rows = Array.from({ length: CARDS }, (_, i) => {
    const kind = i % 20;
    const base = { ...newCardColumns(new Date(now - (CARDS - i) * 60_000)) };
    if (kind < 3) return base;
    const due = kind === 3 ? new Date(now - (i % 30) * DAY) : new Date(now + ((i * 7919) % 365) * DAY + DAY);
    return { ...base, state: 2, due, stability: 10 + (i % 90), difficulty: 5, scheduledDays: 10 + (i % 90), reps: 4 + (i % 9), lastReview: new Date(due.getTime() - 10 * DAY) };
  });
  for (let i = 0; i < rows.length; i += 1000) {
    await db.insert(reviewCards).values(
      rows.slice(i, i + 1000).map((row, j) => ({
        ...row,
        userId: user!.id,
        language: 'ja' as const,
        kind: 'word' as const,
        key: `語${i + j}|ご${i + j}`,
        word: `語${i + j}`,
        sentence: `これは語${i + j}です。`,
      })),
    );
  }
  const [someCard] = await db.select({ id: reviewCards.id }).from(reviewCards).where(eq(reviewCards.userId, user!.id)).limit(1);
  await db.insert(reviewLogs).values(
    Array.from({ length: 40 }, (_, i) => ({ cardId: someCard!.id, userId: user!.id, language: 'ja' as const, rating: 3, stateBefore: i % 4 === 0 ? 0 : 2, before: {}, reviewedAt: new Date(now - i * 60_000) })),
  );
  // As PostgreSQL's autovacuum soon would after 20,000 new rows (PGlite has none): the planner's statistics.
  await db.execute(sql`analyze review_cards`);
  await db.execute(sql`analyze review_logs`);

  const review = createReview(db, createWordKnowledge(db));
  const queues: number[] = [];
  const lookups: number[] = [];
  let shown = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const queue = await review.queue(user!.id, 'Asia/Tokyo');
    queues.push(performance.now() - started);
    shown = queue.due + queue.new;
    const asked = performance.now();
    await db.select().from(reviewCards).where(eq(reviewCards.id, queue.cards[0]!.id));
    lookups.push(performance.now() - asked);
  }
  // The first rounds warm the query plans; the rest are measured.
  const steady = (values: number[]) => values.slice(10);
  const q = steady(queues);
  const l = steady(lookups);
  console.log(`${name}: ${CARDS.toLocaleString('en')} cards, ${ROUNDS - 10} rounds (${shown} left today within the limits)`);
  console.log(`  one card by id:  median ${ms(median(l))}, p95 ${ms(percentile(l, 95))}`);
  console.log(`  the due queue:   median ${ms(median(q))}, p95 ${ms(percentile(q, 95))}; ratio ${(median(q) / median(l)).toFixed(1)}× one card at the median`);
  console.log(`  under ${BUDGET_MS} ms: ${percentile(q, 95) < BUDGET_MS ? 'yes' : 'NO'} (p95)`);
  await database.close();
}

await measure('embedded database (PGlite)', openDatabase({ kind: 'pglite', client: new PGlite() }));
if (process.env.TEST_DATABASE_URL) {
  const scratch = await scratchPostgres(process.env.TEST_DATABASE_URL);
  await measure('PostgreSQL', openDatabase({ kind: 'postgres', url: scratch.url }));
  await scratch.drop();
} else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to compare)');
