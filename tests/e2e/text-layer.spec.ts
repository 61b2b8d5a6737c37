import { expect, test, type Page } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

/** The line on screen, as screen readers hear it (speaker: text). */
const liveLine = (page: Page) => page.locator('.reader-live');

/** The line's own text (the live region prefixes the speaker). */
async function lineText(page: Page): Promise<string> {
  const live = (await liveLine(page).textContent()) ?? '';
  const layer = (await page.locator('.text-layer').textContent()) ?? '';
  return live.endsWith(layer) ? layer : live;
}

/** Shows the whole line and waits until the text layer holds all of it. */
async function lineInFull(page: Page) {
  await page.keyboard.press('Space');
  await expect(async () => {
    const live = (await liveLine(page).textContent()) ?? '';
    const layer = (await page.locator('.text-layer').textContent()) ?? '';
    expect(layer.length).toBeGreaterThan(0);
    expect(live.endsWith(layer)).toBe(true);
    expect(live === layer || live.endsWith(`: ${layer}`)).toBe(true);
  }).toPass();
}

/** What a pop-up dictionary sees under the middle of the n-th character of the layer. */
function underPointer(page: Page, index: number) {
  return page.evaluate((n) => {
    const glyph = document.querySelectorAll<HTMLElement>('.text-layer > span:not(.text-layer-gap)')[n]!;
    const box = glyph.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const range = document.caretRangeFromPoint(x, y);
    const node = range?.startContainer;
    return {
      glyph: glyph.textContent,
      hit: document.elementFromPoint(x, y)?.closest('.text-layer') !== null,
      lang: node?.parentElement?.closest('[lang]')?.getAttribute('lang'),
      // The character at the caret (the caret lands before or after the one under the pointer).
      around: node?.textContent ?? '',
      inLayer: !!node?.parentElement?.closest('.text-layer'),
    };
  }, index);
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`the line is real text under the pointer, selectable and copied without furigana (${viewport.name})`, async ({ page, request, context }) => {
    test.setTimeout(60_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize(viewport);
    await signedInVerifiedReader(page, request, 'Yomi');
    await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');
    await lineInFull(page);
    const text = await lineText(page);
    await expect(page.locator('.text-layer')).toHaveAttribute('lang', 'ja');
    // Furigana is drawn over the line, and none of it is in the text layer.
    await expect(page.locator('.dialogue-overlay .furigana').first()).toBeVisible();
    expect(await page.locator('.text-layer rt, .text-layer .furigana').count()).toBe(0);

    const glyphs = await page.locator('.text-layer > span:not(.text-layer-gap)').count();
    for (const index of [0, Math.floor(glyphs / 2), glyphs - 1]) {
      const seen = await underPointer(page, index);
      expect(seen.hit, `glyph ${index}`).toBe(true);
      expect(seen.inLayer).toBe(true);
      expect(seen.lang).toBe('ja');
      expect(seen.around).toBe(seen.glyph);
    }

    // Select the whole line and copy: exactly the line's characters.
    await page.evaluate(() => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector('.text-layer')!);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      document.execCommand('copy');
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

    // A drag across the text selects it and does not move the story on; a plain click does.
    const first = await page.locator('.text-layer > span:not(.text-layer-gap)').first().boundingBox();
    const last = await page.locator('.text-layer > span:not(.text-layer-gap)').last().boundingBox();
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await page.mouse.move(first!.x + 2, first!.y + first!.height / 2);
    await page.mouse.down();
    await page.mouse.move(last!.x + last!.width - 2, last!.y + last!.height / 2, { steps: 8 });
    await page.mouse.up();
    expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).length).toBeGreaterThan(1);
    await page.waitForTimeout(300);
    expect(await lineText(page)).toBe(text);
    await page.evaluate(() => window.getSelection()?.removeAllRanges());
    await page.mouse.click(first!.x + first!.width / 2, first!.y + first!.height / 2);
    await expect.poll(() => lineText(page)).not.toBe(text);
  });
}

test('in vocabulary mode the word buttons stay on top of the text layer', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Yomi');
  await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');
  await page.getByRole('button', { name: 'Vocabulary', exact: true }).click();
  const word = page.getByRole('button', { name: /^Word: / }).first();
  for (let i = 0; i < 20 && !(await word.isVisible()); i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
  }
  const box = (await word.boundingBox())!;
  const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-label'), {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
  });
  expect(onTop).toMatch(/^Word: /);
  await word.click();
  await expect(page.getByRole('dialog').filter({ has: page.getByRole('region', { name: /^Meaning of / }) })).toBeVisible();
});
