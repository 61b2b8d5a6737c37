import { expect, test, type Locator, type Page } from '@playwright/test';
import { sceneGeometry } from '../../src/engine/scene-geometry';
import { designToCss, fitStage } from '../../src/engine/stage-fit';
import { createStory, readToChoices, signedInVerifiedReader } from './support';

/** The line on screen, as screen readers hear it. */
const liveLine = (page: Page) => page.locator('.reader-live');

/** Clicks the first choice from inside the page the instant the choices are put on screen. */
async function clickChoiceAsItAppears(page: Page) {
  await page.evaluate(() => {
    const observer = new MutationObserver(() => {
      const choice = document.querySelector<HTMLButtonElement>('.choice');
      if (!choice) return;
      observer.disconnect();
      choice.click();
      // A choice taken hides the choices at once.
      setTimeout(() => (document.body.dataset.earlyClick = document.querySelector('.choice') ? 'ignored' : 'taken'), 300);
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

/** Pressable boxes of the highlights that have no neighbour touching them (those share the room between). */
async function loneTargetBoxes(targets: Locator) {
  const boxes = (await targets.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))).map((b) => ({ x: b.x, y: b.y, width: b.width, height: b.height }));
  const touches = (a: (typeof boxes)[number], b: (typeof boxes)[number]) =>
    a !== b && a.y < b.y + b.height && b.y < a.y + a.height && (Math.abs(a.x + a.width - b.x) < 0.6 || Math.abs(b.x + b.width - a.x) < 0.6);
  return { all: boxes, lone: boxes.filter((box) => !boxes.some((other) => touches(box, other))) };
}

test('a Japanese story: read, choose, backlog, save, reload, load, and grammar mode with an Anki card', async ({ page, request, context }) => {
  // The longest walk of the suite: three scenes, a save, a reload and a load.
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInVerifiedReader(page, request, 'Mika');
  await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');
  await expect(page.getByRole('button', { name: 'Furigana', exact: true })).toHaveAttribute('aria-pressed', 'true');

  // A press that lands on a choice the moment it appears does not take it.
  const firstLine = await liveLine(page).textContent();
  await clickChoiceAsItAppears(page);
  const choices = await readToChoices(page, () => page.keyboard.press('Space'));
  await expect(page.locator('body')).toHaveAttribute('data-early-click', 'ignored');
  await expect(choices).toBeVisible();
  await expect(page.getByText('Generating next scene...')).toBeHidden();

  // Choices carry furigana and are named by their plain text.
  const choice = choices.getByRole('button').first();
  await expect(choice.locator('rt').first()).toBeAttached();
  const plain = await choice.locator('.choice-text').evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('rt').forEach((rt) => rt.remove());
    return copy.textContent;
  });
  await expect(choice).toHaveAccessibleName(plain!);
  await choice.click();
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
  const furigana = page.locator('.dialogue-overlay .furigana');
  // On to a line with both a pattern and a kanji: furigana stays on under grammar mode.
  for (let i = 0; i < 30 && !((await pattern.isVisible()) && (await furigana.count()) > 0); i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
  }
  await expect(page.getByRole('button', { name: 'Furigana', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Grammar', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(furigana.first()).toBeVisible();
  await pattern.click();
  const popup = page.getByRole('dialog').filter({ hasText: /Copy for Anki/ });
  await expect(popup).toBeVisible();
  await expect(popup.getByText('Loading explanation...')).toBeHidden();
  // The body scrolls, so the keyboard reaches it: the dialog, then Close, then the body.
  await popup.focus();
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(popup.getByRole('region', { name: /^Explanation of / })).toBeFocused();
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

  // On to the next scene: a reload reopens the line reached there, and the save brings back the one before.
  // (Read to its end: a story is loaded only while no scene of it is being written.)
  await page.getByRole('group', { name: 'Choices' }).getByRole('button').first().click();
  await expect(liveLine(page)).not.toHaveText(savedLine!, { timeout: 15_000 });
  // Between two scenes the line is empty for a moment.
  await expect(liveLine(page)).not.toBeEmpty();
  const sceneThreeOpening = await liveLine(page).textContent();
  await readToChoices(page, () => page.keyboard.press('Space'));
  const reached = await liveLine(page).textContent();
  await page.waitForTimeout(500);
  await page.reload();
  await expect(liveLine(page)).toHaveText(reached!, { timeout: 15_000 });
  await page.keyboard.press('Control+l');
  const loadDialog = page.getByRole('dialog', { name: 'Load Game' });
  await loadDialog.getByRole('button', { name: /Slot 3/ }).click();
  await expect(loadDialog).toBeHidden();
  await expect(liveLine(page)).toHaveText(savedLine!);

  // The same choice again opens the scene written for it before, from its start: nothing is written twice.
  await page.getByRole('group', { name: 'Choices' }).getByRole('button').first().click();
  await expect(page.getByText('A scene you have read before')).toBeVisible();
  await expect(liveLine(page)).toHaveText(sceneThreeOpening!);
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
    // Nothing Japanese-only in an English story: no kanji on the toolbar, no furigana to turn on.
    await expect(page.getByRole('toolbar', { name: 'Reader' })).not.toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await expect(page.getByRole('button', { name: 'Furigana', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings' }).tap();
    await expect(page.getByRole('checkbox', { name: 'Show furigana' })).toBeDisabled();
    await expect(page.getByText(/This story is in English/)).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).tap();

    // The hint sits inside the dialogue panel, clear of its border.
    const fit = fitStage({ width: 390, height: 844 });
    const panel = designToCss(fit, sceneGeometry(fit.orientation).box);
    const hint = (await page.locator('.dialogue-hint').boundingBox())!;
    expect(hint.y).toBeGreaterThan(panel.y);
    expect(hint.y + hint.height).toBeLessThanOrEqual(panel.y + panel.height - 4);

    const firstLine = await liveLine(page).textContent();
    const choices = await readToChoices(page, tapOn);
    await choices.getByRole('button').first().tap();
    await expect(liveLine(page)).not.toHaveText(firstLine!, { timeout: 15_000 });

    // Grammar targets are at least 24 px square (those squeezed between two neighbours share the room).
    await page.getByRole('button', { name: 'Grammar', exact: true }).tap();
    const patterns = page.getByRole('button', { name: /^Grammar: / });
    for (let i = 0; i < 20 && !(await patterns.first().isVisible()); i++) {
      await tapOn();
      await page.waitForTimeout(400);
    }
    const { all, lone } = await loneTargetBoxes(patterns);
    for (const box of all) expect(box.height).toBeGreaterThanOrEqual(24);
    for (const box of lone) expect(box.width).toBeGreaterThanOrEqual(24);
    await page.getByRole('button', { name: 'Grammar', exact: true }).tap();

    // Vocabulary mode marks the words worth a look, never "a" or "the".
    await page.getByRole('button', { name: 'Vocabulary', exact: true }).tap();
    const word = page.getByRole('button', { name: /^Word: / }).first();
    for (let i = 0; i < 20 && !(await word.isVisible()); i++) {
      await tapOn();
      await page.waitForTimeout(400);
    }
    await expect(page.getByRole('button', { name: /^Word: (a|an|the)$/i })).toHaveCount(0);
    await word.tap();
    const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close' }) }).last();
    await expect(popup).toBeVisible();
    await expect(popup.getByText('Loading explanation...')).toBeHidden();
    await expect(popup).not.toHaveText(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await expect(popup.getByRole('region', { name: /^Meaning of / })).toHaveAttribute('tabindex', '0');
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
  });
});
