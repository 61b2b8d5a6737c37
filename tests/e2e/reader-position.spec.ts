import { expect, test } from '@playwright/test';
import { signedInVerifiedReader } from './support';

test('a story reopens at the line the learner reached: after a reload, and from Continue in My Stories', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Ren');
  await page.locator('label.option', { has: page.getByRole('radio', { name: /English/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /A2 Elementary/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /Romance/ }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const live = page.locator('.reader-live');
  await expect(live).not.toBeEmpty();
  const first = await live.textContent();

  // Four lines on: each press shows the whole line, the next moves on.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
  }
  await expect(live).not.toHaveText(first!);
  const reached = await live.textContent();
  // The server has the place before the learner leaves.
  await page.waitForTimeout(500);

  await page.reload();
  await expect(live).toHaveText(reached!, { timeout: 15_000 });

  await page.goto('/home');
  await page.getByRole('link', { name: /^Continue / }).first().click();
  await expect(live).toHaveText(reached!, { timeout: 15_000 });
});
