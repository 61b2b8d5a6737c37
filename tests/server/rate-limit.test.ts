import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../../src/server/rate-limit';
import { mailOutbox } from '../../src/server/db/schema';
import { linkTokenFromMail, PASSWORD, registerUser, startTestServer, uniqueEmail, type TestServer } from './support/app';

const tight = { max: 3, windowSeconds: 60 };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        login: { perIp: { max: 12, windowSeconds: 60 } },
        loginBackoff: { freeFailures: 3, baseMs: 500, maxMs: 2000, windowSeconds: 60 },
        register: { perIp: tight },
        resetPassword: { perIp: { max: 100, windowSeconds: 60 }, perEmail: tight },
        resendVerification: { perIp: tight, perEmail: tight },
      },
    },
  );
});
afterAll(() => server.close());

const from = (ip: string) => ({ remoteAddress: ip });

describe('rate limits', () => {
  it('slows wrong passwords per e-mail and address, and never refuses the right one', async () => {
    const { email } = await registerUser(server);
    const attempt = (password: string, ip: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...from(ip) });
    const timed = async (password: string, ip: string) => {
      const started = performance.now();
      const response = await attempt(password, ip);
      return { status: response.statusCode, ms: performance.now() - started };
    };
    // Six wrong guesses from one address: the first three answer at once (a password check takes its
    // own time, so waits are measured against those), then each waits longer, up to the cap.
    const guesses = [];
    for (let i = 0; i < 6; i++) guesses.push(await timed('Wrong2026x', '10.0.1.1'));
    expect(guesses.map((g) => g.status)).toEqual(Array(6).fill(401));
    const prompt = Math.min(...guesses.slice(0, 3).map((g) => g.ms));
    expect(guesses[3]!.ms - prompt).toBeGreaterThanOrEqual(300);
    expect(guesses[5]!.ms - prompt).toBeGreaterThanOrEqual(1700);

    // The owner, elsewhere, signs in at once with the right password.
    const owner = await timed(PASSWORD, '10.0.2.2');
    expect(owner.status).toBe(200);
    expect(guesses[5]!.ms - owner.ms).toBeGreaterThanOrEqual(1500);
    // From the guessing address the right password is slow but still accepted, and clears the slowdown.
    expect((await timed(PASSWORD, '10.0.1.1')).status).toBe(200);
    expect(guesses[5]!.ms - (await timed('Wrong2026x', '10.0.1.1')).ms).toBeGreaterThanOrEqual(1500);
  });

  it('limits logins per IP with Retry-After', async () => {
    const attempt = () =>
      server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: uniqueEmail(), password: 'Wrong2026x' }, ...from('10.0.0.1') });
    for (let i = 0; i < 12; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts concurrent attempts exactly', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        server.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: 'Bot', email: uniqueEmail('burst'), password: PASSWORD },
          ...from('10.0.0.9'),
        }),
      ),
    );
    const codes = attempts.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('caps reset mails per address without refusing or revealing anything', async () => {
    const { email } = await registerUser(server);
    const ghost = uniqueEmail('ghost');
    const reset = (address: string, ip: string) =>
      server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email: address }, ...from(ip) });
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await reset(email, `10.0.3.${i}`), await reset(ghost, `10.0.4.${i}`));
    // Every request gets the same answer: no 429 tells the owner (or anyone) that resets are blocked.
    expect(new Set(answers.map((r) => `${r.statusCode} ${r.body}`)).size).toBe(1);
    expect(answers[0]!.statusCode).toBe(200);
    await server.app.background.idle();
    // Three mails went out (the cap); the owner can use any of them.
    const mails = (await server.database.db.select().from(mailOutbox)).filter((m) => m.to === email && m.subject.includes('Reset'));
    expect(mails).toHaveLength(3);
    const token = await linkTokenFromMail(server, email, 'reset-password');
    const confirm = await server.app.inject({ method: 'POST', url: '/api/auth/reset-password/confirm', payload: { token, new_password: 'Momiji2027' } });
    expect(confirm.statusCode).toBe(200);
  });
});
