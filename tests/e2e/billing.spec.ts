import { expect, test, type Page } from '@playwright/test';
import { signedInVerifiedReader } from './support';

// The e2e server allows 3 free stories a month (playwright.config.ts), so the limit is reached quickly.
async function startStory(page: Page) {
  await page.locator('label.option', { has: page.getByRole('radio', { name: /English/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /A1 Beginner/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /Mystery/ }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
}

async function createStory(page: Page) {
  await startStory(page);
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await page.goto('/home');
}

test('a free learner reaches the limit, pays in TEST MODE, reads past it as Pro, cancels, and is free at the period end', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await signedInVerifiedReader(page, request, 'Yuki');
  const account = page.getByRole('button', { name: /Account menu for Yuki/ });
  const banner = page.getByRole('complementary', { name: 'Almost at your limit' });

  await createStory(page);
  await expect(account).toContainText('1/3');
  await expect(banner).toBeHidden();
  await createStory(page);
  await expect(account).toContainText('2/3');
  await expect(banner).toContainText('you have 1 story left this month');

  // The last free story; after it the banner has nothing left to warn about.
  await createStory(page);
  await expect(account).toContainText('3/3');
  await expect(banner).toBeHidden();

  await startStory(page);
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Pro' });
  await expect(upgrade).toContainText('$7.00');
  await expect(upgrade).toContainText('Cancel anytime. No long-term commitments.');
  await expect(page).toHaveURL(/\/home$/);
  await upgrade.getByRole('button', { name: 'Upgrade' }).click();

  await expect(page).toHaveURL(/\/test-billing\/checkout\/cs_test_/);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  await page.getByRole('button', { name: 'Pay $7.00 (test)' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: 'Welcome to Pro!' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(/yuki-.*@example\.com/)).toBeVisible();
  await page.getByRole('link', { name: 'Start Creating Stories' }).click();
  await expect(account).toContainText('Pro Member');
  await expect(page.getByRole('button', { name: 'Upgrade' })).toHaveCount(0);

  // A fourth story this month: past the free limit.
  await createStory(page);

  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText(/Renews on/);
  const [portal] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Manage Billing' }).click()]);
  await expect(portal).toHaveURL(/\/test-billing\/portal\/bps_test_/);
  await expect(portal.getByText('TEST MODE')).toBeVisible();
  await portal.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(portal.getByTestId('subscription-status')).toContainText('Cancelled, ends on');

  // Cancelled: still Pro until the period end.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Subscription' })).toContainText('You keep Pro until then');
  await expect(account).toContainText('Pro Member');

  // The test clock moves to the period end, where the cancelled subscription ends.
  await portal.getByRole('button', { name: 'Test clock: jump to the end of this period' }).click();
  await expect(portal.getByTestId('subscription-status')).toHaveText('Ended');
  await portal.getByRole('link', { name: 'Return to Kotoba Tales' }).click();
  await expect(portal).toHaveURL(/\/account$/);
  await expect(portal.getByRole('region', { name: 'Subscription' })).toContainText('Free plan');
  await expect(portal.getByRole('button', { name: /Account menu for Yuki/ })).toContainText('4/3');
});

test('a cancelled checkout leaves the learner free, and Try Upgrading Again reopens the upgrade', async ({ page, request }) => {
  await signedInVerifiedReader(page, request, 'Kenji');
  await page.getByRole('button', { name: 'Upgrade' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Pro' }).getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/test-billing\/checkout\//);
  await page.getByRole('button', { name: 'Cancel and return' }).click();

  await expect(page.getByRole('heading', { name: 'Upgrade Cancelled' })).toBeVisible();
  await expect(page.getByText('Your free plan carries on with 3 stories a month.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Upgrading Again' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('dialog', { name: 'Upgrade to Pro' })).toBeVisible();
  await page.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(page.getByRole('button', { name: /Account menu for Kenji/ })).toContainText('0/3');
});
