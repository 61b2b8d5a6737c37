import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_PAGES, SITE_PAGES, sitePageFor } from '../../src/shared/site-pages';
import { startTestServer, type TestServer } from './support/app';

// jsdom (the web tests' DOM) ships no types: typed here as far as this test uses it, an XML parser.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (markup: string, options: { contentType: string }) => { window: { document: Document } };
};

const dist = path.resolve('dist');
const PUBLIC_URL = 'https://kotoba.example';
const STORY_ID = '7d1f0a52-3f55-4d3c-9d2e-0f7a1b2c3d4e';

let server: TestServer;
let indexHtml: string;
let mainBundle: string;
let stylesheet: string;

beforeAll(async () => {
  if (!existsSync(path.join(dist, 'index.html.br'))) {
    throw new Error('Build the web app first: npx vite build --logLevel warn && node scripts/precompress.mjs (npm run build does both)');
  }
  indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');
  mainBundle = indexHtml.match(/<script type="module"[^>]*\ssrc="([^"]+\.js)"/)![1]!;
  stylesheet = indexHtml.match(/<link rel="stylesheet"[^>]*\shref="([^"]+\.css)"/)![1]!;
  server = await startTestServer({ PUBLIC_URL }, { webRoot: dist });
});
afterAll(async () => {
  await server?.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

function decoded(response: Awaited<ReturnType<typeof get>>): string {
  const body = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/** A concrete address for a route pattern. */
function sampleAddress(pattern: string): string {
  return pattern.replace('$storyId', STORY_ID).replace('$sessionId', 'cs_test_1');
}

describe('precompressed files', () => {
  it('sends the bundle as brotli or gzip, as the client accepts, and the same bytes decoded', async () => {
    const original = readFileSync(path.join(dist, mainBundle), 'utf8');
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await get(mainBundle, { 'accept-encoding': accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], accept).toContain('immutable');
      expect(response.rawPayload.length, accept).toBeLessThan(original.length / 2);
      expect(decoded(response), accept).toBe(original);
    }
    const css = await get(stylesheet, { 'accept-encoding': 'br' });
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('sends the file itself, still varying on Accept-Encoding, to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Array<Record<string, string>>) {
      const response = await get(mainBundle, headers);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(readFileSync(path.join(dist, mainBundle), 'utf8'));
    }
  });

  it('compresses the pages too: the landing page, client routes and the 404 page', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/about', 200],
      [`/reader/${STORY_ID}`, 200],
      ['/no-such-page', 404],
    ] as const) {
      const response = await get(url, { 'accept-encoding': 'gzip, br' });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(response), url).toBe(indexHtml);
    }
    const gzip = await get('/faq', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(indexHtml);
    const plain = await get('/faq');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(indexHtml);
  });
});

describe('source maps', () => {
  it('are not served, not in dist, and no bundle points to one', async () => {
    for (const url of [`${mainBundle}.map`, `${stylesheet}.map`]) {
      for (const headers of [{}, { 'accept-encoding': 'br' }] as Array<Record<string, string>>) {
        const response = await get(url, headers);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found' });
      }
    }
    const assets = readdirSync(path.join(dist, 'assets'));
    expect(assets.filter((name) => name.endsWith('.map'))).toEqual([]);
    for (const name of assets.filter((file) => /\.(js|css)$/.test(file))) {
      expect(readFileSync(path.join(dist, 'assets', name), 'utf8'), name).not.toMatch(/sourceMappingURL/);
    }
  });
});

describe('page statuses', () => {
  it('answers every known page with the app and a 200', async () => {
    for (const { pattern } of SITE_PAGES.filter((page) => page.pattern !== '/dev/mailbox')) {
      const response = await get(sampleAddress(pattern));
      expect(response.statusCode, pattern).toBe(200);
      expect(response.body, pattern).toBe(indexHtml);
    }
    // As the router matches: a trailing slash, another case and a query change nothing.
    for (const url of ['/about/', '/FAQ', '/verify-email?token=abc', `/reader/${STORY_ID}/`]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('answers unknown pages with a 404 and the app, which shows its own not-found screen', async () => {
    for (const url of ['/no-such-page', '/about/team', '/reader/a/b', '/checkout', '/test-billing/checkout', '/_authed', '/dev']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.body, url).toBe(indexHtml);
    }
    // Not pages: missing files and API addresses stay plain 404s.
    for (const url of ['/assets/index-old999.js', '/api/no-such-thing', '/favicon.ico']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ detail: 'Not found' });
    }
  });

  it('opens the local mailbox page to this machine only', async () => {
    expect((await server.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/dev/mailbox', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
    const forwarded = await server.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '192.168.1.20' } });
    expect(forwarded.statusCode).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the private pages and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const prefix of ['/api/', '/reader/', '/account', '/home', '/test-billing/', '/dev/']) {
      expect(lines, prefix).toContain(`Disallow: ${prefix}`);
    }
    for (const page of MARKETING_PAGES) expect(lines, page).toContain(`Allow: ${page}`);
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists the public pages as absolute addresses of the public URL, as valid sitemap XML', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const document = new JSDOM(response.body, { contentType: 'application/xml' }).window.document;
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = document.documentElement;
    expect([root.localName, root.namespaceURI]).toEqual(['urlset', 'http://www.sitemaps.org/schemas/sitemap/0.9']);
    const locations = [...root.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locations).toEqual(MARKETING_PAGES.map((page) => `${PUBLIC_URL}${page}`));
    expect(locations).toEqual(expect.arrayContaining([`${PUBLIC_URL}/`, `${PUBLIC_URL}/pricing`, `${PUBLIC_URL}/faq`]));
    expect(locations.some((url) => /reader|account|home|dev|test-billing/.test(url!))).toBe(false);
  });
});

describe('the page list', () => {
  /** The router's full paths, read as text from the generated route tree (so this test needs no bundler). */
  function routerPaths(): string[] {
    const source = readFileSync(path.resolve('src/routeTree.gen.ts'), 'utf8');
    const block = source.match(/fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/);
    if (!block) throw new Error('no fullPaths union in src/routeTree.gen.ts');
    const paths = [...block[1]!.matchAll(/'([^']*)'/g)].map((match) => match[1]!);
    // '/reader/' is the index route of /reader; the pathless layout /_authed is no address.
    return paths.map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p)).filter((p) => !p.startsWith('/_authed'));
  }

  it('holds exactly the routes of the router: a new route fails here until src/shared/site-pages.ts lists it', () => {
    const routes = routerPaths();
    expect(routes.length).toBeGreaterThan(20);
    expect([...SITE_PAGES.map((page) => page.pattern)].sort()).toEqual([...new Set(routes)].sort());
  });

  it('matches addresses segment by segment, a parameter being one segment', () => {
    expect(sitePageFor('/')?.pattern).toBe('/');
    expect(sitePageFor(`/reader/${STORY_ID}`)?.pattern).toBe('/reader/$storyId');
    expect(sitePageFor('/reader')?.pattern).toBe('/reader');
    expect(sitePageFor('/test-billing/portal/bps_1')?.pattern).toBe('/test-billing/portal/$sessionId');
    expect(sitePageFor('/reader/x/y')).toBeUndefined();
    expect(sitePageFor('/abou')).toBeUndefined();
  });
});
