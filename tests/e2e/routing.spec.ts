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

test('app pages carry plain titles; an unknown address is titled Page not found', async ({ page, request }) => {
  const email = uniqueEmail('mika');
  await registerViaApi(request, email, 'Mika');
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page).toHaveTitle('My stories · Kotoba Tales');
  await page.goto('/checkout/cancel');
  await expect(page).toHaveTitle('Upgrade cancelled · Kotoba Tales');
  await page.goto('/reader/not-a-story');
  await expect(page).toHaveTitle('Story not found · Kotoba Tales');
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · Kotoba Tales');
});

/** How many lines the element's text takes (its text boxes, by distinct top edge). */
function textLines(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
}

for (const width of [320, 360, 390, 480]) {
  test(`signed-out top bars keep Log in and Get Started on one line at ${width} px, without sideways scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    for (const [path, bar, login] of [
      ['/faq', '.topbar', 'Log in'],
      ['/', '.landing-nav', 'Login'],
    ] as const) {
      await page.goto(path);
      for (const name of [login, 'Get Started']) {
        const link = page.locator(bar).getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        expect(await link.evaluate(textLines), `${path} ${name}`).toBe(1);
        const box = (await link.boundingBox())!;
        expect(box.x + box.width, `${path} ${name}`).toBeLessThanOrEqual(width);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}
