import { expect, test } from '@playwright/test';
import { linkFromOutbox, PASSWORD, signedInVerifiedReader, signIn, signOut, uniqueEmail } from './support';

test('register, verify, sign out and in, reset the password, sign in with the new one', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('yuki');

  await page.goto('/register');
  await page.getByLabel('Name').fill('Yuki');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm password', { exact: true }).fill('weak');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD}!`);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/registration-success$/);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the local mailbox' })).toBeVisible();

  // The account page shows the address as unverified until the link is followed.
  await page.goto('/account');
  await expect(page.getByText('Unverified')).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'verify-email'));
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  await expect(page).toHaveURL(/\/home$/, { timeout: 6000 });
  await expect(page.getByRole('button', { name: /Yuki/ })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/home$/);
  await signOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in page has an Email field too: fill the reset page's once it is there (CI once typed into the
  // sign-in form while the reset page's code was still loading, and the reset form stayed empty).
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/a link to reset its password is on its way/)).toBeVisible();

  await page.goto(await linkFromOutbox(request, email, 'reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('Momiji2027');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Momiji2027');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await signIn(page, email, 'Momiji2027');
  await expect(page).toHaveURL(/\/home$/);
});

test('verification and reset links explain what went wrong', async ({ page }) => {
  await page.goto('/verify-email');
  await expect(page.getByText('No verification token provided')).toBeVisible();
  await page.goto('/verify-email?token=not-a-real-token');
  await expect(page.getByText('Invalid verification link')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Account' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('Invalid or missing reset token')).toBeVisible();
  // A link the server does not know is refused on arrival, before any typing.
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText('Invalid or expired reset token')).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
});

test('change the password and sign in with it; delete the account and fail to sign in', async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = await signedInVerifiedReader(page, request, 'Kenji');
  const newPassword = 'Momiji2027';

  await page.goto('/account');
  await page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Change password' }).click();
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(newPassword);
  await form.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();
  // This session stays signed in; the notice went to the address.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  const outbox: Array<{ to: string; subject: string }> = await (await request.get('/api/dev/outbox')).json();
  expect(outbox.some((mail) => mail.to === email && /password was changed/.test(mail.subject))).toBe(true);

  await signOut(page);
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByLabel('Current password', { exact: true })).toBeFocused();
  await dialog.getByLabel('Current password', { exact: true }).fill(newPassword);
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
  await confirm.click();
  const goodbye = page.getByRole('dialog', { name: 'Your account has been deleted' });
  await expect(goodbye).toBeVisible();
  await goodbye.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: /Kenji/ })).toHaveCount(0);

  await page.goto('/login');
  await signIn(page, email, newPassword);
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  // The address is free again.
  const again = await request.post('/api/auth/register', { data: { name: 'Kenji', email, password: PASSWORD } });
  expect(again.status()).toBe(201);
});
