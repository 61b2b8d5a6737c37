import { eq, sql } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import type { DatabaseHandle } from '../../../src/server/db/client';
import { emailTokens, mailOutbox, users } from '../../../src/server/db/schema';
import { freshDatabase } from './database';

export const PASSWORD = 'Sakura2026';

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a fresh database, with the outbox as its mail transport unless told otherwise. */
export async function startTestServer(
  env: Record<string, string> = {},
  options: Partial<Omit<AppOptions, 'config' | 'database'>> = {},
): Promise<TestServer> {
  const database = await freshDatabase();
  const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false, ...options });
  app.markReady();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
export function uniqueEmail(prefix = 'reader'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}@example.com`;
}

/** The token in the newest link of the given kind mailed to `to`, read from the outbox. */
export async function linkTokenFromMail(server: TestServer, to: string, path: 'verify-email' | 'reset-password') {
  // Reset mail goes out after the answer; wait for it.
  await server.app.background.idle();
  const rows = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(sql`${mailOutbox.createdAt} desc`);
  const row = rows.find((candidate) => candidate.text.includes(`/${path}?token=`));
  if (!row) throw new Error(`no ${path} mail for ${to}`);
  return linkFromText(row.text, path);
}

export function linkFromText(text: string, path: 'verify-email' | 'reset-password'): string {
  const match = text.match(new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`));
  if (!match) throw new Error(`no ${path} link in mail`);
  return match[1]!;
}

export async function registerUser(server: TestServer, email = uniqueEmail(), name = 'Aoi') {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: PASSWORD },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  return { email, name };
}

export async function loginToken(server: TestServer, email: string, password = PASSWORD): Promise<string> {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().access_token;
}

/** Moves every link of a user into the past, as if the clock had run on. */
export async function expireLinks(server: TestServer, email: string) {
  const [user] = await server.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
  await server.database.db
    .update(emailTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(emailTokens.userId, user!.id));
}
