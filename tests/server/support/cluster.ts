import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import WebSocket from 'ws';
import { newToken } from '../../../src/server/accounts/secrets';
import * as schema from '../../../src/server/db/schema';
import { serverEvent, type EventType, type ServerEvent } from '../../../src/shared/protocol';
import { scratchPostgres } from './scratch-postgres';
import { startReadyServer, type ReadyServer } from './server-process';

/**
 * Several server processes on one new PostgreSQL database, as an operator runs them behind a balancer. The
 * first migrates; the others start once it is ready.
 */
export async function startCluster(adminUrl: string, count: number, env: Record<string, string> = {}) {
  const database = await scratchPostgres(adminUrl, 'vn_cluster');
  const databaseUrl = database.url;
  const dataDir = path.join(os.tmpdir(), database.name);
  const processEnv = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env };
  const first = await startReadyServer(processEnv);
  const processes: ReadyServer[] = [first, ...(await Promise.all(Array.from({ length: count - 1 }, () => startReadyServer(processEnv))))];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // Dropping the database at the end ends its connections; that is expected, not a crash.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  let made = 0;

  return {
    processes,
    db,
    databaseUrl,
    /** A signed-in learner with a verified e-mail, made straight in the database; Pro unless told otherwise. */
    async reader(plan: 'free' | 'pro' = 'pro') {
      made++;
      const [user] = await db
        .insert(schema.users)
        .values({ name: `Reader ${made}`, email: `cluster-${made}-${database.name}@example.com`, passwordHash: 'unused', emailVerified: true })
        .returning();
      if (plan === 'pro') await db.insert(schema.subscriptions).values({ userId: user!.id, provider: 'manual', status: 'active', syncedAt: new Date() });
      const { token, tokenHash } = newToken();
      await db.insert(schema.sessions).values({ userId: user!.id, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) });
      return { token, userId: user!.id };
    },
    /** The process writing a scene now, from the lease it holds. */
    async writerOf(sceneId: string): Promise<ReadyServer | undefined> {
      const { rows } = await pool.query<{ writer: string | null }>('SELECT writer FROM scenes WHERE id = $1', [sceneId]);
      const pid = Number(rows[0]?.writer?.split(':')[1]);
      return processes.find((p) => p.pid === pid);
    },
    async stop() {
      for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
      await Promise.all(processes.map((p) => p.exited));
      await pool.end();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** A story socket over the network to one process; every event is checked against the protocol. */
export async function connectStory(server: Pick<ReadyServer, 'ws'>, id: string, token: string) {
  const ws = new WebSocket(`${server.ws}/ws/story/${id}?token=${encodeURIComponent(token)}`);
  const events: ServerEvent[] = [];
  const closed = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
  ws.on('message', (data: Buffer) => events.push(serverEvent.parse(JSON.parse(data.toString('utf8'))) as ServerEvent));
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    events,
    closed,
    send: (message: unknown) => ws.send(JSON.stringify(message)),
    async next<T extends EventType>(type: T, from = 0, timeoutMs = 20_000): Promise<ServerEvent<T>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find((e) => e.type === type);
        if (found) return found as ServerEvent<T>;
        if (Date.now() > deadline) throw new Error(`no ${type} event; got ${events.map((e) => e.type).join(', ')}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

export type StoryConnection = Awaited<ReturnType<typeof connectStory>>;

/** The lines a reader has, as its client keeps them: each event once (by id), in the order received. */
export function linesRead(events: ServerEvent[]): number[] {
  const seen = new Set<number>();
  const lines: number[] = [];
  for (const event of events) {
    if (event.type !== 'scene_part_ready' || seen.has(event.event_id)) continue;
    seen.add(event.event_id);
    lines.push((event as ServerEvent<'scene_part_ready'>).data.part_index);
  }
  return lines;
}
