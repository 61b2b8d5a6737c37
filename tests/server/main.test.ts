import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SERVER_STOPPING } from '../../src/server/stories/generation';
import { STALL_AFTER_FIRST_LINE, startFakeChatServer } from './support/fake-openai';
import { withDatabase } from './support/global-setup';
import { startServer } from './support/server-process';

describe('server process', () => {
  it('refuses to start on a bad setting and names it', async () => {
    const server = startServer({ PORT: 'eighty', SMTP_URL: 'http://mail' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    expect(server.output()).toMatch(/SMTP_URL: must start with smtp/);
  });
});

/** An empty database of the engine under test: a PGlite directory, or a new PostgreSQL database. */
async function emptyDatabase(): Promise<{ env: Record<string, string>; kind: string; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    return { env: { DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'vn-main-')) }, kind: 'pglite', drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `vn_main_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    env: { DATABASE_URL: withDatabase(url, name) },
    kind: 'postgres',
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('server process on a database', () => {
  it('migrates an empty database, becomes ready, and stops cleanly on SIGTERM', async () => {
    const database = await emptyDatabase();
    const server = startServer({ PORT: '0', ...database.env });
    const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/);
    await server.waitFor(/"msg":"ready"/);
    const ready = await fetch(`${url}/readyz`);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const logLine = server.output().split('\n').find((line) => line.includes('"msg":"ready"'))!;
    expect(JSON.parse(logLine)).toMatchObject({ database: database.kind, mail: 'outbox' });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/shutting down/);
    await database.drop();
  }, 60_000);

  it('stops a scene stalled on the model within the bound: alone it records and refunds it, in a cluster it hands it back', async () => {
    const model = await startFakeChatServer();
    let socket: WebSocket | undefined;
    try {
      // The model writes the first line, then goes silent with its stream open, for longer than the test.
      model.script([STALL_AFTER_FIRST_LINE]);
      const database = await emptyDatabase();
      const server = startServer({
        PORT: '0',
        ...database.env,
        LLM_BASE_URL: model.url,
        LLM_MODEL: 'fake',
        LLM_IDLE_TIMEOUT_MS: '600000',
        LLM_DEADLINE_MS: '600000',
        SHUTDOWN_TIMEOUT_MS: '5000',
      });
      try {
        const url = (await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/))[1]!;
        await server.waitFor(/"msg":"ready"/);
        const post = async (route: string, body: unknown) => {
          const response = await fetch(`${url}${route}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
          return response.json();
        };

        // A learner signs up, follows the link mailed to them, and signs in, all over real HTTP.
        const email = `stalled-${process.pid}-${Date.now()}@example.com`;
        await post('/api/auth/register', { name: 'Aoi', email, password: 'Sakura2026' });
        const outbox = (await (await fetch(`${url}/api/dev/outbox`)).json()) as { to: string; text: string }[];
        const mail = outbox.find((message) => message.to === email && message.text.includes('/verify-email?token='));
        const token = mail?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
        if (!token) throw new Error(`no verification link for ${email}`);
        await post('/api/auth/verify-email', { token });
        const { access_token: accessToken } = (await post('/api/auth/login', { email, password: 'Sakura2026' })) as { access_token: string };

        // A real WebSocket asks for a new story; the model writes the first line and stalls.
        const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws/story/temp-1?token=${encodeURIComponent(accessToken)}`);
        socket = ws;
        const events: { type: string; data: Record<string, unknown> }[] = [];
        ws.on('message', (data: Buffer) => events.push(JSON.parse(data.toString('utf8'))));
        const closeCode = new Promise<number>((resolve) => ws.once('close', (code: number) => resolve(code)));
        ws.on('error', () => {});
        await new Promise<void>((resolve, reject) => {
          ws.once('open', () => resolve());
          ws.once('error', reject);
        });
        ws.send(JSON.stringify({ type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A2' }));
        const deadline = Date.now() + 20_000;
        while (!events.some((event) => event.type === 'scene_part_ready')) {
          if (Date.now() > deadline) throw new Error(`no scene_part_ready; got ${events.map((e) => e.type).join(', ')}\n${server.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const storyId = events.find((event) => event.type === 'story_id_ready')?.data.story_id as string;
        expect(storyId).toMatch(/^[0-9a-f-]{36}$/);

        // The operator stops the server while the model is silent: it ends the scene and exits in time.
        const signalled = performance.now();
        server.child.kill('SIGTERM');
        const code = await server.exited;
        const stopMs = performance.now() - signalled;
        expect(code, server.output()).toBe(0);
        expect(stopMs).toBeLessThan(5000);
        expect(server.output()).not.toMatch(/shutdown took too long/);

        // The reader is told the server is going away, so its client reconnects (to another process, if any).
        expect(await closeCode).toBe(1001);

        const rows = async (query: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>) => ({
          story: (await query('SELECT status, charged, user_id FROM stories WHERE id = $1', [storyId]))[0],
          scene: (await query('SELECT s.status, s.writer FROM scenes s JOIN stories t ON t.current_scene_id = s.id WHERE t.id = $1', [storyId]))[0],
          usage: await query('SELECT u.stories_generated FROM monthly_usage u JOIN stories s ON s.user_id = u.user_id WHERE s.id = $1', [storyId]),
          lastEvent: (await query('SELECT type, data FROM story_events WHERE story_id = $1 ORDER BY event_id DESC LIMIT 1', [storyId]))[0],
          queued:
            database.kind === 'postgres'
              ? await query("SELECT state FROM pgboss.job WHERE name = 'scene-write' AND data->>'storyId' = $1 AND state = 'created' AND start_after <= now() + interval '1 second'", [storyId])
              : [],
        });
        let found: Awaited<ReturnType<typeof rows>>;
        if (database.kind === 'pglite') {
          const client = new PGlite(path.join(database.env.DATA_DIR!, 'db'));
          try {
            found = await rows(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
          } finally {
            await client.close();
          }
        } else {
          const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
          await client.connect();
          try {
            found = await rows(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
          } finally {
            await client.end();
          }
        }
        if (database.kind === 'pglite') {
          // Alone, the process ends the scene: the story failed, uncharged, refunded, and the reason recorded.
          expect(found.story).toMatchObject({ status: 'failed', charged: false });
          expect(found.usage.every((row) => row.stories_generated === 0)).toBe(true);
          expect(found.lastEvent).toMatchObject({ type: 'streaming_error', data: { type: 'ProviderUnavailable', message: SERVER_STOPPING } });
        } else {
          // In a cluster it hands the scene back: still being written, no writer, queued for the next process now,
          // the story charged once and the reader told nothing but the lines they had.
          expect(found.story).toMatchObject({ status: 'generating', charged: true });
          expect(found.scene).toMatchObject({ status: 'generating', writer: null });
          expect(found.queued).toHaveLength(1);
          expect(found.usage.map((row) => row.stories_generated)).toEqual([1]);
          expect(found.lastEvent).toMatchObject({ type: 'scene_part_ready' });
        }
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
        await server.exited;
        await database.drop();
      }
    } finally {
      socket?.terminate();
      await model.close();
    }
  }, 60_000);
});
