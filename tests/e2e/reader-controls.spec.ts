import { expect, test, type Page } from '@playwright/test';
import { signedInVerifiedReader } from './support';

const live = (page: Page) => page.locator('.reader-live');

async function openStory(page: Page) {
  await page.locator('label.option', { has: page.getByRole('radio', { name: /English/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /C1 Advanced/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /Workplace/ }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\//, { timeout: 15_000 });
  await expect(live(page)).not.toBeEmpty();
}

test('V hides the interface to show the picture, and the next key only brings it back; F goes fullscreen', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Vera');
  await openStory(page);
  const toolbar = page.getByRole('toolbar', { name: 'Reader' });
  await expect(toolbar).toBeVisible();
  const line = await live(page).textContent();

  await page.keyboard.press('v');
  await expect(page.locator('main.reader')).toHaveClass(/reader--bare/);
  await expect(toolbar).toBeHidden();
  await expect(page.locator('.text-layer')).toBeHidden();
  await expect(page.locator('canvas')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(toolbar).toBeVisible();
  // That press only brought the interface back: the story did not move on.
  expect(await live(page).textContent()).toBe(line);

  // The toolbar's Hide, then a click anywhere.
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toolbar).toBeHidden();
  await page.mouse.click(640, 300);
  await expect(toolbar).toBeVisible();
  expect(await live(page).textContent()).toBe(line);

  const full = page.getByRole('button', { name: 'Fullscreen', exact: true });
  await expect(full).toHaveAttribute('title', 'Fullscreen (F)');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
  await expect(full).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
  await expect(full).toHaveAttribute('aria-pressed', 'false');
});

test('Q quick-saves the line on screen and Shift+Q brings it back', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Quinn');
  await openStory(page);
  await page.keyboard.press('Shift+Q');
  await expect(page.locator('.reader-notice')).toHaveText('There is no quick save for this story yet.');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
  }
  const saved = await live(page).textContent();
  await page.keyboard.press('q');
  await expect(page.locator('.reader-notice')).toHaveText('Quick saved · Shift+Q to load');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
  }
  await expect(live(page)).not.toHaveText(saved!);
  await page.keyboard.press('Shift+Q');
  await expect(live(page)).toHaveText(saved!);
  await expect(page.locator('.reader-notice')).toHaveText('Quick save loaded');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a two-finger tap hides the interface and a tap brings it back; a swipe up opens the backlog', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signedInVerifiedReader(page, request, 'Tomo');
    await openStory(page);
    const toolbar = page.getByRole('toolbar', { name: 'Reader' });
    const cdp = await page.context().newCDPSession(page);
    const touch = async (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

    await touch('touchStart', [{ x: 150, y: 300 }, { x: 240, y: 320 }]);
    await touch('touchEnd', []);
    await expect(toolbar).toBeHidden();
    await page.touchscreen.tap(195, 400);
    await expect(toolbar).toBeVisible();

    await touch('touchStart', [{ x: 195, y: 600 }]);
    for (const y of [560, 500, 440]) await touch('touchMove', [{ x: 197, y }]);
    await touch('touchEnd', []);
    await expect(page.getByRole('dialog', { name: 'Story Backlog' })).toBeVisible();
  });
});
