import { expect, test } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

test('a story reopens at the line the learner reached: after a reload, and from Continue in My Stories', async ({ page, request }) => {
  test.setTimeout(60_000);
  await signedInVerifiedReader(page, request, 'Ren');
  await createStory(page, 'English', /A2 Elementary/, 'Romance');
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
