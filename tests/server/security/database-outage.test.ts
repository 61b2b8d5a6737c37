import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { monthlyUsage } from '../../../src/server/db/schema';
import { SERVICE_UNAVAILABLE } from '../../../src/server/http/errors';
import { SCENE_INTERRUPTED } from '../../../src/server/stories/scene-runner';
import { loginToken, PASSWORD, registerUser, type TestServer } from '../support/app';
import { databaseWithOutage } from '../support/outage';
import { createEn, openStorySocket, verifiedReader } from '../support/story-socket';

const started: TestServer[] = [];
afterAll(async () => {
  // One app that fails to close must not leave the other databases behind.
  const results = await Promise.allSettled(started.map((server) => server.close()));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
});

/** The app on a database that can be cut; PGlite cannot come back, so every test starts its own. */
async function startOutageServer(env: Record<string, string> = {}) {
  const outage = await databaseWithOutage();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database: outage.database, logger: false });
  app.markReady();
  // /readyz answers 503 while the language data loads, which would pass for a database outage.
  await app.language.ready;
  const server: TestServer = {
    app,
    database: outage.database,
    async close() {
      try {
        await app.close();
      } finally {
        await outage.close();
      }
    },
  };
  started.push(server);
  return { server, outage };
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A reader whose first scene is being written, one line a beat, when the database goes away. */
async function storyCutMidScene() {
  const { server, outage } = await startOutageServer({ LIBRARY_LINE_DELAY_MS: '300' });
  const reader = await verifiedReader(server);
  const socket = await openStorySocket(server, 'temp-outage', reader.token);
  socket.send(createEn);
  await socket.next('scene_part_ready');
  const from = socket.events.length;
  await outage.cut();
  const interrupted = await socket.next('streaming_error', from, 3_000);
  expect(interrupted.data.message).toBe(SCENE_INTERRUPTED);
  await within(server.app.stories.idle(), 5_000, 'stories.idle()');
  return { server, outage, reader, socket };
}

describe('a database outage', () => {
  it('takes the process out of readiness and answers the API with 503, not 500 or 401', async () => {
    const { server, outage } = await startOutageServer();
    const { email } = await registerUser(server);
    const token = await loginToken(server, email);
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    await outage.cut();
    const ready = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect({ status: ready.statusCode, body: ready.json() }).toEqual({ status: 503, body: { status: 'database unavailable' } });
    const login = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });
    expect({ status: login.statusCode, body: login.json() }).toEqual({ status: 503, body: { detail: SERVICE_UNAVAILABLE } });
    expect(login.headers['retry-after']).toBe('5');
    const me = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(token) });
    expect({ status: me.statusCode, body: me.json() }).toEqual({ status: 503, body: { detail: SERVICE_UNAVAILABLE } });
  });

  it('tells the reader of a scene being written at once, and leaves nothing hanging', async () => {
    const { socket } = await storyCutMidScene();
    socket.ws.close();
  });

  // A closed PGlite cannot be reopened; coming back is checked where the database is a server.
  it.runIf(process.env.TEST_DB === 'postgres')('writes the interrupted scene again once the database is back, counting the story once', async () => {
    const { server, outage, reader, socket } = await storyCutMidScene();
    await outage.restore();
    expect((await server.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);

    const from = socket.events.length;
    socket.send({ type: 'get_current_scene' });
    await socket.next('story_created', from);
    await socket.next('stream_done', from);
    const usage = await server.database.db.select().from(monthlyUsage).where(eq(monthlyUsage.userId, reader.userId));
    expect(usage.map((row) => row.storiesGenerated)).toEqual([1]);
    socket.ws.close();
  });
});
