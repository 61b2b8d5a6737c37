import { expect, test, type Page } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

const live = (page: Page) => page.locator('.reader-live');

/** The line on screen does not change for `ms`. */
async function staysFor(page: Page, ms: number) {
  const before = await live(page).textContent();
  await page.waitForTimeout(ms);
  expect(await live(page).textContent()).toBe(before);
}

test('auto mode moves the story on by itself, waits while a panel is open, and stops when the learner presses; ? shows the keys', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Aki');
  // A quick pace and typewriter, so the test reads a few lines in seconds.
  await page.evaluate(() => localStorage.setItem('kotoba.reader', JSON.stringify({ textSpeed: 100, autoAdvanceDelay: 1 })));
  await page.reload();
  await createStory(page, 'English', /B1 Intermediate/, 'Mystery');
  await expect(live(page)).not.toBeEmpty();

  const auto = page.getByRole('button', { name: 'Auto', exact: true });
  await expect(auto).toHaveAttribute('aria-pressed', 'false');
  await expect(auto).toHaveAttribute('title', 'Auto mode (A)');
  await page.keyboard.press('a');
  await expect(auto).toHaveAttribute('aria-pressed', 'true');

  // Two lines go by without a press.
  for (let i = 0; i < 2; i++) {
    const line = await live(page).textContent();
    await expect(live(page)).not.toHaveText(line!, { timeout: 12_000 });
  }
  await expect(page.locator('.dialogue-hint')).toContainText('Auto mode');

  // A panel open holds it.
  await page.keyboard.press('h');
  await expect(page.getByRole('dialog', { name: 'Story Backlog' })).toBeVisible();
  await staysFor(page, 3500);
  await page.keyboard.press('Escape');
  const held = await live(page).textContent();
  await expect(live(page)).not.toHaveText(held!, { timeout: 12_000 });

  // The learner's own press takes over.
  await page.keyboard.press('Space');
  await expect(auto).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Space');
  await staysFor(page, 3500);

  // Auto mode is in Settings too, with its pace.
  await page.keyboard.press('s');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await expect(settings.getByRole('checkbox', { name: /Move on by itself/ })).not.toBeChecked();
  await expect(settings.getByText('1.0 s per 30 characters')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.keyboard.press('?');
  const keys = page.getByRole('dialog', { name: 'Keyboard' });
  await expect(keys).toBeVisible();
  await expect(keys.getByRole('row', { name: /Auto mode on or off/ })).toContainText('A');
  await expect(keys.getByRole('row', { name: /Read the line aloud/ })).toContainText('R');
  await page.keyboard.press('Escape');
  await expect(keys).toBeHidden();
});
