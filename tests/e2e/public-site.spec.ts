import { expect, test } from '@playwright/test';

test('landing shows features and the server’s pricing at /#pricing', async ({ page, request }) => {
  const pricing = await (await request.get('/api/payment/pricing')).json();
  await page.goto('/#pricing');
  await expect(page.getByRole('heading', { name: 'Features' })).toBeVisible();
  const pro = page.locator('[data-plan="pro"]');
  await expect(pro).toContainText(`$${(pricing.pro.price / 100).toFixed(2)}`);
  await expect(page.locator('[data-plan="free"]')).toContainText(`${pricing.free.stories_per_month} stories`);
  await expect(page.getByText('Cancel anytime. No long-term commitments.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('FAQ searches across six categories and opens linked answers', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.locator('.jump-card')).toHaveCount(6);
  await page.getByLabel('Search the FAQ').fill('furigana');
  const visible = page.locator('.faq-item');
  await expect(visible.first()).toBeVisible();
  const count = await visible.count();
  expect(count).toBeGreaterThan(0);
  await page.getByLabel('Search the FAQ').fill('zzzz-no-such-thing');
  await expect(page.getByText(/No questions match/)).toBeVisible();
});

test('privacy policy carries the cookie policy anchor; terms render', async ({ page }) => {
  await page.goto('/privacy#cookies');
  await expect(page.locator('#cookies')).toBeVisible();
  await expect(page.locator('#cookies h2')).toHaveText('Cookie Policy');
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms of Service', level: 1 })).toBeVisible();
  await page.goto('/about');
  await expect(page.locator('.prose section').first()).toBeVisible();
});

test('contact form sends a real message to the support address', async ({ page, request }) => {
  await page.goto('/contact');
  await page.getByLabel('Email').fill('learner@example.com');
  await page.getByLabel('Subject').selectOption('feature');
  await page.getByLabel('Message').fill('Short');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeDisabled();
  await page.getByLabel('Message').fill('Could the backlog show furigana too? It would help a lot.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.")).toBeVisible();
  const outbox: Array<{ subject: string; text: string }> = await (await request.get('/api/dev/outbox')).json();
  expect(outbox.some((m) => m.subject.includes('Feature request') && m.text.includes('backlog show furigana'))).toBe(true);
});

test('the local mailbox lists the outbox', async ({ page, request }) => {
  await request.post('/api/auth/reset-password', { data: { email: 'nobody-here@example.com' } });
  await request.post('/api/contact', {
    data: { email: 'mailbox@example.com', subject: 'other', message: 'Testing the local mailbox page itself.' },
  });
  await page.goto('/dev/mailbox');
  await expect(page.getByRole('heading', { name: 'Local mailbox' })).toBeVisible();
  await expect(page.locator('.mail-item').first()).toBeVisible();
});

const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/about',
  '/faq',
  '/contact',
  '/privacy',
  '/terms',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/registration-success',
];

test('every public page has its own title and meta description, one of each in <head>', async ({ page }) => {
  test.slow(); // thirteen full page loads
  const seen: Array<{ path: string; title: string; description: string }> = [];
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    // The route's own tags replace index.html's first-paint ones: exactly one title and one description.
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
    const title = await page.title();
    const description = (await page.locator('head meta[name="description"]').getAttribute('content')) ?? '';
    expect(title, path).toContain('Kotoba Tales');
    expect(description.length, path).toBeGreaterThan(40);
    seen.push({ path, title, description });
  }
  expect(new Set(seen.map((page) => page.title)).size, JSON.stringify(seen, null, 1)).toBe(PUBLIC_PAGES.length);
  expect(new Set(seen.map((page) => page.description)).size, JSON.stringify(seen, null, 1)).toBe(PUBLIC_PAGES.length);
  expect(seen.find((page) => page.path === '/faq')?.title).toBe('FAQ · Kotoba Tales');

  // Client-side navigation swaps them too.
  await page.goto('/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page).toHaveTitle('FAQ · Kotoba Tales');
  await expect(page.locator('head title')).toHaveCount(1);
  await expect(page.locator('head meta[name="description"]')).toHaveCount(1);
});

test('/pricing shows the server’s plans and is linked from the footer and the top bar', async ({ page, request }) => {
  const pricing = await (await request.get('/api/payment/pricing')).json();
  await page.goto('/pricing');
  await expect(page).toHaveTitle('Pricing · Kotoba Tales');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-plan="pro"]')).toContainText(`$${(pricing.pro.price / 100).toFixed(2)}`);
  await expect(page.locator('[data-plan="free"]')).toContainText(`${pricing.free.stories_per_month} stories every month`);
  await expect(page.getByText('Cancel anytime. No long-term commitments.')).toBeVisible();
  await expect(page.getByText('How does the free plan work?')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);

  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await page.goto('/about');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  // The landing page keeps its own in-page section.
  await page.goto('/');
  await expect(page.locator('.landing-nav').getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
});
