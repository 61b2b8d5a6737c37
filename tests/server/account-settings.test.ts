import { eq, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as schema from '../../src/server/db/schema';
import { characters, emailTokens, mailOutbox, rateLimits, sessions, storyCharacters, stories, users } from '../../src/server/db/schema';
import { DEFAULT_RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../../src/server/rate-limit';
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
import { createEn, openStorySocket, verifiedReader } from './support/story-socket';

let server: TestServer;
const roomy = { max: 10_000, windowSeconds: 3600 };
beforeAll(async () => {
  // The helpers register and sign in from one address; the account-change limit stays as shipped.
  server = await startTestServer(
    { LIBRARY_LINE_DELAY_MS: '0' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, register: { perIp: roomy }, login: { perIp: roomy }, resetPassword: { perIp: roomy, perEmail: roomy } } },
  );
});
afterAll(() => server.close());

// Each test comes from its own address, so the per-IP account limit (20 an hour) is only met where a test means to.
let ipCounter = 0;
let ip = '10.20.0.1';
beforeEach(() => {
  ipCounter += 1;
  ip = `10.20.${ipCounter >> 8}.${ipCounter & 255}`;
});

const NEW_PASSWORD = 'Momiji2027';
const headers = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
const post = (url: string, payload: object, token?: string) =>
  server.app.inject({ method: 'POST', url, payload, headers: headers(token), remoteAddress: ip });
const get = (url: string, token?: string) => server.app.inject({ method: 'GET', url, headers: headers(token), remoteAddress: ip });
const del = (url: string, token?: string) => server.app.inject({ method: 'DELETE', url, headers: headers(token), remoteAddress: ip });
const me = (token: string) => get('/api/auth/me', token);
const login = (email: string, password = PASSWORD) => post('/api/auth/login', { email, password });

async function signedIn() {
  const { email } = await registerUser(server);
  const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
  return { email, userId: row!.id, token: await loginToken(server, email) };
}

async function mailsTo(to: string) {
  await server.app.background.idle();
  return server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}

describe('change password', () => {
  it('needs a session', async () => {
    const response = await post('/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password and keeps the old one', async () => {
    const { email, token } = await signedIn();
    const response = await post('/api/account/password', { current_password: 'Wrong2026', new_password: NEW_PASSWORD }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Current password is incorrect' });
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it.each([
    ['short', 'Ab1', 'Password must be at least 8 characters'],
    ['no uppercase', 'momiji2027', 'Password must contain at least one uppercase letter'],
    ['no lowercase', 'MOMIJI2027', 'Password must contain at least one lowercase letter'],
    ['no number', 'MomijiMomiji', 'Password must contain at least one number'],
  ])('applies the registration rules to the new password (%s)', async (_case, password, detail) => {
    const { token } = await signedIn();
    const response = await post('/api/account/password', { current_password: PASSWORD, new_password: password }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail });
  });

  it('refuses the same password again', async () => {
    const { token } = await signedIn();
    const response = await post('/api/account/password', { current_password: PASSWORD, new_password: PASSWORD }, token);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('New password must be different from the current one');
  });

  it('sets the new password, signs out every other session but this one, and mails a notice', async () => {
    const { email, token } = await signedIn();
    const otherDevice = await loginToken(server, email);
    const response = await post('/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/Password changed/);

    expect((await me(token)).statusCode).toBe(200);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = (await mailsTo(email)).find((mail) => mail.subject.includes('password was changed'));
    expect(notice).toBeDefined();
    expect(notice!.text).toContain('http://app.test/forgot-password');
    expect(notice!.text).not.toContain(NEW_PASSWORD);
  });
});

describe('change e-mail', () => {
  it('checks the password, refuses the current address and an address already taken (in any case)', async () => {
    const { email, token } = await signedIn();
    const taken = (await registerUser(server)).email;
    const wrong = await post('/api/account/email', { new_email: uniqueEmail('new'), password: 'Wrong2026' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Current password is incorrect' });
    const same = await post('/api/account/email', { new_email: email.toUpperCase(), password: PASSWORD }, token);
    expect(same.statusCode).toBe(400);
    const clash = await post('/api/account/email', { new_email: taken.toUpperCase(), password: PASSWORD }, token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ detail: 'An account with this email already exists' });
    const invalid = await post('/api/account/email', { new_email: 'not-an-address', password: PASSWORD }, token);
    expect(invalid.json()).toEqual({ detail: 'Please enter a valid email address' });
    expect((await me(token)).json()).toMatchObject({ email, pending_email: null });
  });

  it('changes nothing until the link mailed to the new address is opened, and tells the old address', async () => {
    const { email, token } = await signedIn();
    const otherDevice = await loginToken(server, email);
    const next = uniqueEmail('moved');
    const response = await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ pending_email: next });
    expect((await me(token)).json()).toMatchObject({ email, pending_email: next });
    expect((await login(next)).statusCode).toBe(401);

    const notice = (await mailsTo(email)).find((mail) => mail.subject.includes('change of email'));
    expect(notice!.text).toContain(next);
    expect(notice!.text).not.toMatch(/verify-email\?token=/);
    const link = await linkTokenFromMail(server, next, 'verify-email');

    // Opened in the browser that asked: that session stays, the others end.
    const confirmed = await post('/api/auth/verify-email', { token: link }, token);
    expect(confirmed.statusCode).toBe(200);
    expect((await me(token)).json()).toMatchObject({ email: next, email_verified: true, pending_email: null });
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await login(next)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);

    const again = await post('/api/auth/verify-email', { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This link has already been used. Please request a new one.');
  });

  it('verifies an unverified account and signs everyone out when opened elsewhere', async () => {
    const { token } = await signedIn();
    expect((await me(token)).json().email_verified).toBe(false);
    const next = uniqueEmail('fresh');
    await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    const link = await linkTokenFromMail(server, next, 'verify-email');
    expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    const fresh = await loginToken(server, next);
    expect((await me(fresh)).json()).toMatchObject({ email: next, email_verified: true });
  });

  it('retires links mailed to the old address once the change is made', async () => {
    const { email, token } = await signedIn();
    await post('/api/auth/reset-password', { email });
    const reset = await linkTokenFromMail(server, email, 'reset-password');
    const next = uniqueEmail('away');
    await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    await post('/api/auth/verify-email', { token: await linkTokenFromMail(server, next, 'verify-email') }, token);
    const late = await post('/api/auth/reset-password/confirm', { token: reset, new_password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect((await login(next)).statusCode).toBe(200);
  });

  it('lets only the newest request confirm, and can be cancelled', async () => {
    const { email, token } = await signedIn();
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await post('/api/account/email', { new_email: first, password: PASSWORD }, token);
    const firstLink = await linkTokenFromMail(server, first, 'verify-email');
    await post('/api/account/email', { new_email: second, password: PASSWORD }, token);
    expect((await me(token)).json().pending_email).toBe(second);
    const stale = await post('/api/auth/verify-email', { token: firstLink }, token);
    expect(stale.statusCode).toBe(400);
    expect((await me(token)).json().email).toBe(email);

    const cancelled = await del('/api/account/email', token);
    expect(cancelled.statusCode).toBe(200);
    expect((await me(token)).json().pending_email).toBeNull();
    const secondLink = await linkTokenFromMail(server, second, 'verify-email');
    expect((await post('/api/auth/verify-email', { token: secondLink }, token)).statusCode).toBe(400);
    expect((await me(token)).json().email).toBe(email);
  });

  it('refuses at confirmation an address taken since the request, leaving the link unused', async () => {
    const { email, token } = await signedIn();
    const next = uniqueEmail('contested');
    await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    const link = await linkTokenFromMail(server, next, 'verify-email');
    await registerUser(server, next.toUpperCase());
    const refused = await post('/api/auth/verify-email', { token: link }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'An account with this email already exists' });
    expect((await me(token)).json().email).toBe(email);
    const [row] = await server.database.db.select().from(emailTokens).where(eq(emailTokens.newEmail, next));
    expect(row!.usedAt).toBeNull();
  });

  it('says when a change link has expired', async () => {
    const { email, token } = await signedIn();
    const next = uniqueEmail('slow');
    await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    const link = await linkTokenFromMail(server, next, 'verify-email');
    await expireLinks(server, email);
    expect((await me(token)).json().pending_email).toBeNull();
    const late = await post('/api/auth/verify-email', { token: link }, token);
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toBe('This link has expired. Please request a new one.');
  });

  it('fails, leaving nothing pending, when the link cannot be mailed', async () => {
    const down = await startTestServer({}, { mail: { kind: 'smtp', send: () => Promise.reject(new Error('mail server down')), close: async () => {} } });
    try {
      const { email } = await registerUser(down);
      const token = await loginToken(down, email);
      const response = await down.app.inject({
        method: 'POST',
        url: '/api/account/email',
        payload: { new_email: uniqueEmail('unreachable'), password: PASSWORD },
        headers: headers(token),
      });
      expect(response.statusCode).toBe(500);
      const user = await down.app.inject({ method: 'GET', url: '/api/auth/me', headers: headers(token) });
      expect(user.json()).toMatchObject({ email, pending_email: null });
    } finally {
      await down.close();
    }
  });

  it('is cancelled by a password reset (the recovery the notice points to)', async () => {
    const { email, token } = await signedIn();
    const next = uniqueEmail('intruder');
    await post('/api/account/email', { new_email: next, password: PASSWORD }, token);
    const link = await linkTokenFromMail(server, next, 'verify-email');
    await post('/api/auth/reset-password', { email });
    const reset = await linkTokenFromMail(server, email, 'reset-password');
    expect((await post('/api/auth/reset-password/confirm', { token: reset, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await post('/api/auth/verify-email', { token: link })).statusCode).toBe(400);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('reset link check', () => {
  const check = (token: string) => post('/api/auth/reset-password/check', { token });

  it('answers 200 for a live link without using it up', async () => {
    const { email } = await registerUser(server);
    await post('/api/auth/reset-password', { email });
    const token = await linkTokenFromMail(server, email, 'reset-password');
    expect((await check(token)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
    expect((await post('/api/auth/reset-password/confirm', { token, new_password: NEW_PASSWORD })).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ detail: 'This link has already been used. Please request a new one.' });
  });

  it('says expired, unknown, or missing in the confirmation words', async () => {
    const { email } = await registerUser(server);
    await post('/api/auth/reset-password', { email });
    const token = await linkTokenFromMail(server, email, 'reset-password');
    await expireLinks(server, email);
    expect((await check(token)).json()).toEqual({ detail: 'This link has expired. Please request a new one.' });
    expect((await check('made-up')).json()).toEqual({ detail: 'Invalid or expired reset token' });
    // A verification link is not a reset link.
    const verify = await linkTokenFromMail(server, email, 'verify-email');
    expect((await check(verify)).json()).toEqual({ detail: 'Invalid or expired reset token' });
    expect((await check('')).statusCode).toBe(400);
  });
});

/** Every table of the schema, read whole, each row as JSON text. */
async function everyRow(): Promise<Array<{ table: string; row: string }>> {
  const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
  expect(tables.length).toBeGreaterThanOrEqual(20);
  const found: Array<{ table: string; row: string }> = [];
  for (const table of tables) {
    const name = getTableName(table);
    const result = await server.database.db.execute(sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`);
    for (const { row } of (result as unknown as { rows: Array<{ row: string }> }).rows) found.push({ table: name, row });
  }
  return found;
}

const referencing = (rows: Array<{ table: string; row: string }>, id: string, email: string) =>
  rows.filter(({ row }) => row.toLowerCase().includes(id) || row.toLowerCase().includes(email.toLowerCase()));

/** A learner who has used everything: stories, saves, lookups, contact, feedback, billing, mail, limits. */
async function busyLearner(name: string) {
  const reader = await verifiedReader(server);
  const socket = await openStorySocket(server, `temp-${name}-${Math.random()}`, reader.token);
  socket.send(createEn);
  const storyId = (await socket.next('story_id_ready')).data.story_id;
  await socket.next('stream_done');
  socket.ws.close();
  await server.app.stories.idle();
  expect((await post('/api/saves/save', { slot_index: 0, story_id: storyId, line_index: 1 }, reader.token)).statusCode).toBe(200);
  await server.app.language.ready;
  await post('/api/grammar/explain', { highlighted_text: 'たい', full_sentence: '日本に行きたいです。', user_level: 'N5' }, reader.token);
  await post('/api/vocabulary/explain', { word: '猫', full_sentence: '猫がいる。' }, reader.token);
  expect((await post('/api/grammar/feedback', { pattern_id: 'ja-n5-tai', feedback_type: 'helpful', details: 'clear' }, reader.token)).statusCode).toBe(201);
  const saved = await post('/api/review/cards', { language: 'en', kind: 'word', key: 'harbour', word: 'harbour', meaning: 'a port', sentence: 'The harbour was quiet.', start: 4, length: 7, story_id: storyId }, reader.token);
  expect(saved.statusCode).toBe(201);
  expect((await post(`/api/review/cards/${saved.json().card.id}/grade`, { grade: 'good' }, reader.token)).statusCode).toBe(200);
  const message = 'The reader is lovely, thank you for building it.';
  expect((await post('/api/contact', { email: reader.email, subject: 'other', message }, reader.token)).statusCode).toBe(200);
  // Also one sent while signed out, from the same address.
  expect((await post('/api/contact', { email: reader.email, subject: 'feature', message })).statusCode).toBe(200);
  // A wrong password and a reset request leave rate-limit keys with the address in them.
  await login(reader.email, 'Wrong2026');
  await post('/api/auth/reset-password', { email: reader.email });
  await server.app.background.idle();
  // A cancelled test-billing Pro plan (ends at the period end) and a pending change of address.
  const checkout = await post('/api/payment/checkout', { tier: 'pro' }, reader.token);
  const checkoutId = checkout.json().checkout_url.split('/').pop();
  expect((await post(`/api/test-billing/sessions/${checkoutId}/complete`, {}, reader.token)).statusCode).toBe(200);
  const portal = await post('/api/payment/customer-portal', {}, reader.token);
  const portalId = portal.json().portal_url.split('/').pop();
  expect((await post(`/api/test-billing/sessions/${portalId}/subscription`, { action: 'cancel' }, reader.token)).statusCode).toBe(200);
  const pending = uniqueEmail(`${name}-pending`);
  expect((await post('/api/account/email', { new_email: pending, password: PASSWORD }, reader.token)).statusCode).toBe(202);
  await server.app.background.idle();
  return { ...reader, storyId, pending };
}

describe('export my data', () => {
  it('needs a session', async () => {
    expect((await get('/api/account/export')).statusCode).toBe(401);
  });

  it('downloads the learner’s data as a JSON attachment, without secrets or anyone else’s data', async () => {
    const learner = await busyLearner('exporter');
    const other = await busyLearner('neighbour');
    const response = await get('/api/account/export', learner.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kotoba-tales-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = response.json();
    expect(data).toMatchObject({
      format: 'kotoba-tales-export',
      account: { id: learner.userId, email: learner.email, email_verified: true, pending_email: learner.pending },
      subscription: { tier: 'pro', cancel_at_period_end: true, billing: { provider: 'test', status: 'active' } },
    });
    expect(data.monthly_usage).toEqual([expect.objectContaining({ stories_generated: 1 })]);
    expect(data.stories).toHaveLength(1);
    const [story] = data.stories;
    expect(story).toMatchObject({ id: learner.storyId, language: 'en', level: 'A2', theme: 'mystery' });
    expect(story.scenes[0].dialogue.length).toBeGreaterThan(0);
    expect(story.scenes[0].choices.length).toBeGreaterThan(0);
    expect(story.characters.length).toBeGreaterThan(0);
    expect(data.saves.some((save: { slot_index: number | null }) => save.slot_index === 0)).toBe(true);
    expect(data.grammar_views).toEqual([expect.objectContaining({ pattern_id: 'ja-n5-tai' })]);
    expect(data.vocabulary_views.length).toBe(1);
    expect(data.contact_messages).toHaveLength(2);
    expect(data.grammar_feedback).toHaveLength(1);
    expect(data.review_cards).toEqual([expect.objectContaining({ word: 'harbour', sentence: 'The harbour was quiet.', reps: 1 })]);
    expect(data.review_grades).toEqual([expect.objectContaining({ rating: 3 })]);
    expect(data.review_settings).toEqual({ new_per_day: 20, reviews_per_day: 200 });

    const [user] = await server.database.db.select().from(users).where(eq(users.id, learner.userId));
    const tokenHashes = (await server.database.db.select().from(sessions).where(eq(sessions.userId, learner.userId))).map((s) => s.tokenHash);
    const linkHashes = (await server.database.db.select().from(emailTokens).where(eq(emailTokens.userId, learner.userId))).map((t) => t.tokenHash);
    expect(response.body).not.toContain(user!.passwordHash);
    expect(response.body).not.toMatch(/password_hash|passwordHash|token_hash|tokenHash/);
    for (const hash of [...tokenHashes, ...linkHashes]) expect(response.body).not.toContain(hash);
    expect(response.body).not.toContain(other.userId);
    expect(response.body).not.toContain(other.email);
    expect(response.body).not.toContain(other.storyId);
  });
});

describe('delete my account', () => {
  const remove = (token: string, password = PASSWORD, confirmation = 'DELETE') =>
    post('/api/account/delete', { password, confirmation }, token);

  it('needs a session, the password and the typed confirmation', async () => {
    expect((await post('/api/account/delete', { password: PASSWORD, confirmation: 'DELETE' })).statusCode).toBe(401);
    const { email, token } = await signedIn();
    const wrong = await remove(token, 'Wrong2026');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Current password is incorrect' });
    const unconfirmed = await remove(token, PASSWORD, 'delete me');
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({ detail: 'Type DELETE to confirm' });
    expect((await me(token)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('refuses while a paid plan still renews, and goes ahead once it is cancelled', async () => {
    const reader = await verifiedReader(server);
    const checkout = await post('/api/payment/checkout', { tier: 'pro' }, reader.token);
    await post(`/api/test-billing/sessions/${checkout.json().checkout_url.split('/').pop()}/complete`, {}, reader.token);
    const refused = await remove(reader.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toMatch(/Cancel it in Manage Billing first/);
    expect((await me(reader.token)).statusCode).toBe(200);

    const portal = await post('/api/payment/customer-portal', {}, reader.token);
    await post(`/api/test-billing/sessions/${portal.json().portal_url.split('/').pop()}/subscription`, { action: 'cancel' }, reader.token);
    expect((await remove(reader.token)).statusCode).toBe(200);
  });

  it('deletes everything about the learner, signs out every session, and leaves another learner untouched', async () => {
    const learner = await busyLearner('leaver');
    const other = await busyLearner('stayer');
    const secondDevice = await loginToken(server, learner.email);

    const before = await everyRow();
    expect(new Set(referencing(before, learner.userId, learner.email).map((r) => r.table))).toEqual(
      new Set([
        'users', 'sessions', 'email_tokens', 'monthly_usage', 'subscriptions', 'test_billing_sessions', 'mail_outbox',
        'contact_messages', 'rate_limits', 'grammar_views', 'vocabulary_views', 'grammar_feedback', 'stories', 'saves',
        'word_knowledge', 'word_changes', 'review_cards', 'review_logs',
      ]),
    );
    const othersBefore = referencing(before, other.userId, other.email).map((r) => r.row).sort();
    const castOf = async (storyId: string) =>
      (await server.database.db.select().from(storyCharacters).where(eq(storyCharacters.storyId, storyId))).map((c) => c.characterId);
    const learnerCast = await castOf(learner.storyId);
    const otherCast = await castOf(other.storyId);
    expect(learnerCast.length).toBeGreaterThan(0);

    const response = await remove(learner.token);
    expect(response.statusCode).toBe(200);

    expect((await me(learner.token)).statusCode).toBe(401);
    expect((await me(secondDevice)).statusCode).toBe(401);

    const after = await everyRow();
    expect(referencing(after, learner.userId, learner.email)).toEqual([]);
    // The story's own rows (scenes, events, cast) went with it, and so did the characters drawn for it alone.
    const storyRows = after.filter(({ row }) => row.includes(learner.storyId));
    expect(storyRows).toEqual([]);
    expect(await server.database.db.select().from(characters).where(inArray(characters.id, learnerCast))).toEqual([]);
    // The confirmation mail of the pending change held the learner's name and link: gone too.
    expect(await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, learner.pending))).toEqual([]);

    expect(referencing(after, other.userId, other.email).map((r) => r.row).sort()).toEqual(othersBefore);
    expect(await server.database.db.select().from(characters).where(inArray(characters.id, otherCast))).toHaveLength(otherCast.length);
    expect(await server.database.db.select().from(stories).where(eq(stories.id, other.storyId))).toHaveLength(1);
    expect((await me(other.token)).statusCode).toBe(200);
    // (Trying the old address afterwards is like trying any unknown one.)
    expect((await login(learner.email)).statusCode).toBe(401);
  });

  it('matches the address as a whole, never inside a longer one, and never as a pattern', async () => {
    // An address with LIKE's wildcard in it, and neighbours that contain it or that it would match as a pattern.
    const email = uniqueEmail('a_b').toLowerCase();
    await registerUser(server, email);
    const token = await loginToken(server, email);
    const [local, domain] = email.split('@') as [string, string];
    const neighbours = [`x${email}`, `${local.replace('_', 'z')}@${domain}`, `${email}.au`];
    const now = new Date();
    await server.database.db.insert(rateLimits).values([
      ...neighbours.flatMap((address) => [
        { key: `register:email:${address}`, windowStart: now, hits: 1 },
        { key: `loginFailures:${address}:10.0.0.1`, windowStart: now, hits: 1 },
      ]),
      { key: `loginFailures:${email.toUpperCase()}:::1`, windowStart: now, hits: 1 },
    ]);
    await server.database.db.insert(mailOutbox).values([
      ...neighbours.map((address) => ({ to: 'support@localhost', subject: `[Contact] Other from ${address}`, text: `From: ${address}`, html: '' })),
      { to: 'support@localhost', subject: 'Note', text: `Write to ${email}.`, html: '' },
    ]);
    expect((await remove(token)).statusCode).toBe(200);
    const keys = (await server.database.db.select().from(rateLimits)).map((row) => row.key);
    for (const address of neighbours) {
      expect(keys).toContain(`register:email:${address}`);
      expect(keys).toContain(`loginFailures:${address}:10.0.0.1`);
    }
    expect(keys).not.toContain(`loginFailures:${email.toUpperCase()}:::1`);
    const mail = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'support@localhost'));
    for (const address of neighbours) expect(mail.some((m) => m.text === `From: ${address}`)).toBe(true);
    expect(mail.some((m) => m.text.includes(`Write to ${email}.`))).toBe(false);
  });
});

describe('limits', () => {
  it('counts account changes per IP and per account (20 an hour)', async () => {
    const { token } = await signedIn();
    for (let i = 0; i < 20; i++) {
      const attempt = await post('/api/account/password', { current_password: 'Wrong2026', new_password: NEW_PASSWORD }, token);
      expect(attempt.statusCode).toBe(400);
    }
    const blocked = await post('/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ detail: TOO_MANY_ATTEMPTS });
    // From another address the same account is still held: guessing is bounded per account too.
    ip = '10.21.0.1';
    expect((await post('/api/account/password', { current_password: PASSWORD, new_password: NEW_PASSWORD }, token)).statusCode).toBe(429);
    // Another learner from a fresh address is not.
    const fresh = await signedIn();
    ip = '10.21.0.2';
    expect((await get('/api/account/export', fresh.token)).statusCode).toBe(200);
  });
});
