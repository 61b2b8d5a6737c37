import { expect, test, type Page } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

const live = (page: Page) => page.locator('.reader-live');

test('V hides the interface to show the picture, and the next key only brings it back; F goes fullscreen', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Vera');
  await createStory(page, 'English', /C1 Advanced/, 'Workplace');
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

  // The toolbar's Hide, then a click anywhere; and the wheel, which only brings it back (no rollback).
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toolbar).toBeHidden();
  await page.mouse.click(640, 300);
  await expect(toolbar).toBeVisible();
  expect(await live(page).textContent()).toBe(line);
  await page.keyboard.press('Space');
  await page.keyboard.press('Space');
  await expect(live(page)).not.toHaveText(line!);
  await page.keyboard.press('v');
  await expect(toolbar).toBeHidden();
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -200);
  await expect(toolbar).toBeVisible();
  await expect(page.locator('.dialogue-hint')).not.toContainText('Looking back');

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
  await createStory(page, 'English', /C1 Advanced/, 'Workplace');
  await page.keyboard.press('Shift+Q');
  await expect(page.locator('.reader-notice')).toHaveText('There is no quick save for this story yet.');
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
  }
  // The server keeps a scene only once it is written; until then Q says so, and the learner tries again.
  const notice = page.locator('.reader-notice');
  await expect(async () => {
    await page.keyboard.press('q');
    await expect(notice).toHaveText(/Quick saved|still being written/, { timeout: 1000 });
    await expect(notice).toHaveText('Quick saved · Shift+Q to load', { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const saved = await live(page).textContent();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
  }
  await expect(live(page)).not.toHaveText(saved!);
  await page.keyboard.press('Shift+Q');
  await expect(live(page)).toHaveText(saved!);
  await expect(page.locator('.reader-notice')).toHaveText('Quick save loaded');
});

test('rollback: PageUp and the wheel look back across a scene boundary, view only; PageDown returns', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Rolf');
  await createStory(page, 'English', /C1 Advanced/, 'Workplace');
  const choices = page.getByRole('group', { name: 'Choices' });
  const sceneOne: string[] = [];
  for (let i = 0; i < 60 && !(await choices.isVisible()); i++) {
    const text = (await live(page).textContent()) ?? '';
    if (sceneOne.at(-1) !== text) sceneOne.push(text);
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
  }
  await expect(choices).toBeVisible();
  const lastOfOne = (await live(page).textContent())!;
  await choices.getByRole('button').first().click();
  await expect(live(page)).not.toHaveText(lastOfOne, { timeout: 15_000 });
  const firstOfTwo = (await live(page).textContent())!;
  // The line shown in full, and the next scene still coming in: the present is this line.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  const present = (await live(page).textContent())!;

  // Back over the boundary: scene 1's last line, with no choices shown again.
  for (let i = 0; i < 8 && (await live(page).textContent()) !== lastOfOne; i++) {
    await page.keyboard.press('PageUp');
    await page.waitForTimeout(150);
  }
  await expect(live(page)).toHaveText(lastOfOne);
  await expect(choices).toBeHidden();
  await expect(page.locator('.dialogue-hint')).toContainText('Looking back');
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -120);
  await expect(live(page)).not.toHaveText(lastOfOne);
  expect(sceneOne).toContain(await live(page).textContent());

  // Forward again, to the present, where the story is as it was.
  for (let i = 0; i < 12 && (await live(page).textContent()) !== present; i++) {
    await page.keyboard.press('PageDown');
    await page.waitForTimeout(150);
  }
  await expect(live(page)).toHaveText(present);
  await expect(page.locator('.dialogue-hint')).not.toContainText('Looking back');
  expect([firstOfTwo, present]).toContain(await live(page).textContent());
});

test('K skips the lines already read, remembered by the server, and stops at the first unread one', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Skye');
  await createStory(page, 'English', /C1 Advanced/, 'Workplace');
  const lines: string[] = [(await live(page).textContent())!];
  // Exactly one line on: a press shows the rest of a line still typing, the next moves on.
  const next = async () => {
    for (let i = 0; i < 4 && (await live(page).textContent()) === lines.at(-1); i++) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(250);
    }
    await expect(live(page)).not.toHaveText(lines.at(-1)!);
    lines.push((await live(page).textContent())!);
  };
  // A quick save at the second line, once the scene is written.
  await next();
  const notice = page.locator('.reader-notice');
  await expect(async () => {
    await page.keyboard.press('q');
    await expect(notice).toHaveText('Quick saved · Shift+Q to load', { timeout: 800 });
  }).toPass({ timeout: 20_000 });
  // Read on to the sixth line, and let the server have the place.
  for (let i = 0; i < 4; i++) await next();
  await page.waitForTimeout(600);

  // Back to the second line: everything after it up to the sixth was read, so skip runs to the seventh.
  await page.keyboard.press('Shift+Q');
  await expect(live(page)).toHaveText(lines[1]!);
  await page.keyboard.press('k');
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(notice).toHaveText('Skip stopped at the first line you have not read', { timeout: 10_000 });
  await expect(page.getByRole('button', { name: 'Skip', exact: true })).toHaveAttribute('aria-pressed', 'false');
  const stoppedAt = (await live(page).textContent())!;
  expect(lines).not.toContain(stoppedAt);
  // One line back (rollback) is the sixth, the last one read.
  await page.keyboard.press('PageUp');
  await expect(live(page)).toHaveText(lines[5]!);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a two-finger tap hides the interface and a tap brings it back; a swipe up opens the backlog', async ({ page, request }) => {
    test.setTimeout(60_000);
    await signedInVerifiedReader(page, request, 'Tomo');
    await createStory(page, 'English', /C1 Advanced/, 'Workplace');
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

  test('a long press on a word opens its popup without a study mode; Skip read lines runs to the first unread line', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedInVerifiedReader(page, request, 'Lena');
    await createStory(page, 'English', /C1 Advanced/, 'Workplace');
    const cdp = await page.context().newCDPSession(page);
    const press = async (x: number, y: number, ms: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 0 }] });
      await page.waitForTimeout(ms);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    };
    // The line in full, then a finger held on its first word.
    await page.touchscreen.tap(195, 400);
    await expect(page.locator('.dialogue-hint')).toContainText('Tap ► to continue');
    const line = (await live(page).textContent())!;
    const text = (await page.locator('.text-layer').textContent())!;
    // The library's first C1 workplace story opens on its heroine, Ruth: a name is not looked up as a word.
    expect(text).toMatch(/^Ruth\b/);
    const glyph = page.locator('.text-layer > [data-start="0"]');
    const nameBox = (await glyph.boundingBox())!;
    await press(nameBox.x + nameBox.width / 2, nameBox.y + nameBox.height / 2, 800);
    await expect(page.getByText('Ruth is a character in this story')).toBeVisible();
    // A finger held on the next word opens its popup.
    const next = text.indexOf(' ') + 1;
    const word = text.slice(next).match(/^[\p{L}'’-]+/u)![0];
    const box = (await page.locator(`.text-layer > [data-start="${next}"]`).boundingBox())!;
    await press(box.x + box.width / 2, box.y + box.height / 2, 800);
    const popup = page.getByRole('dialog').filter({ hasNot: page.getByRole('heading', { name: 'Story Backlog' }) });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText(word);
    await page.screenshot({ path: test.info().outputPath('long-press-popup.png') });
    // The press did not move the story on.
    await expect(live(page)).toHaveText(line);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();

    // A short press is still a tap: the next line.
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await expect(live(page)).not.toHaveText(line);

    // Lines read, then back to an earlier one: the phone offers Skip, which stops at the first unread line.
    const skip = page.getByRole('button', { name: 'Skip read lines' });
    await expect(skip).toBeHidden();
    const notice = page.locator('.reader-notice');
    await expect(async () => {
      await page.keyboard.press('q');
      await expect(notice).toHaveText('Quick saved · Shift+Q to load', { timeout: 800 });
    }).toPass({ timeout: 20_000 });
    const saved = (await live(page).textContent())!;
    for (let i = 0; i < 6; i++) {
      await page.touchscreen.tap(195, 400);
      await page.waitForTimeout(250);
    }
    await page.waitForTimeout(600);
    await page.keyboard.press('Shift+Q');
    await expect(live(page)).toHaveText(saved);
    await page.screenshot({ path: test.info().outputPath('skip-chip.png') });
    await skip.click();
    await expect(notice).toHaveText('Skip stopped at the first line you have not read', { timeout: 10_000 });
    await expect(skip).toBeHidden();
  });
});
