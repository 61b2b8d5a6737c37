import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../../src/server/db/schema';
import { DEFAULT_RATE_LIMITS } from '../../src/server/rate-limit';
import { startTestServer, type TestServer } from './support/app';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { SUPPORT_EMAIL: 'help@kotoba.test' },
    { rateLimits: { ...DEFAULT_RATE_LIMITS, contact: { perIp: { max: 2, windowSeconds: 60 } } } },
  );
});
afterAll(() => server.close());

const message = 'The furigana toggle would be lovely on the backlog too.';
const send = (payload: object, ip = '10.1.0.1') =>
  server.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });

describe('POST /api/contact', () => {
  it('stores the message and mails it to the support address', async () => {
    const response = await send({ email: 'mei@example.com', subject: 'feature', message });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Thank you for your message! We'll get back to you soon." });
    const stored = await server.database.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'mei@example.com', subject: 'feature', message });
    const [mail] = await server.database.db.select().from(mailOutbox);
    expect(mail).toMatchObject({ to: 'help@kotoba.test', subject: '[Contact] Feature request from mei@example.com' });
    expect(mail!.text).toContain(message);
  });

  it('validates like the form', async () => {
    expect((await send({ email: 'mei@example.com', subject: 'feature', message: 'too short' })).json()).toEqual({
      detail: 'Message must be at least 20 characters',
    });
    expect((await send({ email: 'mei@example.com', subject: 'gossip', message })).json()).toEqual({
      detail: 'Please choose a subject',
    });
    expect((await send({ email: 'nope', subject: 'bug', message })).statusCode).toBe(400);
  });

  it('escapes markup in the mailed copy', async () => {
    await send({ email: 'x@example.com', subject: 'bug', message: '<script>alert(1)</script> happens here' }, '10.1.0.7');
    const mails = await server.database.db.select().from(mailOutbox);
    const html = mails.find((m) => m.text.includes('<script>'))!.html;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
  });

  it('keeps nothing from a bot that fills the honeypot, but answers as usual', async () => {
    const before = (await server.database.db.select().from(contactMessages)).length;
    const response = await send({ email: 'bot@example.com', subject: 'other', message, website: 'http://spam.test' }, '10.1.0.2');
    expect(response.statusCode).toBe(200);
    expect((await server.database.db.select().from(contactMessages)).length).toBe(before);
  });

  it('is rate-limited per IP', async () => {
    const ip = '10.1.0.3';
    expect((await send({ email: 'a@example.com', subject: 'other', message }, ip)).statusCode).toBe(200);
    expect((await send({ email: 'a@example.com', subject: 'other', message }, ip)).statusCode).toBe(200);
    expect((await send({ email: 'a@example.com', subject: 'other', message }, ip)).statusCode).toBe(429);
  });
});
