import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { startTestServer, type TestServer } from './support/app';
import { freshDatabase } from './support/database';

const servers: TestServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function start(env: Record<string, string> = {}, webRoot?: string) {
  const server = await startTestServer(env, { webRoot });
  servers.push(server);
  return server;
}

/** A stand-in for the built app, so the page headers are tested without a build. */
async function webRoot() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vn-web-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app.js"></script>');
  return dir;
}

/** The CSP as a map of directive to its sources. */
function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(headers: Record<string, string | string[] | number | undefined>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  const csp = directives(headers['content-security-policy']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  // Inline style attributes only by hash (the mail shown in /dev/mailbox), never 'unsafe-inline'.
  expect(csp.get('style-src-attr')?.[0]).toBe("'unsafe-hashes'");
  expect(csp.get('style-src-attr')!.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/]+=*'$/.test(source))).toBe(true);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(headers['content-security-policy']).not.toMatch(/unsafe-inline|unsafe-eval/);
  return csp;
}

describe('security headers', () => {
  it('are on API answers, including errors and the 503 while starting', async () => {
    const server = await start();
    const pricing = await server.app.inject('/api/payment/pricing');
    expect(pricing.statusCode).toBe(200);
    const csp = expectCommonHeaders(pricing.headers);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8765', 'ws://app.test']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(pricing.headers['strict-transport-security']).toBeUndefined();

    const missing = await server.app.inject('/api/no-such-thing');
    expect(missing.statusCode).toBe(404);
    expectCommonHeaders(missing.headers);
    const refused = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(refused.statusCode).toBe(400);
    expectCommonHeaders(refused.headers);

    // Before markReady the API answers 503, with the headers all the same.
    const database = await freshDatabase();
    const starting = await buildApp({ config: loadConfig({ PUBLIC_URL: 'http://app.test', LOG_LEVEL: 'silent' }), database, logger: false });
    try {
      const early = await starting.inject('/api/payment/pricing');
      expect(early.statusCode).toBe(503);
      expectCommonHeaders(early.headers);
    } finally {
      await starting.close();
      await database.close();
    }
  });

  it('are on the pages: the landing page, client routes, test billing and the local mailbox', async () => {
    const server = await start({}, await webRoot());
    for (const url of ['/', '/reader/7d1f0a52-3f55-4d3c-9d2e-0f7a1b2c3d4e', '/test-billing/checkout/cs_test_1', '/dev/mailbox']) {
      const page = await server.app.inject({ url, remoteAddress: '127.0.0.1' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expectCommonHeaders(page.headers);
    }
  });

  it('send HSTS and upgrade insecure requests only when the public URL is https', async () => {
    const https = await start({ PUBLIC_URL: 'https://kotoba.example' }, await webRoot());
    for (const url of ['/', '/api/payment/pricing']) {
      const response = await https.app.inject(url);
      expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      const csp = expectCommonHeaders(response.headers);
      expect(csp.get('upgrade-insecure-requests')).toEqual([]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8765', 'wss://kotoba.example']);
    }

    for (const publicUrl of ['http://kotoba.example', 'http://localhost:3000']) {
      const http = await start({ PUBLIC_URL: publicUrl }, await webRoot());
      for (const url of ['/', '/api/payment/pricing']) {
        const response = await http.app.inject(url);
        expect(response.headers['strict-transport-security'], `${publicUrl}${url}`).toBeUndefined();
        expect(directives(response.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(false);
      }
    }
  });

  it('the built app needs nothing inline: every script of the served index.html has a src', async () => {
    const dist = path.resolve('dist');
    if (!existsSync(path.join(dist, 'index.html'))) throw new Error('Build the web app first: npx vite build (npm test does)');
    const server = await start({}, dist);
    const page = await server.app.inject('/');
    expect(page.statusCode).toBe(200);
    expectCommonHeaders(page.headers);
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\ssrc="\/[^"]+"/);
      expect(body!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    // Everything it loads comes from this origin.
    for (const [, url] of page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)) expect(url).toMatch(/^\/(?!\/)/);
  });
});
