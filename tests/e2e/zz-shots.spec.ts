import { expect, test, type Page } from '@playwright/test';
import { signedInVerifiedReader } from './support';

async function choose(page: Page, language: RegExp, level: RegExp, theme: RegExp, wish = '') {
  await page.goto('/home');
  await page.locator('label.option', { has: page.getByRole('radio', { name: language }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: level }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: theme }) }).click();
  if (wish) await page.getByRole('textbox', { name: 'Anything you would like in it?' }).fill(wish);
}

async function start(page: Page) {
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\//, { timeout: 15_000 });
  await expect(page.locator('.reader-live')).not.toBeEmpty();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(250);
  }
  await page.keyboard.press('Space');
  await page.waitForTimeout(1200);
}

for (const size of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
  test(`shots ${size.name}`, async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    await signedInVerifiedReader(page, request, 'Shot');
    await choose(page, /Japanese/, /N3 Intermediate/, /Mystery/, 'hospital, a pocket watch');
    await expect(page.getByText(/From the built-in story library/)).toBeVisible();
    await page.screenshot({ path: `/tmp/shots/${size.name}-creator.png`, fullPage: false });
    await start(page);
    await page.screenshot({ path: `/tmp/shots/${size.name}-ja-n3-mystery-2.png` });
    // Read the rest of the N3 mysteries, then the warning.
    for (let i = 0; i < 2; i++) {
      await choose(page, /Japanese/, /N3 Intermediate/, /Mystery/);
      await start(page);
    }
    await choose(page, /Japanese/, /N3 Intermediate/, /Mystery/);
    await expect(page.getByText(/You have read all 3 Mystery stories/)).toBeVisible();
    await page.locator('.library-read').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shots/${size.name}-all-read.png` });
    await page.goto('/home#my-stories');
    await page.getByRole('button', { name: /^Remove / }).first().click();
    await page.screenshot({ path: `/tmp/shots/${size.name}-remove.png` });
    await page.getByRole('button', { name: 'Keep it' }).click();
    await page.evaluate(() => localStorage.clear());
    await signedInVerifiedReader(page, request, 'Shot2');
    await choose(page, /English/, /A2 Elementary/, /Adventure/, 'canoe');
    await start(page);
    await page.screenshot({ path: `/tmp/shots/${size.name}-en-a2-adventure.png` });
    await choose(page, /Japanese/, /N1 Advanced/, /Romance/, 'potter');
    await start(page);
    await page.screenshot({ path: `/tmp/shots/${size.name}-ja-n1-romance.png` });
    await choose(page, /English/, /C1 Advanced/, /Adventure/, 'monastery');
    await start(page);
    await page.screenshot({ path: `/tmp/shots/${size.name}-en-c1-adventure.png` });
  });
}
