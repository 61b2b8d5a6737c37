import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string: other clients of the same database (events, the job queue) use it. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; client: PGlite };

export function openDatabase(target: DatabaseTarget): DatabaseHandle {
  if (target.kind === 'postgres') {
    // A database that does not answer fails the request in seconds instead of holding it (and its client) forever.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // The pool drops an idle client whose connection dies (server restart, admin kill) and opens a new one
    // on demand; without a listener that error event would crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      url: target.url,
      migrate: () => migratePostgres(pool),
      close: () => pool.end(),
    };
  }
  const client = 'client' in target ? target.client : openPgliteDir(target.dataDir);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/** Any number that is ours alone: the key of the advisory lock that lets one process migrate at a time. */
const MIGRATION_LOCK = 740_213_001;

/**
 * Several processes starting at once on one database would run the same migration together and fail on each
 * other's tables; each waits for the lock, and the later ones find nothing left to do.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

function openPgliteDir(dataDir: string): PGlite {
  mkdirSync(dataDir, { recursive: true });
  return new PGlite(dataDir);
}

/** Whether the database answers a trivial query within `timeoutMs` (for /readyz). */
export async function databaseAnswers(handle: DatabaseHandle, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const answer = handle.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P0x (server shutting down).
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0)/;
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|PGlite is clos(ed|ing)|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** An error that says the database cannot be reached now (as opposed to a bad query): worth a 503 and a retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let at = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(at.message)) return true;
    if (at instanceof AggregateError && at.errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
