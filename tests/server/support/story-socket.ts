import { eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import type { Database } from '../../../src/server/db/client';
import { subscriptions, users } from '../../../src/server/db/schema';
import { serverEvent, type EventType, type ServerEvent } from '../../../src/shared/protocol';
import { loginToken, registerUser, type TestServer } from './app';

/** A story socket opened through the app's own WebSocket injection; every event is checked against the protocol. */
export interface StorySocketClient {
  ws: WebSocket;
  events: ServerEvent[];
  send(message: unknown): void;
  sendRaw(raw: string): void;
  /** Resolves with the first event of the type after `from` (an index into `events`). */
  next<T extends EventType>(type: T, from?: number, timeoutMs?: number): Promise<ServerEvent<T>>;
  closed: Promise<{ code: number }>;
}

export async function openStorySocket(server: TestServer, id: string, token?: string): Promise<StorySocketClient> {
  await server.app.language.ready;
  const path = `/ws/story/${id}${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
  const events: ServerEvent[] = [];
  const waiters: (() => void)[] = [];
  let resolveClosed: (value: { code: number }) => void = () => undefined;
  const closed = new Promise<{ code: number }>((resolve) => (resolveClosed = resolve));
  const ws = await server.app.injectWS(path, {}, {
    onInit(socket) {
      socket.on('message', (data: Buffer) => {
        events.push(serverEvent.parse(JSON.parse(data.toString('utf8'))) as ServerEvent);
        for (const wake of waiters.splice(0)) wake();
      });
      socket.on('close', (code: number) => {
        resolveClosed({ code });
        for (const wake of waiters.splice(0)) wake();
      });
    },
  });
  return {
    ws,
    events,
    closed,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (raw) => ws.send(raw),
    async next(type, from = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find((e) => e.type === type);
        if (found) return found as never;
        if (Date.now() > deadline) throw new Error(`no ${type} event; got ${events.map((e) => e.type).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
}

/** Pro granted by hand, as an operator would (a manual subscription without an end). */
export async function grantPro(db: Database, userId: string) {
  await db.insert(subscriptions).values({ userId, provider: 'manual', status: 'active', syncedAt: new Date() });
}

/** A signed-in learner whose e-mail is verified, so they may create stories. */
export async function verifiedReader(server: TestServer, plan: 'free' | 'pro' = 'free') {
  const { email } = await registerUser(server);
  await server.database.db
    .update(users)
    .set({ emailVerified: true })
    .where(sql`lower(${users.email}) = ${email}`);
  const token = await loginToken(server, email);
  const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
  if (plan === 'pro') await grantPro(server.database.db, user!.id);
  return { email, token, userId: user!.id };
}

export const createJa = { type: 'create_story', theme: 'slice_of_life', language: 'ja', language_level: 'N5' } as const;
export const createEn = { type: 'create_story', theme: 'mystery', language: 'en', language_level: 'A2' } as const;
