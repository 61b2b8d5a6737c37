import { expect, test } from '@playwright/test';
import { createStory, readToChoices, signedInVerifiedReader } from './support';

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

test('a reload at line 7 of scene 2 reopens line 7 of scene 2, with scene 1 in the backlog', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Sena');
  await createStory(page, 'English', /B1 Intermediate/, 'Mystery');
  const live = page.locator('.reader-live');
  const choices = await readToChoices(page);
  const lastOfOne = (await live.textContent())!;
  await choices.getByRole('button').first().click();
  await expect.poll(async () => ((await live.textContent()) || lastOfOne) !== lastOfOne, { timeout: 15_000 }).toBe(true);

  // Line 1 of scene 2 is on screen; six lines on is line 7 (each press shows the whole line, the next moves on).
  const seen = [(await live.textContent())!];
  for (let i = 0; i < 40 && seen.length < 7; i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    const text = (await live.textContent())!;
    if (text !== seen.at(-1)) seen.push(text);
  }
  expect(seen).toHaveLength(7);
  await page.waitForTimeout(600);

  await page.reload();
  await expect(live).toHaveText(seen[6]!, { timeout: 15_000 });
  await page.keyboard.press('h');
  const backlog = page.getByRole('dialog', { name: 'Story Backlog' });
  await expect(backlog.getByRole('region', { name: 'Scene 1' })).toContainText(lastOfOne.replace(/^[^:]*: /, ''));
  await expect(backlog.getByRole('region', { name: 'Scene 2' })).toContainText(seen[6]!.replace(/^[^:]*: /, ''));
});
