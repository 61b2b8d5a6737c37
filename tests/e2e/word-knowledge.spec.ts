import { expect, test, type Page } from '@playwright/test';
import { createStory, readTo, readToChoices, signedInVerifiedReader } from './support';


const furigana = (page: Page) => page.locator('.dialogue-overlay .furigana');

test('a word marked known in scene 1 is plain and without furigana in scene 2; the scene-end summary undoes its marks', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signedInVerifiedReader(page, request, 'Hina');
  await createStory(page, 'Japanese', /N5/, 'Slice of Life');

  // Furigana only over the words not known yet.
  await page.keyboard.press('s');
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings.getByLabel('Furigana over').selectOption('unknown');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Vocabulary/ }).click();
  await expect(page.locator('.reader-word-legend')).toContainText('Learning 1–4');

  // The library story's first scene ends on 駅の近くにコンビニがある…; 駅 is new, so it is marked and has its reading.
  await readTo(page, '駅の近くにコンビニ');
  const station = page.getByRole('button', { name: 'Word: 駅 (new)' });
  await expect(station).toBeVisible();
  await expect(furigana(page).filter({ hasText: /^えき$/ })).toHaveCount(1);
  await expect(furigana(page).filter({ hasText: /^ちか$/ })).toHaveCount(1);
  await expect(station).toHaveClass(/hit-word--new/);

  await station.click();
  const popup = page.getByRole('dialog', { name: '駅' });
  await popup.getByRole('button', { name: 'Known' }).click();
  await expect(popup.getByRole('button', { name: 'Known' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Word: 駅 (known)' })).toHaveClass(/hit-word--known/);
  // Its reading goes at once; the reading of 近く, still new, stays.
  await expect(furigana(page).filter({ hasText: /^えき$/ })).toHaveCount(0);
  await expect(furigana(page).filter({ hasText: /^ちか$/ })).toHaveCount(1);

  // Past the last line: the scene's other words, never looked up, become known, and Undo takes that back.
  const choices = await readToChoices(page);
  const summary = page.locator('.reader-words-summary');
  await expect(summary).toContainText(/\d+ words marked known/);
  await summary.getByRole('button', { name: 'Undo' }).click();
  await expect(summary).toContainText(/Undone: \d+ words back to new/);

  await choices.getByRole('button').first().click();
  await readTo(page, '駅の近くの店');
  await expect(page.getByRole('button', { name: 'Word: 駅 (known)' })).toHaveClass(/hit-word--known/);
  await expect(page.getByRole('button', { name: 'Word: 店 (new)' })).toHaveClass(/hit-word--new/);
  await expect(furigana(page).filter({ hasText: /^えき$/ })).toHaveCount(0);
  await expect(furigana(page).filter({ hasText: /^みせ$/ })).toHaveCount(1);

  // "Every word" brings every reading back; the toolbar's ふ turns them off and on again.
  await page.keyboard.press('s');
  await settings.getByLabel('Furigana over').selectOption('all');
  await page.keyboard.press('Escape');
  await expect(furigana(page).filter({ hasText: /^えき$/ })).toHaveCount(1);
});

test('a word list is previewed before it is imported, and the import can be undone', async ({ page, request }) => {
  await signedInVerifiedReader(page, request, 'Aki');
  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Import a word list' });
  await form.getByLabel('Words').fill('食べる\n図書館\n橋[はし]\nxyz\n食べる\n');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = form.getByRole('region', { name: 'What will change' });
  await expect(preview).toContainText('3 words found. 3 words will be marked known.');
  await expect(preview.getByRole('list', { name: 'Some of the words' })).toContainText('図書館としょかん');
  await expect(preview.getByText('1 line not read as a word (left out)')).toBeVisible();
  await form.getByRole('button', { name: 'Import 3 words' }).click();
  await expect(form.getByRole('region', { name: 'Imported' })).toContainText('Imported: 3 words marked known.');
  await expect(page.locator('.words-facts')).toContainText('3 known');
  await form.getByRole('button', { name: 'Undo' }).click();
  await expect(form).toContainText('Undone: 3 words back as they were.');
  await expect(page.locator('.words-facts')).toContainText('0 known');
});

test('after the first sign-in a learner says what they know; levels and story cards then show how much of them is known', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInVerifiedReader(page, request, 'Sora');
  const onboarding = page.getByRole('region', { name: 'What do you already know?' });
  await expect(onboarding).toBeVisible();
  await onboarding.getByRole('button', { name: 'Set my level' }).click();
  await onboarding.getByLabel('I know everything up to').selectOption('N5');
  await onboarding.getByRole('button', { name: 'Preview' }).click();
  await expect(onboarding).toContainText(/words will be marked known/);
  await onboarding.getByRole('button', { name: /^Import [\d,]+ words$/ }).click();
  await expect(onboarding).toContainText(/Imported: [\d,]+ words marked known/);

  await page.locator('label.option', { has: page.getByRole('radio', { name: /Japanese/ }) }).click();
  await expect(page.locator('label.option', { has: page.getByRole('radio', { name: /N5/ }) })).toContainText('100% of its words known');

  await createStory(page, 'Japanese', /N5/, 'Slice of Life');
  await page.goto('/home');
  // Answered once: the question does not come back.
  await expect(page.getByRole('heading', { name: 'My Stories' })).toBeVisible();
  await expect(onboarding).toHaveCount(0);
  await expect(page.locator('.story-coverage').first()).toContainText(/You know \d+% of the words: /);
});
