import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'Sakura2026';

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The newest link of a kind mailed to `to`, read from the local outbox as a developer would. */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: 'verify-email' | 'reset-password') {
  await expect
    .poll(async () => {
      const messages: Array<{ to: string; text: string }> = await (await request.get('/api/dev/outbox')).json();
      return messages.find((m) => m.to === to && m.text.includes(`/${path}?token=`))?.text ?? '';
    })
    .toContain(`/${path}?token=`);
  const messages: Array<{ to: string; text: string }> = await (await request.get('/api/dev/outbox')).json();
  const text = messages.find((m) => m.to === to && m.text.includes(`/${path}?token=`))!.text;
  return new URL(text.match(/https?:\/\/\S+/)![0]).pathname + new URL(text.match(/https?:\/\/\S+/)![0]).search;
}

/**
 * Registrations through the API come from addresses of their own (the e2e server trusts the loopback proxy
 * hop), so a run's many test learners do not reach the per-IP registration limit meant for people.
 */
const clientAddress = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

export async function registerViaApi(request: APIRequestContext, email: string, name = 'Kenji') {
  const response = await request.post('/api/auth/register', { data: { name, email, password: PASSWORD }, headers: { 'x-forwarded-for': clientAddress() } });
  expect(response.status()).toBe(201);
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  // Sign-ins too come from an address of their own, so a run stays under the per-IP login limit.
  const client = clientAddress();
  await page.route('**/api/auth/login', (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': client } }));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: /Kenji|Yuki|Mika/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A learner with a verified address, signed in and on /home. */
export async function signedInVerifiedReader(page: Page, request: APIRequestContext, name = 'Mika') {
  const email = uniqueEmail(name.toLowerCase());
  await registerViaApi(request, email, name);
  await page.goto(await linkFromOutbox(request, email, 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  return email;
}

/** Chooses language, level and theme on /home and starts reading; resolves once the reader shows a line. */
export async function createStory(page: Page, language: 'Japanese' | 'English', level: RegExp, theme: string) {
  await page.locator('label.option', { has: page.getByRole('radio', { name: new RegExp(language) }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: level }) }).click();
  await page.locator('label.option', { has: page.getByRole('radio', { name: new RegExp(theme) }) }).click();
  await page.getByRole('button', { name: 'Start Reading' }).click();
  await expect(page).toHaveURL(/\/reader\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  await expect(page.locator('.reader-live')).not.toBeEmpty();
}

/** Reads on (a press shows the whole line, the next moves on) until the choices appear. */
export async function readToChoices(page: Page, advance = () => page.keyboard.press('Space')) {
  const choices = page.getByRole('group', { name: 'Choices' });
  for (let i = 0; i < 60 && !(await choices.isVisible()); i++) {
    await advance();
    await page.waitForTimeout(150);
  }
  await expect(choices).toBeVisible();
  return choices;
}

/**
 * Presses on until the line on screen contains `text`, then once more so it shows in full (a press shows the whole
 * line, the next moves on; vocabulary mode marks words only on a whole line).
 */
export async function readTo(page: Page, text: string) {
  const live = page.locator('.reader-live');
  for (let i = 0; i < 40 && !((await live.textContent()) ?? '').includes(text); i++) {
    await page.keyboard.press('Space');
    await page.waitForTimeout(150);
  }
  await expect(live).toContainText(text);
  await page.keyboard.press('Space');
  await expect(live).toContainText(text);
}
