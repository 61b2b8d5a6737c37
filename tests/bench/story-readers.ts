// 200 learners reading at once, against one reader alone on the same server in the same run: how long a
// story event takes from publish on the server to receipt on a reader's socket, and how long the reading
// itself takes. On the embedded database, and on PostgreSQL when TEST_DATABASE_URL names one.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startOutside, type CreateMessage } from './support/outside';
import { median, percentile } from './support/stats';
import { startStoryBenchServer } from './support/story-bench-server';

const READERS = 200;
const SCENES = 2;
const LINE_DELAY_MS = 300;
const messages: CreateMessage[] = [
  { type: 'create_story', theme: 'slice_of_life', language: 'ja', language_level: 'N5' },
  { type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A2' },
];

const outside = await startOutside();
const ms = (value: number) => `${value.toFixed(1)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function measure(name: string, postgresUrl?: string) {
  const server = await startStoryBenchServer({ LIBRARY_LINE_DELAY_MS: String(LINE_DELAY_MS) }, postgresUrl);

  async function readAtOnce(count: number) {
    const tokens = await server.readers(count);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const { receipts, errors, readers } = await outside.read({ ws: server.ws, tokens, messages, scenes: SCENES });
    loop.disable();
    if (errors.length > 0) throw new Error(`${errors.length} readers got errors, e.g. ${errors[0]}`);
    const latencies = receipts.map(([key, at]) => {
      const published = server.publishedAt.get(key);
      if (published === undefined) throw new Error(`event ${key} arrived but was never published`);
      return at - published;
    });
    return {
      latencies,
      firstLines: readers.map((r) => r.firstLine),
      readings: readers.map((r) => r.finished),
      loopP99: loop.percentile(99) / 1e6,
    };
  }

  // Warms the server's paths first (the stories' pictures, the first query plans).
  await readAtOnce(2);
  const alone = await readAtOnce(1);
  const crowd = await readAtOnce(READERS);
  await server.close();

  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
  console.log(`${name}: library stories at ${LINE_DELAY_MS} ms a line, ${SCENES} scenes each, Japanese and English`);
  console.log(`  publish → receipt, 1 reader:    median ${ms(median(alone.latencies))}, p99 ${ms(percentile(alone.latencies, 99))} (${alone.latencies.length} events)`);
  console.log(`  publish → receipt, ${READERS} readers: median ${ms(median(crowd.latencies))}, p99 ${ms(percentile(crowd.latencies, 99))} (${crowd.latencies.length} events); ratio ${ratio(median(crowd.latencies), median(alone.latencies))} at the median, ${ratio(percentile(crowd.latencies, 99), percentile(alone.latencies, 99))} at p99`);
  console.log(`  create → first line, ${READERS} readers: median ${ms(median(crowd.firstLines))}, p99 ${ms(percentile(crowd.firstLines, 99))} (1 reader: ${ms(alone.firstLines[0]!)})`);
  console.log(`  both scenes read, ${READERS} readers: median ${s(median(crowd.readings))}, p99 ${s(percentile(crowd.readings, 99))} (1 reader: ${s(alone.readings[0]!)}); server event-loop delay p99 ${ms(crowd.loopP99)}`);
}

await measure('embedded database (PGlite)');
if (process.env.TEST_DATABASE_URL) await measure('PostgreSQL', process.env.TEST_DATABASE_URL);
else console.log('PostgreSQL: skipped (set TEST_DATABASE_URL to compare)');
await outside.stop();
