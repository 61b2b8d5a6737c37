import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { withDatabase } from './support/global-setup';

/** The real entry point as an operator runs it: its own process, configured by the environment. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return output.match(pattern)!;
  };
  return { child, exited, waitFor, output: () => output };
}

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
});
