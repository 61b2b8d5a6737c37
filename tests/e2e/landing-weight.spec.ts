import { expect, test } from '@playwright/test';

test('the landing page paints before any of the reader’s code (Pixi) is downloaded', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const { paint, scripts } = await page.evaluate(() => {
    const paintEntry = performance.getEntriesByName('first-contentful-paint')[0] ?? performance.getEntriesByName('first-paint')[0];
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      paint: paintEntry?.startTime ?? Number.POSITIVE_INFINITY,
      scripts: resources
        .filter((r) => r.name.endsWith('.js'))
        .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd, bytes: r.encodedBodySize })),
    };
  });
  const beforePaint = scripts.filter((s) => s.start < paint);
  const kilobytes = beforePaint.reduce((sum, s) => sum + s.bytes, 0) / 1024;
  console.log(`landing: first paint at ${paint.toFixed(0)} ms after ${beforePaint.length} scripts, ${kilobytes.toFixed(1)} kB as served`);
  expect(beforePaint.length).toBeGreaterThan(0);
  expect(scripts.map((s) => s.name).filter((name) => /engine|pixi|RenderTarget|browserAll/i.test(name))).toEqual([]);
});
