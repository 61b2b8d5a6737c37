// Several server processes on one PostgreSQL, as behind a load balancer: 200 learners create a story at once
// on one process and then on three (create → first line, ratio printed). Then 200 stories start over one
// scene's length on the three, each read by its creator and by two more readers on the other processes (600
// sockets), and go on to a second scene; every line's publish → receipt is timed from its row's time, for the
// second scenes (every story under way) and for all lines. Prints each process's resident memory once its
// language data is loaded. Needs TEST_DATABASE_URL.
import { readFileSync } from 'node:fs';
import pg from 'pg';
import WebSocket from 'ws';
import { startCluster, type Cluster } from '../server/support/cluster';
import type { ReadyServer } from '../server/support/server-process';
import { wallClock } from './support/clock';
import { median, percentile } from './support/stats';

/** BENCH_CREATES makes a smaller run for a quick look; the figures in docs/operations.md are at 200. */
const CREATES = Number(process.env.BENCH_CREATES ?? 200);
const LINE_DELAY_MS = 300;
/** Readers start one after another over about one scene's length, as learners do, not all in the same millisecond. */
const START_SPREAD_MS = 3_000;
const MEMORY_LIMIT_MB = 500;
const creates = [
  { type: 'create_story', theme: 'slice_of_life', language: 'ja', language_level: 'N5' },
  { type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A2' },
];

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log('cluster: skipped (set TEST_DATABASE_URL to a PostgreSQL server)');
  process.exit(0);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const residentMb = (pid: number, field: 'VmRSS' | 'VmHWM') => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** A socket that notes when each event arrives, by event id and type; waiting costs nothing until one comes. */
function open(server: ReadyServer, id: string, token: string) {
  const ws = new WebSocket(`${server.ws}/ws/story/${id}?token=${encodeURIComponent(token)}`);
  const arrivals: { type: string; eventId: number; storyId?: string; at: number; data: Record<string, unknown> }[] = [];
  const waiting = new Map<string, { resolve(arrival: (typeof arrivals)[number]): void; reject(err: Error): void }>();
  ws.on('message', (raw: Buffer) => {
    const at = wallClock();
    const event = JSON.parse(raw.toString('utf8')) as { type: string; event_id: number; story_id?: string; data: Record<string, unknown> };
    const arrival = { type: event.type, eventId: event.event_id, storyId: event.story_id, at, data: event.data };
    arrivals.push(arrival);
    if (event.type === 'error') for (const w of waiting.values()) w.reject(new Error(`error event: ${JSON.stringify(event.data)}`));
    waiting.get(event.type)?.resolve(arrival);
    waiting.delete(event.type);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = (type: string, ms = 60_000) => {
    const found = arrivals.find((a) => a.type === type);
    if (found) return Promise.resolve(found);
    return new Promise<(typeof arrivals)[number]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type}`)), ms);
      waiting.set(type, {
        resolve: (arrival) => (clearTimeout(timer), resolve(arrival)),
        reject: (err) => (clearTimeout(timer), reject(err)),
      });
    });
  };
  return { ws, arrivals, opened, until };
}

/** CPU seconds a process has used so far (user and system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Waits until every process uses under a tenth of a core over a second (its background renders are done). */
async function quiet(cluster: Cluster, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const before = cluster.processes.map((p) => cpuSeconds(p.pid));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cluster.processes.every((p, i) => cpuSeconds(p.pid) - before[i]! < 0.1) || Date.now() > deadline) return;
  }
}

async function waitForDictionaries(cluster: Cluster) {
  await Promise.all(cluster.processes.map((p) => p.waitFor(/"msg":"dictionary loaded"/, 120_000)));
}

/** 200 creates at once, spread over the processes; resolves with create → first line per story and the sockets. */
async function createAtOnce(cluster: Cluster) {
  const readers = await Promise.all(Array.from({ length: CREATES }, () => cluster.reader()));
  const sockets = readers.map((r, i) => ({ reader: r, on: i % cluster.processes.length, socket: open(cluster.processes[i % cluster.processes.length]!, `temp-bench-${i}`, r.token) }));
  await Promise.all(sockets.map((s) => s.socket.opened));
  await Promise.all(sockets.map((s) => s.socket.until('connected')));
  const sentAt = wallClock();
  sockets.forEach((s, i) => s.socket.ws.send(JSON.stringify(creates[i % creates.length])));
  const firstLines = await Promise.all(sockets.map(async (s) => (await s.socket.until('scene_part_ready', 120_000)).at - sentAt));
  return { firstLines, sockets };
}

async function oneProcess() {
  const cluster = await startCluster(url!, 1, { LIBRARY_LINE_DELAY_MS: String(LINE_DELAY_MS), LOG_LEVEL: 'info' });
  try {
    await waitForDictionaries(cluster);
    const { firstLines, sockets } = await createAtOnce(cluster);
    for (const s of sockets) s.socket.ws.close();
    return firstLines;
  } finally {
    await cluster.stop();
  }
}

async function threeProcesses() {
  const cluster = await startCluster(url!, 3, { LIBRARY_LINE_DELAY_MS: String(LINE_DELAY_MS), LOG_LEVEL: 'info' });
  try {
    await waitForDictionaries(cluster);
    const loaded = cluster.processes.map((p) => residentMb(p.pid, 'VmRSS'));
    const atOnce = await createAtOnce(cluster);
    await Promise.all(atOnce.sockets.map((s) => s.socket.until('stream_done', 180_000)));
    for (const s of atOnce.sockets) s.socket.ws.close();
    const reading = await readAcross(cluster);
    const peak = cluster.processes.map((p) => residentMb(p.pid, 'VmHWM'));
    const after = cluster.processes.map((p) => residentMb(p.pid, 'VmRSS'));
    return { firstLines: atOnce.firstLines, ...reading, loaded, after, peak };
  } finally {
    await cluster.stop();
  }
}

/** 200 stories, each read on all three processes: publish → receipt of every line that arrived live. */
async function readAcross(cluster: Cluster) {
  const all: { socket: ReturnType<typeof open>; askedAt: number }[] = [];
  await quiet(cluster);
  const readers = await Promise.all(Array.from({ length: CREATES }, () => cluster.reader()));
  await Promise.all(
    readers.map(async (reader, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * START_SPREAD_MS) / CREATES));
      const on = i % 3;
      const creator = open(cluster.processes[on]!, `temp-read-${i}`, reader.token);
      await creator.opened;
      await creator.until('connected');
      creator.ws.send(JSON.stringify(creates[i % creates.length]));
      all.push({ socket: creator, askedAt: 0 });
      const storyId = String((await creator.until('story_id_ready')).data.story_id);
      // Two more readers of the story, on the two other processes.
      for (const offset of [1, 2]) {
        const follower = open(cluster.processes[(on + offset) % 3]!, storyId, reader.token);
        await follower.opened;
        const askedAt = wallClock();
        follower.ws.send(JSON.stringify({ type: 'get_current_scene' }));
        all.push({ socket: follower, askedAt });
      }
    }),
  );
  // The second scene: every story is under way, and the first scenes' pictures and sprites (hundreds of renders
  // on the same two cores) are drawn, so what is timed is the way of a line to its readers.
  await Promise.all(all.map(({ socket }) => socket.until('stream_done', 180_000)));
  await quiet(cluster);
  const secondFrom = wallClock();
  await Promise.all(
    all
      .filter(({ askedAt }) => askedAt === 0)
      .map(async ({ socket }, i) => {
        await new Promise((resolve) => setTimeout(resolve, (i * START_SPREAD_MS) / CREATES));
        const choices = (await socket.until('choices_ready')).data.choices as { id: string }[];
        socket.ws.send(JSON.stringify({ type: 'choice', choice_id: choices[0]!.id, generation_id: `bench-${Math.random().toString(36).slice(2)}` }));
      }),
  );
  await Promise.all(all.map(({ socket }) => socket.until('generation_complete', 180_000)));

  // When each line was stored, from its row (the database's clock is this machine's).
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ story_id: string; event_id: number; at: number }>(
    "SELECT story_id, event_id, extract(epoch from created_at) * 1000 AS at FROM story_events WHERE type = 'scene_part_ready'",
  );
  await client.end();
  const storedAt = new Map(rows.map((r) => [`${r.story_id}:${r.event_id}`, Number(r.at)]));
  const latencies: number[] = [];
  const steady: number[] = [];
  for (const { socket, askedAt } of all) {
    for (const a of socket.arrivals) {
      if (a.type !== 'scene_part_ready') continue;
      const at = storedAt.get(`${a.storyId}:${a.eventId}`);
      // Lines stored before a follower asked reached it by replay, not live.
      if (at === undefined || at < askedAt) continue;
      latencies.push(a.at - at);
      if (at > secondFrom) steady.push(a.at - at);
    }
  }
  for (const { socket } of all) socket.ws.close();
  return { latencies, steady, sockets: all.length };
}

const one = await oneProcess();
const three = await threeProcesses();
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
console.log(`cluster on PostgreSQL: library stories at ${LINE_DELAY_MS} ms a line, ${CREATES} creates at once`);
console.log(`  create → first line, 1 process:   median ${ms(median(one))}, p95 ${ms(percentile(one, 95))}, max ${ms(Math.max(...one))}`);
console.log(`  create → first line, 3 processes: median ${ms(median(three.firstLines))}, p95 ${ms(percentile(three.firstLines, 95))}, max ${ms(Math.max(...three.firstLines))}`);
console.log(`  ratio 3 processes / 1 process: ${ratio(median(three.firstLines), median(one))} at the median, ${ratio(percentile(three.firstLines, 95), percentile(one, 95))} at p95`);
console.log(
  `  publish → receipt, ${three.sockets} readers over 3 processes, second scenes (every story under way): median ${ms(median(three.steady))}, p99 ${ms(percentile(three.steady, 99))} (target < 50 ms), max ${ms(Math.max(...three.steady))} (${three.steady.length} lines received live)`,
);
console.log(
  `  publish → receipt, the same, all lines (with 200 stories starting over ${START_SPREAD_MS / 1000} s, their cast and pictures drawn on the same cores): median ${ms(median(three.latencies))}, p99 ${ms(percentile(three.latencies, 99))} (${three.latencies.length} lines)`,
);
const mb = (values: number[]) => values.map((v) => `${Math.round(v)} MB`).join(', ');
console.log(`  resident memory per process with the language data loaded: ${mb(three.loaded)} (limit ${MEMORY_LIMIT_MB} MB)`);
console.log(`  after the run: ${mb(three.after)}; peak ${mb(three.peak)}`);
if (Math.max(...three.loaded) > MEMORY_LIMIT_MB) {
  console.log(`  over the ${MEMORY_LIMIT_MB} MB limit`);
  process.exitCode = 1;
}
