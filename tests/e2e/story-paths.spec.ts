import { expect, test, type Page } from '@playwright/test';
import { createStory, readToChoices, signedInVerifiedReader } from './support';

const live = (page: Page) => page.locator('.reader-live');
const backlog = (page: Page) => page.getByRole('dialog', { name: 'Story Backlog' });
const sceneInBacklog = (page: Page, n: number) => backlog(page).getByRole('region', { name: `Scene ${n}` });

/** Takes the first choice at the end of the scene on screen; resolves with its text once the next scene shows a line. */
async function chooseFirst(page: Page): Promise<string> {
  const choices = await readToChoices(page);
  const before = await live(page).textContent();
  const choice = choices.getByRole('button').first();
  const text = (await choice.getAttribute('aria-label'))!;
  await choice.click();
  await nextLineShown(page, before);
  return text;
}

/** Waits for a line other than `before` on screen (between scenes the line is briefly empty). */
async function nextLineShown(page: Page, before: string | null) {
  await expect.poll(async () => ((await live(page).textContent()) || before) !== before, { timeout: 15_000 }).toBe(true);
}

/**
 * Waits until the scene on screen is written to its end: the library tells a line every 300 ms, and a path is
 * not taken while a scene is being written ("A scene is already being written. Please wait.").
 */
async function sceneWritten(page: Page) {
  const status = () =>
    page.evaluate(async () => {
      const { token } = JSON.parse(localStorage.getItem('kotoba.auth')!) as { token: string };
      const id = location.pathname.split('/').pop();
      const story = await (await fetch(`/api/stories/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
      return story.data.current_scene.status as string;
    });
  await expect.poll(status, { timeout: 30_000 }).toBe('complete');
}

async function openBacklog(page: Page) {
  await page.keyboard.press('h');
  await expect(backlog(page)).toBeVisible();
}

test('the backlog holds the whole path after a reload, and a past choice opens the other path; both stay readable', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInVerifiedReader(page, request, 'Paz');
  await createStory(page, 'English', /A2 Elementary/, 'Adventure');
  const tookAtOne = await chooseFirst(page);
  const tookAtTwo = await chooseFirst(page);
  const firstOfThree = (await live(page).textContent())!;
  await page.waitForTimeout(500);

  // A reload: the server gives back every scene of the path, with the choices made.
  await page.reload();
  await expect(live(page)).toHaveText(firstOfThree, { timeout: 15_000 });
  await openBacklog(page);
  await expect(sceneInBacklog(page, 1)).toContainText(`You chose: ${tookAtOne}`);
  await expect(sceneInBacklog(page, 2)).toContainText(`You chose: ${tookAtTwo}`);
  await expect(sceneInBacklog(page, 3)).toContainText(firstOfThree);
  const lastOfTwo = (await sceneInBacklog(page, 2).locator('.rp-line__text').last().textContent())!;
  await page.screenshot({ path: test.info().outputPath('backlog-path.png') });
  await page.keyboard.press('Escape');

  // Rollback reaches back into the scenes the server gave.
  await page.keyboard.press('PageUp');
  await expect(live(page)).toContainText(lastOfTwo);
  await page.keyboard.press('PageDown');
  await expect(live(page)).toHaveText(firstOfThree);

  // The other path from scene 1.
  await sceneWritten(page);
  await openBacklog(page);
  const paths = sceneInBacklog(page, 1).getByRole('group', { name: 'Other paths from scene 1' });
  const other = paths.getByRole('button').first();
  const otherText = (await other.textContent())!;
  await other.click();
  await expect(backlog(page)).toBeHidden();
  await nextLineShown(page, firstOfThree);
  await openBacklog(page);
  await expect(sceneInBacklog(page, 1)).toContainText(`You chose: ${otherText}`);
  await expect(sceneInBacklog(page, 3)).toHaveCount(0);
  // The first path is still there, marked as read.
  const back = sceneInBacklog(page, 1).getByRole('button', { name: `Read the other path: ${tookAtOne} (read before)` });
  await expect(back).toBeVisible();

  // And survives a reload on the new path.
  await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await page.reload();
  await expect(live(page)).not.toBeEmpty({ timeout: 15_000 });
  await openBacklog(page);
  await expect(sceneInBacklog(page, 1)).toContainText(`You chose: ${otherText}`);

  // Back to where the first path was left: scene 3, its first line.
  await sceneWritten(page);
  await back.click();
  await expect(page.locator('.reader-notice')).toHaveText('Back on the path you read before');
  await expect(live(page)).toHaveText(firstOfThree);
  await openBacklog(page);
  await expect(sceneInBacklog(page, 1)).toContainText(`You chose: ${tookAtOne}`);
  await expect(sceneInBacklog(page, 2)).toContainText(`You chose: ${tookAtTwo}`);
});
