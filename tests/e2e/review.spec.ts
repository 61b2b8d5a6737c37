import { expect, test, type Page } from '@playwright/test';
import { createStory, readTo, signedInVerifiedReader } from './support';


/** Opens a word's popup in vocabulary mode and saves it for review. */
async function saveWord(page: Page, surface: string) {
  await page.getByRole('button', { name: new RegExp(`^Word: ${surface} \\(`) }).click();
  const popup = page.getByRole('dialog', { name: surface });
  await popup.getByRole('button', { name: 'Save for review' }).click();
  await expect(popup.getByRole('status', { name: 'Saved for review' })).toHaveText('✓ Saved');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
}

/** Saves two words of a card through the API, as the popup does: quicker where reading is not the point. */
async function saveByApi(page: Page, words: [string, string, string][]) {
  await page.evaluate(async (cards) => {
    const { token } = JSON.parse(localStorage.getItem('kotoba.auth') ?? '{}') as { token: string };
    for (const [word, reading, meaning] of cards) {
      const sentence = `今日は${word}へ行きます。`;
      const response = await fetch('/api/review/cards', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ language: 'ja', kind: 'word', key: `${word}|${reading}`, word, reading, meaning, sentence, start: 3, length: word.length }),
      });
      if (response.status !== 201) throw new Error(await response.text());
    }
  }, words);
}

test('two words saved while reading are reviewed on /review with the keys, and the progress page shows the day', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInVerifiedReader(page, request, 'Rin');
  await createStory(page, 'Japanese', /N5/, 'Slice of Life');
  await page.getByRole('button', { name: /^Vocabulary/ }).click();
  await readTo(page, '駅の近くにコンビニ');
  await saveWord(page, '駅');
  await saveWord(page, '近く');
  // Saving says "I am learning it": the word is drawn as learning at once.
  await expect(page.getByRole('button', { name: 'Word: 駅 (learning 1 of 4)' })).toBeVisible();

  await page.goto('/home');
  const reviewLink = page.getByRole('link', { name: 'Review 2 cards due' });
  await expect(reviewLink).toBeVisible();
  await reviewLink.click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.locator('.review-counts')).toHaveText('0 due2 new0 done today');

  // Front: the story's sentence with the word marked, and where it came from.
  const card = page.getByRole('article', { name: 'Card: 駅' });
  await expect(card.locator('mark')).toHaveText('駅');
  await expect(card.locator('.review-sentence')).toContainText('駅の近くにコンビニ');
  await expect(card.locator('.review-source')).toContainText(/, scene 1/);
  await expect(card.getByRole('heading', { name: '駅' })).toHaveCount(0);

  await page.keyboard.press('Space');
  await expect(card.getByRole('heading', { name: '駅' })).toBeVisible();
  await expect(card.locator('.review-reading')).toHaveText('えき');
  await expect(card.locator('.review-meaning')).not.toBeEmpty();
  await page.keyboard.press('3');
  const second = page.getByRole('article', { name: 'Card: 近く' });
  await expect(second).toBeVisible();
  await expect(page.locator('.review-counts')).toContainText('1 done today');

  // Z takes the grade back: 駅 is first again.
  await page.keyboard.press('z');
  await expect(page.getByRole('article', { name: 'Card: 駅' })).toBeVisible();
  await expect(page.locator('.review-counts')).toContainText('0 done today');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(second).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('4');
  await expect(page.locator('.review-counts')).toContainText('2 done today');
  await expect(page.getByRole('heading', { name: /Done for now|Nothing to review/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Review', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Your progress →' }).click();
  await expect(page).toHaveURL(/\/progress$/);
  await page.getByRole('button', { name: 'Japanese' }).click();
  // Each chart has its figures as a table behind "Show as table".
  const tableOf = async (title: string) => {
    const figure = page.locator('figure', { has: page.getByText(title, { exact: true }) });
    await figure.getByText('Show as table').click();
    return figure.getByRole('table', { name: title });
  };
  const learnedToday = (await tableOf('Words learned and reviewed per day')).locator('tbody tr').last();
  await expect(learnedToday.locator('td').nth(1)).toHaveText('2');
  const linesToday = (await tableOf('Lines read per day')).locator('tbody tr').last();
  await expect(linesToday.locator('td').first()).not.toHaveText('0');
  await expect(page.locator('.progress-page')).toContainText('Current streak');
  await expect(page.getByRole('img', { name: /^N5: \d+ of \d+ words known/ })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 812 } });

  test('cards are answered and graded with taps, and the last grade is undone with a tap', async ({ page, request }) => {
    await signedInVerifiedReader(page, request, 'Sora');
    await saveByApi(page, [
      ['山', 'やま', 'mountain'],
      ['川', 'かわ', 'river'],
    ]);
    await page.goto('/review');
    const first = page.getByRole('article', { name: 'Card: 山' });
    await first.getByRole('button', { name: /Show answer/ }).tap();
    await expect(first.locator('.review-meaning')).toHaveText('mountain');
    const good = first.getByRole('button', { name: /^Good/ });
    const box = await good.boundingBox();
    // A thumb's target: the grade buttons are large on a phone.
    expect(box!.height).toBeGreaterThanOrEqual(64);
    expect(box!.width).toBeGreaterThanOrEqual(120);
    await good.tap();
    const second = page.getByRole('article', { name: 'Card: 川' });
    await expect(second).toBeVisible();
    await page.getByRole('button', { name: '↶ Undo' }).tap();
    await expect(first).toBeVisible();
    await first.getByRole('button', { name: /Show answer/ }).tap();
    await first.getByRole('button', { name: /^Easy/ }).tap();
    await second.getByRole('button', { name: /Show answer/ }).tap();
    await second.getByRole('button', { name: /^Again/ }).tap();
    // Again brings a new card back in a minute: with nothing else left it is shown now (learn ahead).
    await expect(second).toBeVisible();
    await expect(page.locator('.review-counts')).toContainText('2 done today');
  });
});
