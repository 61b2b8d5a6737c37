import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, TOO_MANY_ATTEMPTS } from '../../src/server/rate-limit';
import { PASSWORD, registerUser, startTestServer, uniqueEmail, type TestServer } from './support/app';

const tight = { max: 3, windowSeconds: 60 };
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        login: { perIp: { max: 6, windowSeconds: 60 }, perEmail: tight },
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
  it('limits logins per e-mail, then per IP, with Retry-After', async () => {
    const { email } = await registerUser(server);
    const attempt = (address: string, ip: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: address, password: 'Wrong2026x' },
        ...from(ip),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(email, '10.0.0.1')).statusCode).toBe(401);
    const limited = await attempt(email, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: TOO_MANY_ATTEMPTS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The IP 10.0.0.1 has used 3 of 6; three other addresses use up the rest.
    for (let i = 0; i < 3; i++) expect((await attempt(uniqueEmail(), '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt(uniqueEmail(), '10.0.0.1')).statusCode).toBe(429);
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

  it('limits reset requests per e-mail without revealing whether it exists', async () => {
    const email = uniqueEmail('ghost');
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push((await server.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { email } })).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
