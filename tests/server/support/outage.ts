import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client';
import { freshDatabase } from './database';
import { withDatabase } from './global-setup';

/** A fresh database for one app whose connection can be cut, as if the database server went away. */
export interface DatabaseOutage {
  /** Give this to the app: its queries go through the switch. */
  database: DatabaseHandle;
  /** Only PostgreSQL comes back: a closed PGlite cannot be reopened. */
  restorable: boolean;
  /** Drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function databaseWithOutage(): Promise<DatabaseOutage> {
  return process.env.TEST_DB === 'postgres' ? postgresOutage(process.env.TEST_DATABASE_URL!) : pgliteOutage();
}

async function pgliteOutage(): Promise<DatabaseOutage> {
  // In-process, so there is no connection to cut: closing the client is the nearest thing to losing it.
  const database = await freshDatabase();
  let closed = false;
  const closeOnce = async () => {
    if (closed) return;
    closed = true;
    await database.close();
  };
  return {
    database,
    restorable: false,
    cut: closeOnce,
    restore: () => Promise.reject(new Error('a closed PGlite cannot come back')),
    close: closeOnce,
  };
}

async function postgresOutage(url: string): Promise<DatabaseOutage> {
  const name = `vn_test_${randomBytes(6).toString('hex')}`;
  // Set-up and clean-up talk to PostgreSQL directly, so the cut does not stop them.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  const target = new URL(url);
  const proxy = await startProxy(target.hostname, Number(target.port || 5432));
  const proxied = new URL(withDatabase(url, name));
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const database = openDatabase({ kind: 'postgres', url: proxied.toString() });
  let closed = false;
  return {
    database,
    restorable: true,
    cut: () => proxy.stop(),
    restore: () => proxy.start(),
    async close() {
      if (closed) return;
      closed = true;
      // Whatever the pool does on the way out, the database is dropped.
      try {
        await database.close();
      } finally {
        await proxy.stop();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

/** A TCP relay to host:port on a fixed local port that can stop listening and start again. */
async function startProxy(host: string, port: number) {
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on('error', drop);
      socket.on('close', drop);
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const local = (server.address() as net.AddressInfo).port;
  return {
    port: local,
    // The port stays the same, so the pool's URL still points here when it comes back.
    start: () => (server.listening ? Promise.resolve() : listen(local)),
    // A closed listener makes new connections fail with ECONNREFUSED, as a stopped server would.
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        for (const socket of open) socket.destroy();
      }),
  };
}
