import { expect, test, type Page } from '@playwright/test';
import { createStory, registerViaApi, signedInVerifiedReader, signIn, uniqueEmail } from './support';

const sizes = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

async function capture(page: Page, name: string) {
  // Nothing may be wider than the screen: a phone must never scroll sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/${name}.png`, fullPage: true });
}

for (const size of sizes) {
  test(`landing, login and account at ${size.name} size`, async ({ page, request }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/');
    await expect(page.locator('[data-plan="pro"]')).toContainText('$');
    await capture(page, `landing-${size.name}`);

    await page.goto('/login');
    await capture(page, `login-${size.name}`);

    const email = uniqueEmail('kenji');
    await registerViaApi(request, email);
    await signIn(page, email);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/account');
    await expect(page.getByText('Member Since')).toBeVisible();
    await capture(page, `account-${size.name}`);

    await page.goto('/faq');
    await capture(page, `faq-${size.name}`);
  });
}

for (const size of sizes) {
  test(`word knowledge at ${size.name} size: onboarding, vocabulary mode by status with its legend, the import preview`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInVerifiedReader(page, request, 'Yui');
    const onboarding = page.getByRole('region', { name: 'What do you already know?' });
    await expect(onboarding).toBeVisible();
    await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/onboarding-${size.name}.png` });
    await onboarding.getByRole('button', { name: 'Set my level' }).click();
    await capture(page, `onboarding-open-${size.name}`);

    await createStory(page, 'Japanese', /N5/, 'Slice of Life');
    await page.getByRole('button', { name: /^Vocabulary/ }).click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Space');
    await page.keyboard.press('Space');
    const words = page.getByRole('button', { name: /^Word: .* \(new\)$/ });
    await expect(words.first()).toBeVisible();
    // One word known, one learning: the three looks side by side.
    await words.first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Known' }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Word: .* \(new\)$/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Learning 2' }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Learning 2' })).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/word-popup-${size.name}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /\(learning 2 of 4\)$/ })).toBeVisible();
    await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/vocabulary-statuses-${size.name}.png` });

    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Import a word list' });
    await form.getByLabel('Words').fill('食べる\n図書館\n橋[はし]\nxyz\n');
    await form.getByRole('button', { name: 'Preview' }).click();
    await expect(form.getByRole('region', { name: 'What will change' })).toBeVisible();
    await form.scrollIntoViewIfNeeded();
    await capture(page, `import-preview-${size.name}`);
  });
}

for (const size of sizes) {
  test(`review and progress at ${size.name} size: a word saved from its popup, the card's front and back, the charts`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInVerifiedReader(page, request, 'Mei');
    await createStory(page, 'Japanese', /N5/, 'Slice of Life');
    await page.getByRole('button', { name: /^Vocabulary/ }).click();
    for (let i = 0; i < 7; i++) await page.keyboard.press('Space');
    const word = page.getByRole('button', { name: /^Word: .* \(new\)$/ }).first();
    await expect(word).toBeVisible();
    await word.click();
    const popup = page.getByRole('dialog');
    await popup.getByRole('button', { name: 'Save for review' }).click();
    await expect(popup.getByRole('status', { name: 'Saved for review' })).toHaveText('✓ Saved');
    await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/popup-saved-${size.name}.png` });
    await page.keyboard.press('Escape');
    await page.keyboard.press('s');
    const anki = page.getByRole('group', { name: 'Anki' });
    await anki.scrollIntoViewIfNeeded();
    await expect(anki.getByRole('button', { name: 'Connect to Anki' })).toBeVisible();
    await page.screenshot({ path: `tests/e2e/.artifacts/screenshots/settings-anki-${size.name}.png` });
    await page.keyboard.press('Escape');

    await page.goto('/review');
    await expect(page.getByRole('article')).toBeVisible();
    await capture(page, `review-front-${size.name}`);
    await page.getByRole('button', { name: /Show answer/ }).click();
    await expect(page.getByRole('group', { name: 'How well did you recall it?' })).toBeVisible();
    await capture(page, `review-back-${size.name}`);
    await page.getByRole('button', { name: /^Easy/ }).click();
    await expect(page.getByRole('heading', { name: 'Done for now' })).toBeVisible();

    await page.goto('/progress');
    await expect(page.locator('.progress-chart').first()).toBeVisible();
    await page.waitForTimeout(300);
    await capture(page, `progress-${size.name}`);
  });
}
