import { expect, test, type Page } from '@playwright/test';
import { linkFromOutbox, signedInVerifiedReader } from './support';

/**
 * The built app under its own Content-Security-Policy (src/server/http/security-headers.ts): no inline
 * script, no eval, nothing from another origin. Any violation the browser reports fails the test, whether
 * as a `securitypolicyviolation` event (collected from the first moment of every document) or on the console.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} (${location.pathname})`);
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** Landing page, sign-in, a new story and the reader's Pixi stage, with a policy header on every page. */
async function readAStory(page: Page, request: Parameters<typeof signedInVerifiedReader>[1]) {
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await signedInVerifiedReader(page, request, 'Mika');
  await page.locator('label.option', { has: page.getByRole('radio', { name: /English/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /A1 Beginner/ }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: /Mystery/ }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.locator('.reader-live')).not.toBeEmpty();
  const canvas = page.locator('.reader-stage canvas');
  await expect(canvas).toBeVisible();
  // Reload on the reader itself, so its page is the one that got the policy (not a client-side route).
  const reader = await page.reload();
  expect(reader?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.locator('.reader-live')).not.toBeEmpty();
  await expect(canvas).toBeVisible();
  // A few frames more, so the stage has drawn the scene.
  await page.waitForTimeout(500);
  return canvas;
}

test('the app runs under its Content-Security-Policy: landing, sign-in and the reader', async ({ page, request }) => {
  test.setTimeout(60_000);
  const violations = await watchPolicy(page);
  await readAStory(page, request);
  expect(violations).toEqual([]);
});

test('the reader’s WebGL renderer runs under the policy too (no eval for its shaders)', async ({ page, request }) => {
  test.setTimeout(60_000);
  const violations = await watchPolicy(page);
  // Headless Chromium only has SwiftShader, for which the reader picks the 2D canvas (renderer-choice.ts);
  // naming it a GPU makes the reader take WebGL, whose shader and uniform code Pixi would otherwise eval.
  await page.addInitScript(() => {
    for (const context of [WebGLRenderingContext, WebGL2RenderingContext]) {
      const getParameter = context.prototype.getParameter;
      context.prototype.getParameter = function (this: WebGLRenderingContext, name: number) {
        const value = getParameter.call(this, name);
        return typeof value === 'string' && /swiftshader/i.test(value) ? 'Test GPU' : value;
      };
    }
  });
  const canvas = await readAStory(page, request);
  // A canvas that holds a WebGL context has no 2D context to give.
  expect(await canvas.evaluate((element: HTMLCanvasElement) => element.getContext('2d') === null)).toBe(true);
  expect(violations).toEqual([]);
});

test('test billing and the local mailbox run under the policy, mail in the mailbox keeps its own styles', async ({ page, request }) => {
  test.setTimeout(60_000);
  const violations = await watchPolicy(page);
  const email = await signedInVerifiedReader(page, request, 'Kenji');
  await page.getByRole('button', { name: 'Upgrade' }).click();
  await page.getByRole('dialog', { name: 'Upgrade to Pro' }).getByRole('button', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/test-billing\/checkout\/cs_test_/);
  await page.getByRole('button', { name: 'Pay $7.00 (test)' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Pro!' })).toBeVisible({ timeout: 10_000 });

  // Every kind of mail: the verification above, a password reset and a contact message.
  await request.post('/api/auth/reset-password', { data: { email } });
  await linkFromOutbox(request, email, 'reset-password');
  await request.post('/api/contact', { data: { email, subject: 'other', message: 'Checking the mailbox under the CSP.' } });
  await page.goto('/dev/mailbox');
  const frame = page.frameLocator('iframe[title="Message"]');
  for (const item of [
    page.locator('.mail-item', { hasText: `To ${email}` }).filter({ hasText: 'Verify' }),
    page.locator('.mail-item', { hasText: `To ${email}` }).filter({ hasText: 'Reset' }),
    page.locator('.mail-item', { hasText: `from ${email}` }),
  ]) {
    await item.first().click();
    await expect(frame.locator('body')).toBeVisible();
    // The template's inline style applied: the mail's own background, or its pre-wrapped message.
    const styled = await frame.locator('body').evaluate(
      (body) => getComputedStyle(body).backgroundColor === 'rgb(246, 243, 238)' || getComputedStyle(body.querySelector('pre') ?? body).whiteSpace === 'pre-wrap',
    );
    expect(styled).toBe(true);
  }
  expect(violations).toEqual([]);
});
