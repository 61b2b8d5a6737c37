import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { freshDatabase } from './support/database';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function build(env: Record<string, string> = {}, webRoot?: string) {
  const database = await freshDatabase();
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', ...env }),
    database,
    webRoot,
    logger: false,
  });
  cleanups.push(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

async function webRootWithIndex() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vn-web-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  return dir;
}

describe('health and readiness', () => {
  it('is healthy at once and ready only after markReady and the language data', async () => {
    const app = await build();
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/readyz')).statusCode).toBe(503);
    const early = await app.inject('/api/payment/pricing');
    expect(early.statusCode).toBe(503);
    expect(early.json().detail).toMatch(/starting/);
    app.markReady();
    if (!app.language.isReady()) expect((await app.inject('/readyz')).statusCode).toBe(503);
    await app.language.ready;
    expect((await app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    expect((await app.inject('/api/payment/pricing')).statusCode).toBe(200);
  });
});

describe('pricing', () => {
  it('serves the plan figures from configuration, prices in cents', async () => {
    const app = await build({ FREE_STORIES_PER_MONTH: '5', PRO_PRICE_CENTS: '1299' });
    app.markReady();
    const pricing = (await app.inject('/api/payment/pricing')).json();
    expect(pricing.free).toMatchObject({ name: 'Free', price: 0, stories_per_month: 5 });
    expect(pricing.free.features).toContain('5 stories per month');
    expect(pricing.pro).toMatchObject({ name: 'Pro', price: 1299, stories_per_month: -1 });
  });

  it('defaults to 10 free stories and 700 cents', async () => {
    const app = await build();
    app.markReady();
    const pricing = (await app.inject('/api/payment/pricing')).json();
    expect([pricing.free.stories_per_month, pricing.pro.price]).toEqual([10, 700]);
  });
});

describe('serving the web app', () => {
  it('answers client routes with the app, API misses with JSON, and caches fingerprinted assets', async () => {
    const app = await build({}, await webRootWithIndex());
    app.markReady();
    const landing = await app.inject('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('<div id="root">');
    const page = await app.inject('/account');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const missing = await app.inject('/api/nothing-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found' });
    const asset = await app.inject('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject('/assets/app-old999.js')).statusCode).toBe(404);
  });

  it('serves files added after start, as after a rebuild', async () => {
    const root = await webRootWithIndex();
    const app = await build({}, root);
    app.markReady();
    await writeFile(path.join(root, 'assets', 'app-new456.js'), 'console.log(2)');
    const asset = await app.inject('/assets/app-new456.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(2)');
  });

  it('opens the local mailbox only while the outbox is the transport', async () => {
    const outbox = await build({}, await webRootWithIndex());
    outbox.markReady();
    expect((await outbox.inject('/dev/mailbox')).statusCode).toBe(200);
    expect((await outbox.inject('/api/dev/outbox')).json()).toEqual([]);

    const smtp = await build({ SMTP_URL: 'smtp://127.0.0.1:1' }, await webRootWithIndex());
    smtp.markReady();
    expect((await smtp.inject('/dev/mailbox')).statusCode).toBe(404);
    expect((await smtp.inject('/api/dev/outbox')).statusCode).toBe(404);

    const production = await build({ NODE_ENV: 'production' });
    production.markReady();
    expect((await production.inject('/api/dev/outbox')).statusCode).toBe(404);
  });
});
