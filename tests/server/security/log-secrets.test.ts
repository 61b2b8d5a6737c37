import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../src/server/db/schema';
import { loggerOptions, redactUrl, serializeError } from '../../../src/server/http/logging';
import { linkTokenFromMail, loginToken, PASSWORD, registerUser, startTestServer, type TestServer } from '../support/app';
import { createEn, openStorySocket } from '../support/story-socket';

/** Everything the app logs during a whole journey, at the most talkative level. */
const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { LIBRARY_LINE_DELAY_MS: '0' },
    { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } },
  );
});
afterAll(() => server.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the log', () => {
  it('holds no credential after a whole journey, database errors included', async () => {
    const { email } = await registerUser(server);
    const verifyToken = await linkTokenFromMail(server, email, 'verify-email');
    // The page a mail link opens is logged like any request; its token must not be.
    await server.app.inject({ method: 'GET', url: `/verify-email?token=${verifyToken}` });
    expect((await server.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verifyToken } })).statusCode).toBe(200);

    const session = await loginToken(server, email);
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(session) })).statusCode).toBe(200);
    const socket = await openStorySocket(server, 'temp-log', session);
    socket.send(createEn);
    await socket.next('stream_done');
    socket.ws.close();

    const checkout = await server.app.inject({ method: 'POST', url: '/api/payment/checkout', payload: { tier: 'pro' }, headers: auth(session) });
    const checkoutId = String(checkout.json().checkout_url).split('/').pop()!;
    await server.app.inject({ method: 'GET', url: `/api/test-billing/sessions/${checkoutId}`, headers: auth(session) });
    const paid = await server.app.inject({ method: 'POST', url: `/api/test-billing/sessions/${checkoutId}/complete`, payload: {}, headers: auth(session) });
    await server.app.inject({ method: 'GET', url: new URL(paid.json().redirect_url).pathname + new URL(paid.json().redirect_url).search });

    await server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } });
    const resetToken = await linkTokenFromMail(server, email, 'reset-password');
    await server.app.inject({ method: 'GET', url: `/reset-password?token=${resetToken}` });
    const newPassword = 'Momiji2027';
    await server.app.inject({ method: 'POST', url: '/api/auth/reset-password/confirm', payload: { token: resetToken, new_password: newPassword } });

    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    const tokenHashes = (await server.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).map((s) => s.tokenHash);
    // A database error whose query carries a new session's token hash, the user id and the expiry.
    await server.database.db.execute(sql`ALTER TABLE sessions ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    const failed = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: newPassword } });
    await server.database.db.execute(sql`ALTER TABLE sessions DROP CONSTRAINT refuse_all`);
    expect(failed.statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('/ws/story/temp-log?token=[redacted]');
    const secrets = {
      password: PASSWORD,
      newPassword,
      session,
      sessionHash: sha256(session),
      verifyToken,
      resetToken,
      checkoutId,
      passwordHash: user!.passwordHash,
      email,
      ...Object.fromEntries(tokenHashes.map((hash, i) => [`storedTokenHash${i}`, hash])),
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(log.includes(secret) || log.includes(encodeURIComponent(secret)), `${name} is in the log`).toBe(false);
    }
    // No other hash or parameter list either: the new session's token hash was never shown to anyone.
    expect(log).not.toMatch(/[0-9a-f]{64}/);
    expect(log).not.toMatch(/params:/);
    expect(log).not.toContain('$argon2');
  });
});

describe('log redaction', () => {
  it('keeps paths and query keys, drops query values and test billing session ids', () => {
    expect(redactUrl('/ws/story/abc?token=s3cret&x=1')).toBe('/ws/story/abc?token=[redacted]&x=[redacted]');
    expect(redactUrl('/api/test-billing/sessions/cs_test_AbC-12_x/complete')).toBe('/api/test-billing/sessions/cs_test_[redacted]/complete');
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('keeps a database error’s query, code and cause but not its parameters or detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (lower(email))=(aoi@example.com) already exists.',
    });
    const error = new Error('Failed query: insert into "users" ("email") values ($1)\nparams: aoi@example.com,$argon2id$v=19$secret', { cause });
    const serialized = JSON.stringify(serializeError(error));
    expect(serialized).toContain('Failed query: insert into');
    expect(serialized).toContain('23505');
    expect(serialized).not.toContain('aoi@example.com');
    expect(serialized).not.toContain('argon2');
  });
});
