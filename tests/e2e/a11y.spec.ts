import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createStory, signedInVerifiedReader } from './support';

/** WCAG 2.2 AA, as axe-core knows it (A and AA rules of 2.0, 2.1 and 2.2). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Rules outside those tags that guard 2.2 AA too: label in name (2.5.3, experimental in axe 4.10) and the
 * landmarks (1.3.1, bypass blocks 2.4.1), that is exactly one top-level <main> and no content outside a landmark.
 */
const EXTRA_RULES = ['label-content-name-mismatch', 'landmark-one-main', 'landmark-no-duplicate-main', 'landmark-main-is-top-level', 'region'];

/** Runs axe over the page as it stands; a violation fails the test (softly, so every page is reported). */
async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    // `options` replaces every option set before it, so it goes first.
    .options({ rules: Object.fromEntries(EXTRA_RULES.map((rule) => [rule, { enabled: true }])) })
    .withTags(WCAG_TAGS)
    .analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `[${violation.impact ?? 'n/a'}] ${violation.id} at ${node.target.join(' ')}\n    ${(node.failureSummary ?? violation.help).replace(/\n/g, '\n    ')}`,
    ),
  );
  if (report.length > 0) console.log(`\naxe: ${report.length} violation(s) on ${what}\n  ${report.join('\n  ')}`);
  expect.soft(report, `axe violations on ${what}`).toEqual([]);
}

/** Waits for the page's top heading, so the route has rendered before axe looks. */
async function openPage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** Picks language, level and theme, and starts the story (the server tells it from the offline library). */
for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`on a ${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('the public pages have no WCAG 2.2 AA violations', async ({ page }) => {
      // Axe over five whole pages: on a slow two-core machine that alone can take most of a minute.
      test.setTimeout(120_000);
      for (const path of ['/', '/faq', '/pricing', '/login', '/register']) {
        await openPage(page, path);
        await expectNoViolations(page, `${path} (${device})`);
      }
    });

    test('the signed-in pages have no WCAG 2.2 AA violations', async ({ page, request }) => {
      test.setTimeout(120_000);
      await signedInVerifiedReader(page, request, 'Mika');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expectNoViolations(page, `/home (${device})`);
      await openPage(page, '/account');
      await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
      await expectNoViolations(page, `/account (${device})`);

      // A card to review, saved as the popup saves it; its back (grades shown) is the busier page.
      await page.evaluate(async () => {
        const { token } = JSON.parse(localStorage.getItem('kotoba.auth') ?? '{}') as { token: string };
        await fetch('/api/review/cards', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ language: 'ja', kind: 'word', key: '駅|えき', word: '駅', reading: 'えき', meaning: 'station', sentence: '駅はどこですか。', start: 0, length: 1 }),
        });
      });
      await openPage(page, '/review');
      await page.getByRole('button', { name: /Show answer/ }).click();
      await expect(page.getByRole('group', { name: 'How well did you recall it?' })).toBeVisible();
      await expectNoViolations(page, `/review (${device})`);
      await openPage(page, '/progress');
      await expect(page.locator('.progress-chart').first()).toBeVisible();
      await expectNoViolations(page, `/progress (${device})`);
    });
  });
}

test.describe('the reader', () => {
  test.use({ viewport: DESKTOP });

  test('with a vocabulary popup and each panel open, on a desktop', async ({ page, request }) => {
    test.setTimeout(240_000);
    await signedInVerifiedReader(page, request, 'Mika');
    await createStory(page, 'Japanese', /N5 Beginner/, 'Slice of Life');
    await expectNoViolations(page, 'the reader (desktop)');

    await page.getByRole('button', { name: 'Vocabulary', exact: true }).click();
    const word = page.getByRole('button', { name: /^Word: / }).first();
    for (let i = 0; i < 20 && !(await word.isVisible()); i++) {
      await page.keyboard.press('Space');
      await page.waitForTimeout(300);
    }
    await word.click();
    const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close' }) }).last();
    await expect(popup).toBeVisible();
    await expect(popup.getByText('Loading explanation...')).toBeHidden();
    await expectNoViolations(page, 'the reader with a vocabulary popup (desktop)');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await page.getByRole('button', { name: 'Vocabulary', exact: true }).click();

    for (const [button, dialog] of [
      [/^Backlog/, 'Story Backlog'],
      [/^Settings/, /Settings/],
      [/^Save/, 'Save Game'],
      [/^Load/, 'Load Game'],
    ] as const) {
      await page.getByRole('toolbar', { name: 'Reader' }).getByRole('button', { name: button }).click();
      const panel = page.getByRole('dialog', { name: dialog });
      await expect(panel).toBeVisible();
      // Let the panel's entrance transition settle, so colours are measured as they end up.
      await page.waitForTimeout(400);
      await expectNoViolations(page, `the reader with ${String(dialog)} open (desktop)`);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  });
});

test.describe('the reader on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('with a vocabulary popup open', async ({ page, request }) => {
    test.setTimeout(90_000);
    await signedInVerifiedReader(page, request, 'Yuki');
    await createStory(page, 'English', /A1 Beginner/, 'Mystery');
    await expectNoViolations(page, 'the reader (phone)');

    // Taps land low in the dialogue box, below the text, where no choice or highlight sits.
    const tapOn = () => page.locator('.reader-stage').tap({ position: { x: 195, y: 800 } });
    await page.getByRole('button', { name: 'Vocabulary', exact: true }).tap();
    const word = page.getByRole('button', { name: /^Word: / }).first();
    for (let i = 0; i < 20 && !(await word.isVisible()); i++) {
      await tapOn();
      await page.waitForTimeout(400);
    }
    await word.tap();
    const popup = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close' }) }).last();
    await expect(popup).toBeVisible();
    await expect(popup.getByText('Loading explanation...')).toBeHidden();
    await expectNoViolations(page, 'the reader with a vocabulary popup (phone)');
  });
});
