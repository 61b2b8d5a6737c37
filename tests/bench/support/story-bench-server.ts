import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { newToken } from '../../../src/server/accounts/secrets';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/client';
import { sessions, subscriptions, users } from '../../../src/server/db/schema';
import { createEventBus } from '../../../src/server/stories/event-bus';
import { scratchPostgres } from '../../server/support/scratch-postgres';
import { wallClock } from './clock';


/**
 * The real server on the embedded database, listening on a port, with a bus that notes when each
 * event is published, so a reader's receipt time can be set against it.
 */
export async function startStoryBenchServer(env: Record<string, string>, postgresUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vn-bench-stories-'));
  const scratch = postgresUrl ? await scratchPostgres(postgresUrl) : undefined;
  const database = scratch ? openDatabase({ kind: 'postgres', url: scratch.url }) : openDatabase({ kind: 'pglite', client: new PGlite() });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PUBLIC_URL: 'http://bench.test', ...env });
  const inner = createEventBus();
  const publishedAt = new Map<string, number>();
  const bus: typeof inner = {
    publish(storyId, event) {
      publishedAt.set(`${storyId}:${event.event_id}`, wallClock());
      inner.publish(storyId, event);
    },
    subscribe: inner.subscribe,
    close: inner.close,
  };
  const app = await buildApp({ config, database, bus, logger: false });
  app.markReady();
  // As main.ts does after start; a server that has run for a few seconds has its dictionary loaded.
  await app.language.warm();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  let made = 0;
  return {
    http: address,
    ws: address.replace(/^http/, 'ws'),
    publishedAt,
    /** Signed-in Pro readers with verified e-mail, made straight in the database (no password hashing to wait for). */
    async readers(count: number): Promise<string[]> {
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        made++;
        const [user] = await database.db
          .insert(users)
          .values({ name: `Reader ${made}`, email: `bench-${made}@example.com`, passwordHash: 'unused', emailVerified: true })
          .returning();
        await database.db.insert(subscriptions).values({ userId: user!.id, provider: 'manual', status: 'active', syncedAt: new Date() });
        const { token, tokenHash } = newToken();
        await database.db.insert(sessions).values({ userId: user!.id, tokenHash, expiresAt: new Date(Date.now() + 3_600_000) });
        tokens.push(token);
      }
      return tokens;
    },
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type StoryBenchServer = Awaited<ReturnType<typeof startStoryBenchServer>>;
