import { expect, test, type Page } from '@playwright/test';
import { signedInVerifiedReader } from './support';

/** The line on screen, as screen readers hear it. */
const liveLine = (page: Page) => page.locator('.reader-live');

async function createStory(page: Page, language: 'Japanese' | 'English', level: RegExp, theme: string) {
  await page.locator('label.option', { has: page.getByRole('radio', { name: new RegExp(language) }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: level }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: new RegExp(theme) }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(liveLine(page)).not.toBeEmpty();
}

/** Reads on (a press shows the whole line, the next moves on) until the choices appear. */
async function readToChoices(page: Page, advance: () => Promise<void>) {
  const choices = page.getByRole('group', { name: 'Choices' });
  for (let i = 0; i < 60 && !(await choices.isVisible()); i++) {
    await advance();
    await page.waitForTimeout(150);
  }
  await expect(choices).toBeVisible();
  return choices;
}

test('a Japanese story: read, choose, backlog, save, reload, load, and grammar mode with an Anki card', async ({ page, request, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInVerifiedReader(page, request, 'Mika');
  await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');

  const firstLine = await liveLine(page).textContent();
  const choices = await readToChoices(page, () => page.keyboard.press('Space'));
  await choices.getByRole('button').first().click();
  await expect(choices).toBeHidden();
  await expect(liveLine(page)).not.toHaveText(firstLine!, { timeout: 15_000 });

  await page.keyboard.press('h');
  const backlog = page.getByRole('dialog', { name: 'Story Backlog' });
  await expect(backlog.getByText('Scene 1', { exact: false })).toBeVisible();
  await expect(backlog.getByText('Scene 2', { exact: false })).toBeVisible();
  await expect(backlog.getByText(/You chose:/)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(backlog).toBeHidden();

  // Grammar mode: a highlighted pattern opens its explanation, and its card copies for Anki.
  await page.getByRole('button', { name: 'Grammar', exact: true }).click();
  const pattern = page.getByRole('button', { name: /^Grammar: / }).first();
  for (let i = 0; i < 20 && !(await pattern.isVisible()); i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
  }
  await pattern.click();
  const popup = page.getByRole('dialog').filter({ hasText: /Copy for Anki/ });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Loading explanation...')).toBeHidden();
  const alerts: string[] = [];
  page.once('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await popup.getByRole('button', { name: 'Copy for Anki' }).click();
  await expect.poll(() => alerts).toEqual(['Anki data copied to clipboard!']);
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard.split('\t')).toHaveLength(2);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await page.getByRole('button', { name: 'Grammar', exact: true }).click();

  // Save at the end of the second scene (the server refuses a scene still being written), reload, load.
  await readToChoices(page, () => page.keyboard.press('Space'));
  const savedLine = await liveLine(page).textContent();
  await page.keyboard.press('Control+s');
  const saveDialog = page.getByRole('dialog', { name: 'Save Game' });
  await saveDialog.getByRole('button', { name: /Slot 3/ }).click();
  await expect(saveDialog.getByText('Saved to Slot 3')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saveDialog).toBeHidden();

  await page.reload();
  await expect(liveLine(page)).not.toBeEmpty();
  await expect(liveLine(page)).not.toHaveText(savedLine!);
  await page.keyboard.press('Control+l');
  const loadDialog = page.getByRole('dialog', { name: 'Load Game' });
  await loadDialog.getByRole('button', { name: /Slot 3/ }).click();
  await expect(loadDialog).toBeHidden();
  await expect(liveLine(page)).toHaveText(savedLine!);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('an English story read with taps, a choice, and a word explained in a popup that stays on screen', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedInVerifiedReader(page, request, 'Yuki');
    await createStory(page, 'English', /A1 Beginner/, 'Mystery');

    // Taps land low in the dialogue box, below the text, where no choice or highlight sits.
    const stage = page.locator('.reader-stage');
    const tapOn = () => stage.tap({ position: { x: 195, y: 800 } });
    const firstLine = await liveLine(page).textContent();
    const choices = await readToChoices(page, tapOn);
    await choices.getByRole('button').first().tap();
    await expect(liveLine(page)).not.toHaveText(firstLine!, { timeout: 15_000 });

    await page.getByRole('button', { name: 'Vocabulary', exact: true }).tap();
    const word = page.getByRole('button', { name: /^Word: / }).first();
    for (let i = 0; i < 20 && !(await word.isVisible()); i++) {
      await tapOn();
      await page.waitForTimeout(400);
    }
    await word.tap();
    const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close' }) }).last();
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  });
});
