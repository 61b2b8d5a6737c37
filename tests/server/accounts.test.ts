import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/server/db/schema';
import {
  expireLinks,
  linkTokenFromMail,
  loginToken,
  PASSWORD,
  registerUser,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './support/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const post = (url: string, payload?: unknown, token?: string) =>
  server.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const me = (token: string) =>
  server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

describe('register', () => {
  it('creates an unverified free account and mails a verification link', async () => {
    const email = uniqueEmail();
    const response = await post('/api/auth/register', { name: '  Haruka ', email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name: 'Haruka', email, email_verified: false, last_login: null });
    expect(body.subscription).toMatchObject({
      tier: 'free',
      stories_generated: 0,
      stories_limit: 10,
      stories_remaining: 10,
      can_generate_story: true,
    });
    expect(await linkTokenFromMail(server, email, 'verify-email')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('stores an argon2id hash, never the password', async () => {
    const { email } = await registerUser(server);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it('refuses a second account for the same address, whatever its case', async () => {
    const { email } = await registerUser(server);
    const response = await post('/api/auth/register', { name: 'Again', email: email.toUpperCase(), password: PASSWORD });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'An account with this email already exists' });
  });

  it.each([
    ['short', 'Ab1', 'Password must be at least 8 characters'],
    ['no uppercase', 'sakura2026', 'Password must contain at least one uppercase letter'],
    ['no lowercase', 'SAKURA2026', 'Password must contain at least one lowercase letter'],
    ['no number', 'SakuraSakura', 'Password must contain at least one number'],
  ])('enforces the password rules (%s)', async (_case, password, detail) => {
    const response = await post('/api/auth/register', { name: 'A', email: uniqueEmail(), password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('answers malformed bodies with a 400 and a detail', async () => {
    const missing = await post('/api/auth/register', { email: uniqueEmail(), password: PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('name is required');
    const badEmail = await post('/api/auth/register', { name: 'A', email: 'not-an-email', password: PASSWORD });
    expect(badEmail.json()).toEqual({ detail: 'Please enter a valid email address' });
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ detail: 'Malformed JSON body' });
  });
});

describe('login, me and logout', () => {
  it('returns a bearer token with its lifetime, and records the login', async () => {
    const { email } = await registerUser(server);
    const response = await post('/api/auth/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 30 * 24 * 3600 });
    const profile = await me(body.access_token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().email).toBe(email);
    expect(Date.parse(profile.json().last_login)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('stores only a hash of the token', async () => {
    const { email } = await registerUser(server);
    const token = await loginToken(server, email);
    const rows = await server.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it('refuses a wrong password and an unknown address with the same answer', async () => {
    const { email } = await registerUser(server);
    const wrong = await post('/api/auth/login', { email, password: 'Wrong2026x' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail('nobody'), password: PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ detail: 'Incorrect email or password' });
  });

  it('answers 401 for missing, unknown, expired and revoked tokens', async () => {
    const { email } = await registerUser(server);
    expect((await server.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await me('made-up-token')).statusCode).toBe(401);

    const expiring = await loginToken(server, email);
    await server.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await me(expiring)).statusCode).toBe(401);

    const token = await loginToken(server, email);
    expect((await me(token)).statusCode).toBe(200);
    const logout = await post('/api/auth/logout', undefined, token);
    expect(logout.statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'Authentication required' });
    expect((await post('/api/auth/logout', undefined, token)).statusCode).toBe(401);
  });
});

describe('e-mail verification', () => {
  it('verifies once with the mailed link', async () => {
    const { email } = await registerUser(server);
    const token = await linkTokenFromMail(server, email, 'verify-email');
    const first = await post('/api/auth/verify-email', { token });
    expect(first.statusCode).toBe(200);
    const session = await loginToken(server, email);
    expect((await me(session)).json().email_verified).toBe(true);

    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/already been used/);
  });

  it('says "expired" for a link older than 24 hours', async () => {
    const { email } = await registerUser(server);
    const token = await linkTokenFromMail(server, email, 'verify-email');
    await expireLinks(server, email);
    const response = await post('/api/auth/verify-email', { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/expired/);
  });

  it('rejects unknown and missing tokens', async () => {
    expect((await post('/api/auth/verify-email', { token: 'nope' })).json()).toEqual({
      detail: 'Invalid verification link',
    });
    expect((await post('/api/auth/verify-email', {})).json()).toEqual({ detail: 'token is required' });
  });

  it('resends a link only to a signed-in, unverified user', async () => {
    const { email } = await registerUser(server);
    expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
    const session = await loginToken(server, email);
    const first = await linkTokenFromMail(server, email, 'verify-email');
    const resend = await post('/api/auth/resend-verification', undefined, session);
    expect(resend.statusCode).toBe(200);
    const second = await linkTokenFromMail(server, email, 'verify-email');
    expect(second).not.toBe(first);
    await post('/api/auth/verify-email', { token: second });
    const verified = await post('/api/auth/resend-verification', undefined, session);
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toEqual({ detail: 'Your email is already verified' });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown addresses', async () => {
    const { email } = await registerUser(server);
    const known = await post('/api/auth/reset-password', { email });
    const unknown = await post('/api/auth/reset-password', { email: uniqueEmail('ghost') });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
  });

  it('sets the new password once, signs out every session and verifies the address', async () => {
    const { email } = await registerUser(server);
    const oldSession = await loginToken(server, email);
    await post('/api/auth/reset-password', { email });
    const token = await linkTokenFromMail(server, email, 'reset-password');

    const weak = await post('/api/auth/reset-password/confirm', { token, new_password: 'short' });
    expect(weak.json()).toEqual({ detail: 'Password must be at least 8 characters long' });

    const done = await post('/api/auth/reset-password/confirm', { token, new_password: 'Momiji2027' });
    expect(done.statusCode).toBe(200);
    expect((await me(oldSession)).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(401);
    const session = await loginToken(server, email, 'Momiji2027');
    expect((await me(session)).json().email_verified).toBe(true);

    const reused = await post('/api/auth/reset-password/confirm', { token, new_password: 'Kaede2028x' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toMatch(/already been used/);
  });

  it('refuses an expired or made-up reset token', async () => {
    const { email } = await registerUser(server);
    await post('/api/auth/reset-password', { email });
    const token = await linkTokenFromMail(server, email, 'reset-password');
    await expireLinks(server, email);
    const expired = await post('/api/auth/reset-password/confirm', { token, new_password: 'Momiji2027' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/expired/);
    const madeUp = await post('/api/auth/reset-password/confirm', { token: 'abc', new_password: 'Momiji2027' });
    expect(madeUp.json()).toEqual({ detail: 'Invalid or expired reset token' });
    expect((await post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const { email } = await registerUser(server);
    await post('/api/auth/reset-password', { email });
    const token = await linkTokenFromMail(server, email, 'reset-password');
    const results = await Promise.all([
      post('/api/auth/reset-password/confirm', { token, new_password: 'Momiji2027' }),
      post('/api/auth/reset-password/confirm', { token, new_password: 'Kaede2028x' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
