import { expect, test } from '@playwright/test';

/**
 * What a first visit to the landing page transferred before its first paint, measured by this test on
 * 2026-11-26 before the assets were precompressed and the font faces moved out of the stylesheet (commit
 * f874d09, local server, Chromium 156): 15 files, 818 kB (JS 423 kB + CSS 391 kB, all uncompressed; the CSS
 * was ~370 @font-face rules), first contentful paint at ~720 ms (1,180 ms in a cold browser).
 */
const BASELINE_KB = 818;
/** scripts/precompress.mjs leaves smaller files as they are: compressing them saves less than a packet. */
const PRECOMPRESS_MIN_BYTES = 1024;

interface Loaded {
  path: string;
  start: number;
  transferred: number;
  size: number;
}

test('the landing page paints before any of the reader’s code (Pixi) is downloaded, and light', async ({ page }) => {
  const encodings = new Map<string, string>();
  const mapRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('.map')) mapRequests.push(request.url());
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.(js|css)$/.test(path)) encodings.set(path, response.headers()['content-encoding'] ?? 'identity');
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { paint, files, blockingFontFaces } = await page.evaluate(() => {
    const paintEntry = performance.getEntriesByName('first-contentful-paint')[0] ?? performance.getEntriesByName('first-paint')[0];
    // renderBlockingStatus is Chromium's (not yet in TypeScript's DOM types).
    const resources = performance.getEntriesByType('resource') as Array<PerformanceResourceTiming & { renderBlockingStatus?: string }>;
    const files = resources
      .filter((r) => /\.(js|css)$/.test(new URL(r.name).pathname))
      .map((r) => ({
        path: new URL(r.name).pathname,
        start: r.startTime,
        transferred: r.transferSize,
        size: r.decodedBodySize,
      }));
    // The @font-face rules of the stylesheets the first paint waited for.
    const blockingHrefs = new Set(resources.filter((r) => r.renderBlockingStatus === 'blocking').map((r) => r.name));
    const blockingFontFaces = [...document.styleSheets]
      .filter((sheet) => sheet.href && blockingHrefs.has(sheet.href))
      .flatMap((sheet) => [...sheet.cssRules])
      .filter((rule) => rule instanceof CSSFontFaceRule).length;
    return { paint: paintEntry?.startTime ?? Number.POSITIVE_INFINITY, files, blockingFontFaces };
  });

  const beforePaint: Loaded[] = files.filter((file) => file.start < paint);
  const kB = (list: Loaded[], key: 'transferred' | 'size') => list.reduce((sum, file) => sum + file[key], 0) / 1024;
  const transferred = kB(beforePaint, 'transferred');
  console.log(
    `landing: first paint at ${paint.toFixed(0)} ms after ${beforePaint.length} scripts and stylesheets, ` +
      `${kB(beforePaint, 'size').toFixed(1)} kB uncompressed`,
  );
  console.log(`landing: ${transferred.toFixed(1)} kB JS+CSS transferred before first paint (compressed), baseline ${BASELINE_KB} kB`);

  expect(beforePaint.length).toBeGreaterThan(0);
  expect(files.map((file) => file.path).filter((name) => /engine|pixi|RenderTarget|browserAll/i.test(name))).toEqual([]);
  // Every script and stylesheet worth compressing came compressed (the brotli or gzip copy beside it).
  for (const file of files.filter((candidate) => candidate.size > PRECOMPRESS_MIN_BYTES)) {
    expect(['br', 'gzip'], file.path).toContain(encodings.get(file.path));
  }
  expect(transferred).toBeLessThanOrEqual(BASELINE_KB * 0.4);
  // The Japanese faces (~370 rules) are not in a stylesheet the first paint waits for.
  expect(blockingFontFaces).toBeLessThanOrEqual(10);

  // No source map is asked for or handed out.
  expect(mapRequests).toEqual([]);
  const mainBundle = files.find((file) => /\/assets\/index-[^/]+\.js$/.test(file.path))!.path;
  expect((await page.request.get(`${mainBundle}.map`)).status()).toBe(404);
});

test('the Japanese text of the landing page ends up in the Japanese web font', async ({ page }) => {
  await page.goto('/');
  const speech = page.locator('p[lang="ja"]').first();
  await expect(speech).toBeVisible();
  // Which faces the browser really drew the text with (no web API says so; the DevTools protocol does).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  await expect
    .poll(
      async () => {
        const { root } = await cdp.send('DOM.getDocument');
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'p[lang="ja"]' });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        return fonts.filter((font) => font.isCustomFont).map((font) => font.familyName);
      },
      { timeout: 10_000 },
    )
    .toContainEqual(expect.stringMatching(/Noto Sans JP|Zen Maru Gothic/));
});
