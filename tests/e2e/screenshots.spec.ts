import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signIn, uniqueEmail } from './support';

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
