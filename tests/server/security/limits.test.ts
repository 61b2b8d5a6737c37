import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../../../src/server/mail/message';
import { DEFAULT_RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../../../src/server/rate-limit';
import { registerUser, startTestServer, uniqueEmail, type TestServer } from '../support/app';
import { startFakeChatServer, type FakeChatServer } from '../support/fake-openai';
import { verifiedReader } from '../support/story-socket';

const login = (server: TestServer, forwardedFor?: string, remoteAddress = '127.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: uniqueEmail(), password: 'Wrong2026x' },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    remoteAddress,
  });

describe('proxy trust', () => {
  const limits = { ...DEFAULT_RATE_LIMITS, login: { perIp: { max: 5, windowSeconds: 60 } } };

  it.each(['true', '1', '127.0.0.1/8'])('takes the client address the trusted proxy saw, never one the client wrote (TRUST_PROXY=%s)', async (TRUST_PROXY) => {
    const server = await startTestServer({ TRUST_PROXY }, { rateLimits: limits });
    try {
      // The client forges a new left-most address each time; the proxy appends the one it saw.
      const codes = [];
      for (let i = 0; i < 7; i++) codes.push((await login(server, `198.51.100.${i}, 203.0.113.9`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
      // Another client behind the same proxy is counted on its own.
      expect((await login(server, '203.0.113.10')).statusCode).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('ignores the header when no proxy is trusted', async () => {
    const server = await startTestServer({}, { rateLimits: limits });
    try {
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await login(server, `203.0.113.${i}`, '192.0.2.1')).statusCode);
      expect(codes.at(-1)).toBe(429);
      expect((await login(server, undefined, '192.0.2.1')).json()).toEqual({ detail: TOO_MANY_ATTEMPTS });
    } finally {
      await server.close();
    }
  });
});

describe('the local mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('answers this machine only, never a client from elsewhere or through a proxy', async () => {
    const ask = (url: string, remoteAddress: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, remoteAddress, headers });
    expect((await ask('/api/dev/outbox', '127.0.0.1')).statusCode).toBe(200);
    expect((await ask('/api/dev/outbox', '::1')).statusCode).toBe(200);
    expect((await ask('/api/dev/outbox', '192.168.1.20')).statusCode).toBe(404);
    expect((await ask('/api/dev/outbox', '127.0.0.1', { 'x-forwarded-for': '192.168.1.20' })).statusCode).toBe(404);
    expect((await ask('/api/dev/outbox', '127.0.0.1', { forwarded: 'for=192.168.1.20' })).statusCode).toBe(404);
  });
});

describe('vocabulary batches', () => {
  let server: TestServer;
  let model: FakeChatServer;
  beforeAll(async () => {
    model = await startFakeChatServer();
    model.behave({ answer: '{"explanation": "A cat.", "reading": "ねこ"}' });
    server = await startTestServer(
      { LLM_BASE_URL: model.url, LLM_MODEL: 'fake' },
      { rateLimits: { ...DEFAULT_RATE_LIMITS, contextualExplain: { perIp: { max: 4, windowSeconds: 60 } } } },
    );
  });
  afterAll(async () => {
    await server.close();
    await model.close();
  });
  const batch = (items: object[], token?: string) =>
    server.app.inject({ method: 'POST', url: '/api/vocabulary/explain/batch', payload: { items }, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const inContext = (n: number) => Array.from({ length: n }, (_, i) => ({ word: `猫${i}`, full_sentence: `猫${i}が好き。` }));

  it('counts every item in context against the limit and asks a learner to sign in for them', async () => {
    const anonymous = await batch(inContext(3));
    expect(anonymous.statusCode).toBe(401);
    expect(model.requests).toHaveLength(0);
    // Dictionary items cost nothing and stay open to everyone.
    expect((await batch([{ word: '猫' }, { word: '犬' }])).statusCode).toBe(200);

    const reader = await verifiedReader(server);
    const tooMany = await batch(inContext(5), reader.token);
    expect(tooMany.statusCode).toBe(429);
    expect(model.requests).toHaveLength(0);
    // The five counted: what is left of the window is spent at once.
    expect((await batch(inContext(1), reader.token)).statusCode).toBe(429);
  });
});

describe('password reset requests', () => {
  it('answer before any mail is sent, the same for every address', async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const sent: MailMessage[] = [];
    // A mail server that takes its time with resets: the answer must not wait for it.
    const slowMail: MailTransport = {
      kind: 'smtp',
      async send(message) {
        if (message.subject.includes('Reset')) await released;
        sent.push(message);
      },
      async close() {},
    };
    const server = await startTestServer({}, { mail: slowMail });
    try {
      const { email } = await registerUser(server);
      const reset = (address: string) => server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: address } });
      const known = await Promise.race([reset(email), new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 3000))]);
      if (known === 'waiting') throw new Error('the reset answer waited for the mail server');
      const unknown = await reset(uniqueEmail('nobody'));
      expect(`${known.statusCode} ${known.body}`).toBe(`${unknown.statusCode} ${unknown.body}`);
      expect(sent.filter((m) => m.subject.includes('Reset'))).toHaveLength(0);
      release();
      await server.app.background.idle();
      expect(sent.filter((m) => m.subject.includes('Reset')).map((m) => m.to)).toEqual([email]);
    } finally {
      release();
      await server.close();
    }
  });
});
