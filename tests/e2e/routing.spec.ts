import { expect, test } from '@playwright/test';
import { registerViaApi, signIn, uniqueEmail } from './support';

test('a protected route sends visitors to sign in and brings them back', async ({ page, request }) => {
  const email = uniqueEmail('mika');
  await registerViaApi(request, email, 'Mika');
  await page.goto('/account');
  await expect(page).toHaveURL(/\/login\?redirect=%2Faccount/);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Member Since')).toBeVisible();
});

test('redirects of the route table', async ({ page, request }) => {
  const email = uniqueEmail('mika');
  await registerViaApi(request, email, 'Mika');
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  for (const [from, to] of [
    ['/profile', /\/account$/],
    ['/onboarding', /\/home$/],
    ['/reader', /\/home$/],
  ] as const) {
    await page.goto(from);
    await expect(page).toHaveURL(to);
  }
});

test('the shell shows on content pages and hides on landing, auth and reader', async ({ page, request }) => {
  const banner = page.getByRole('banner');
  const footer = page.getByRole('contentinfo');

  await page.goto('/faq');
  await expect(page.locator('.topbar')).toBeVisible();
  await expect(page.locator('.footer')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/privacy#cookies');

  for (const path of ['/', '/login', '/register']) {
    await page.goto(path);
    await expect(page.locator('.topbar')).toHaveCount(0);
    await expect(page.locator('.footer')).toHaveCount(0);
  }

  const email = uniqueEmail('mika');
  await registerViaApi(request, email, 'Mika');
  await page.goto('/login');
  await signIn(page, email);
  await expect(banner.getByRole('button', { name: /Mika/ })).toBeVisible();
  await expect(banner).toContainText('0/3');
  await page.goto('/reader/not-a-story');
  await expect(page.getByRole('heading', { name: 'Story not found' })).toBeVisible();
  await expect(page.locator('.topbar')).toHaveCount(0);
});
