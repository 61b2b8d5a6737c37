/**
 * Golden screenshots of the reader stage in real Chromium, and a pixel check that the glyph boxes the stage
 * publishes (what the DOM overlay aligns furigana and hit areas to) are where the text is drawn.
 * Goldens: tests/snapshots/__golden__/ (`--update-snapshots` rewrites them).
 */
import { expect, test, type Page } from '@playwright/test';
import { measureAlignment, type AlignmentReport } from './alignment';
import { startFixtureServer, type FixtureServer } from './fixture-server';

let fixture: FixtureServer;

test.beforeAll(async () => {
  fixture = await startFixtureServer();
});

test.afterAll(async () => {
  await fixture?.close();
});

const LANDSCAPE = { width: 1280, height: 720 };
const PHONE = { width: 390, height: 844 };

async function open(page: Page, viewport = LANDSCAPE, query = '') {
  await page.setViewportSize(viewport);
  // Ambient motion (blink, pulse) holds still, so a golden does not depend on the moment it was taken.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`${fixture.url}${query}`);
  await page.evaluate(() => window.stageReady.then(() => undefined));
}

async function show(page: Page, name: string) {
  await page.evaluate((caseName) => window.showCase(caseName), name);
}

const golden = { maxDiffPixelRatio: 0.01 };

test.describe('reader stage goldens', () => {
  test('Japanese line with ruby room, wrapping with a kinsoku break', async ({ page }) => {
    await open(page);
    await show(page, 'ja-ruby');
    const lines = await page.evaluate(() => {
      const glyphs = window.stage.textGeometry()!.glyphs;
      const byLine: string[] = [];
      for (const g of glyphs) byLine[g.line] = (byLine[g.line] ?? '') + g.text;
      return byLine;
    });
    expect(lines).toHaveLength(2);
    // 38 characters fit; the 39th is 。, which may not start a line, so た moves down with it.
    expect(lines[0]).toHaveLength(37);
    expect(lines[1]!.startsWith('た。')).toBe(true);
    await expect(page).toHaveScreenshot('ja-ruby.png', golden);
  });

  test('the interface hidden: only the picture, and the line back as it was when shown again', async ({ page }) => {
    await open(page);
    await show(page, 'dialogue-hidden');
    await expect(page).toHaveScreenshot('dialogue-hidden.png', golden);
    await page.evaluate(() => window.stage.setDialogueHidden(false));
    await page.evaluate(() => window.settled());
    expect(await page.evaluate(() => window.stage.complete)).toBe(true);
  });

  test('English line that wraps, letterboxed in a 3:2 window', async ({ page }) => {
    await open(page, { width: 1200, height: 800 });
    await show(page, 'en-wrap');
    const geometry = await page.evaluate(() => window.stage.textGeometry()!);
    expect(new Set(geometry.glyphs.map((g) => g.line)).size).toBeGreaterThan(1);
    expect(geometry.rubyHeight).toBe(0);
    await expect(page).toHaveScreenshot('en-wrap.png', golden);
  });

  for (const state of ['loading', 'waiting', 'loaded', 'error', 'missing'] as const) {
    test(`background ${state}`, async ({ page }) => {
      await open(page);
      await show(page, `background-${state}`);
      await expect(page).toHaveScreenshot(`background-${state}.png`, golden);
    });
  }

  test('a picture that fails to load shows the error notice', async ({ page }) => {
    await open(page);
    await show(page, 'background-broken-url');
    await expect(page).toHaveScreenshot('background-broken-url.png', golden);
  });

  test('background cross-fade ends on the new picture', async ({ page }) => {
    await open(page);
    await show(page, 'background-crossfade');
    await expect(page).toHaveScreenshot('background-crossfade.png', golden);
  });

  test('emotion change, after the transition', async ({ page }) => {
    await open(page);
    await show(page, 'emotion-change');
    await expect(page).toHaveScreenshot('emotion-change.png', golden);
  });

  test('a sprite that fails to load falls back to the neutral one', async ({ page }) => {
    await open(page);
    await show(page, 'sprite-fallback');
    await expect(page).toHaveScreenshot('sprite-fallback.png', golden);
  });

});

test.describe('phone (390×844 at 2× density)', () => {
  test.use({ deviceScaleFactor: 2, hasTouch: true });

  test('portrait phone layout', async ({ page }) => {
    await open(page, PHONE);
    await show(page, 'portrait');
    expect(await page.evaluate(() => window.stage.layout)).toBe('portrait');
    // Device pixels, so the golden shows the text as sharp as a phone does.
    await expect(page).toHaveScreenshot('portrait.png', { ...golden, scale: 'device' });
  });

  test('a line longer than the box is read in pages, each from the top of the box', async ({ page }) => {
    await open(page, PHONE);
    await show(page, 'long-line');
    const pageOne = await page.evaluate(() => ({ geometry: window.stage.textGeometry()!, revealed: window.stage.revealed, complete: window.stage.complete }));
    const textTop = pageOne.geometry.glyphs[0]!.y;
    const bottom = pageOne.geometry.textBox.y + pageOne.geometry.textBox.height;
    expect(Math.max(...pageOne.geometry.glyphs.map((g) => g.y + g.height))).toBeLessThanOrEqual(bottom + 1);
    expect(pageOne.complete).toBe(false);
    expect(pageOne.revealed).toBe(pageOne.geometry.glyphs.at(-1)!.end);
    await expect(page).toHaveScreenshot('long-line-page-1.png', { ...golden, scale: 'device' });

    // A press turns the page: the rest of the line, from the top of the box, and the line is then complete.
    await page.evaluate(() => window.stage.revealAll());
    await page.evaluate(() => window.settled());
    const pageTwo = await page.evaluate(() => ({ geometry: window.stage.textGeometry()!, revealed: window.stage.revealed, complete: window.stage.complete }));
    expect(pageTwo.geometry.glyphs[0]!.start).toBeGreaterThanOrEqual(pageOne.revealed);
    expect(pageTwo.geometry.glyphs[0]!.y).toBeCloseTo(textTop, 1);
    expect(pageTwo.complete).toBe(true);
    expect(pageTwo.revealed).toBe(250);
    await expect(page).toHaveScreenshot('long-line-page-2.png', { ...golden, scale: 'device' });
  });

  test('glyph boxes line up with the drawn text at 2× density', async ({ page }) => {
    await open(page, PHONE);
    await show(page, 'portrait');
    await page.evaluate(() => window.stage.setContinueIndicator(null));
    await page.evaluate(() => window.settled());
    const report = await page.evaluate(measureAlignment);
    expect(report.devicePixelRatio).toBe(2);
    expectAligned(report);
  });
});

/** The drawn text is where the published glyph boxes say, to within a CSS pixel. */
function expectAligned(report: AlignmentReport) {
  const offsets = report.kanjiOffsets;
  const mean = offsets.length > 0 ? offsets.reduce((a, b) => a + b, 0) / offsets.length : 0;
  console.log(
    `alignment at ${report.devicePixelRatio}x: ${report.lines} lines, ${offsets.length} kanji, mean ink offset ${mean.toFixed(2)} px, ` +
      `max ${Math.max(0, ...offsets.map(Math.abs)).toFixed(2)} px, line insets ${report.lineInset.map((l) => `${l.left.toFixed(1)}/${l.right.toFixed(1)}`).join(' ')}`,
  );
  expect(report.emptyKanji).toEqual([]);
  expect(report.litLeftOfLines, 'ink left of a line').toBe(0);
  expect(report.litRightOfLines, 'ink right of a line').toBe(0);
  expect(report.litInRubyRoom, 'ink in the furigana room').toBe(0);
  if (report.kanjiOffsets.length > 0) {
    // Kanji are drawn centred in their em box: a drift shows as a mean offset; single glyphs vary by design.
    expect(Math.abs(mean), `mean kanji offset ${mean}`).toBeLessThan(0.75);
    for (const offset of report.kanjiOffsets) expect(Math.abs(offset)).toBeLessThan(2.5);
  }
  for (const { left, right, last } of report.lineInset) {
    // The ink starts just inside the first box (side bearing) and ends just inside the last one (punctuation
    // like 。 sits at the left of its box, so only the lower bound holds for it).
    expect(left).toBeGreaterThanOrEqual(-1);
    expect(left).toBeLessThan(4);
    expect(right).toBeGreaterThanOrEqual(-1);
    if (!/[\p{P}\p{S}]/u.test(last)) expect(right, `after ${last}`).toBeLessThan(4);
  }
}

test.describe('reader stage behaviour', () => {
  test('glyph boxes line up with the drawn text (Japanese)', async ({ page }) => {
    await open(page);
    await show(page, 'ja-plain');
    const report = await page.evaluate(measureAlignment);
    expect(report.lines).toBe(2);
    expect(report.kanjiOffsets.length).toBeGreaterThan(15);
    expectAligned(report);
  });

  test('glyph boxes line up with the drawn text (English, scaled stage)', async ({ page }) => {
    await open(page, { width: 1200, height: 800 });
    await show(page, 'en-wrap');
    await page.evaluate(() => window.stage.setContinueIndicator(null));
    await page.evaluate(() => window.settled());
    const report = await page.evaluate(measureAlignment);
    expect(report.lines).toBe(3);
    expectAligned(report);
  });

  test('draws the same scene with WebGL and with the 2D canvas', async ({ page }) => {
    // This Chromium runs without a GPU: its WebGL is SwiftShader, so by default the stage takes the canvas.
    await open(page);
    const chosen = await page.evaluate(() => window.stage.renderer);
    console.log(`renderer chosen by default: ${chosen}`);
    for (const renderer of ['webgl', 'canvas'] as const) {
      await open(page, LANDSCAPE, `?renderer=${renderer}`);
      await show(page, 'ja-ruby');
      expect(await page.evaluate(() => window.stage.renderer)).toBe(renderer);
      // Shapes are antialiased a little differently; everything else matches the golden.
      await expect(page).toHaveScreenshot('ja-ruby.png', { maxDiffPixelRatio: 0.02 });
    }
  });

  test('the typewriter reveals at the set speed, and revealAll completes it', async ({ page }) => {
    await open(page);
    const result = await page.evaluate(async () => {
      const stage = window.stage;
      const text = 'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ';
      const events: { revealed: number; complete: boolean; at: number }[] = [];
      stage.onProgress((revealed, complete) => events.push({ revealed, complete, at: performance.now() }));
      stage.setTextSpeed(20); // one character every 50 ms
      stage.showLine({ id: 't-1', speaker: null, text, language: 'ja', rubyRoom: false, instant: false });
      while (stage.revealed === 0) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 600));
      const shown = events.filter((e) => e.revealed > 0);
      const first = shown[0]!;
      const last = shown.at(-1)!;
      stage.revealAll();
      return { first: first.revealed, revealedAt: last.revealed, elapsed: last.at - first.at, complete: stage.complete, revealed: stage.revealed, length: text.length, final: events.at(-1) };
    });
    // The first character shows as soon as the line is drawn, then one every 50 ms, however the frames fall.
    expect(result.first).toBe(1);
    const expected = 1 + result.elapsed / 50;
    expect(result.revealedAt).toBeGreaterThanOrEqual(Math.floor(expected) - 1);
    expect(result.revealedAt).toBeLessThanOrEqual(Math.ceil(expected) + 1);
    expect(result.revealedAt).toBeGreaterThan(6);
    expect(result.complete).toBe(true);
    expect(result.revealed).toBe(result.length);
    expect(result.final).toMatchObject({ revealed: result.length, complete: true });
  });

  test('a line taken away before it is drawn leaves nothing pending', async ({ page }) => {
    await open(page);
    const state = await page.evaluate(async () => {
      const stage = window.stage;
      stage.showLine({ id: 'gone', speaker: 'ゆい', text: 'すぐに消える行', language: 'ja', rubyRoom: true, instant: false });
      stage.showLine(null);
      await window.settled();
      return { complete: stage.complete, revealed: stage.revealed, geometry: stage.textGeometry() };
    });
    expect(state).toEqual({ complete: true, revealed: 0, geometry: null });
  });

  test('destroy releases the canvas', async ({ page }) => {
    await open(page);
    const canvases = await page.evaluate(async () => {
      await window.showCase('emotion-change');
      const before = document.querySelectorAll('#host canvas').length;
      window.stage.destroy();
      return [before, document.querySelectorAll('#host canvas').length];
    });
    expect(canvases).toEqual([1, 0]);
  });
});
