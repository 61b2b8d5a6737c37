import { expect, test, type Page } from '@playwright/test';
import { sceneGeometry } from '../../src/engine/scene-geometry';
import { designToCss, fitStage } from '../../src/engine/stage-fit';
import { EN_LINE, JA_LINE, serveStory, STORED_STORY_ID, storyWith } from './stored-story';
import { signedInVerifiedReader } from './support';

/* Lines far longer than the dialogue box, as a model may write them, read page by page. */

const noSpace = (text: string) => text.replace(/\s+/g, '');

/** Reads the long line page by page; every page's glyphs lie inside the dialogue panel. Resolves with the pages' text. */
async function readPages(page: Page, viewport: { width: number; height: number }) {
  const fit = fitStage(viewport);
  const panel = designToCss(fit, sceneGeometry(fit.orientation).box);
  const hint = page.locator('.dialogue-hint');
  const pages: string[] = [];
  for (let turn = 0; turn < 12; turn++) {
    // The page types to its end (a press to hurry it could land just after it ends and turn the page).
    await expect(hint).toContainText(/for the rest of the line|to continue/, { timeout: 20_000 });
    const boxes = await page.locator('.text-layer > span:not(.text-layer-gap)').evaluateAll((spans) => spans.map((s) => s.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThan(0);
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(panel.x);
      expect(box.right).toBeLessThanOrEqual(panel.x + panel.width + 0.5);
      expect(box.top).toBeGreaterThanOrEqual(panel.y);
      expect(box.bottom).toBeLessThanOrEqual(panel.y + panel.height + 0.5);
    }
    pages.push((await page.locator('.text-layer').textContent()) ?? '');
    if (/to continue/.test((await hint.textContent()) ?? '')) return pages;
    await page.keyboard.press('Space');
    await expect(hint).toContainText(/to skip|to continue/);
  }
  throw new Error('the line never ended');
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 720 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const [language, text] of [['ja', JA_LINE], ['en', EN_LINE]] as const) {
      test(`a ${text.length}-character ${language === 'ja' ? 'Japanese' : 'English'} line reads cleanly in pages, whole in the backlog`, async ({ page, request }) => {
        expect(text.length).toBeGreaterThanOrEqual(language === 'ja' ? 300 : 600);
        test.setTimeout(90_000);
        await signedInVerifiedReader(page, request, 'Mio');
        await serveStory(page, storyWith(language, text));
        await page.goto(`/reader/${STORED_STORY_ID}`);
        const live = page.locator('.reader-live');
        await expect(live).toHaveText(/^Mio: /);
        const hint = page.locator('.dialogue-hint');
        await expect(hint).toContainText('to continue', { timeout: 20_000 });
        await page.keyboard.press('Space');
        await expect(live).toHaveText(text);

        const pages = await readPages(page, viewport);
        expect(pages.length).toBeGreaterThan(1);
        // Every character once, in order, across the pages.
        expect(noSpace(pages.join(''))).toBe(noSpace(text));
        await page.screenshot({ path: test.info().outputPath(`last-page-${language}.png`) });

        await page.keyboard.press('Space');
        await expect(live).toHaveText(/^Mio: /);
        await page.keyboard.press('h');
        await expect(page.getByRole('dialog', { name: 'Story Backlog' }).getByText(text)).toBeVisible();
      });
    }
  });
}
