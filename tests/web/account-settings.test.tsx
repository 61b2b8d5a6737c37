import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTree } from '../../src/routeTree.gen';
import type { User } from '../../src/shared/api';
import { buildPricing } from '../../src/shared/pricing';
import { auth, AUTH_STORAGE_KEY } from '../../src/state/auth';
import { makeUser } from './fixtures';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

interface Call {
  url: string;
  method: string;
  body: unknown;
}
type Handler = (call: Call) => Response | Promise<Response>;

let me: User;
let routes: Record<string, Handler>;
let calls: Call[];

/** A fake backend keyed by "METHOD path"; every call is recorded with its parsed body. */
function fakeFetch() {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url === '/api/auth/me') return json(200, me);
      const handler = routes[`${call.method} ${url}`];
      return handler ? handler(call) : json(404, { detail: 'Not found' });
    }),
  );
}
const callsTo = (method: string, url: string) => calls.filter((call) => call.method === method && call.url === url);

function signIn(user: User) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ token: 'tok', user, isAuthenticated: true }));
  Object.assign(auth, { token: 'tok', user, isAuthenticated: true, status: 'ready', error: null });
}

function renderAt(path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return router;
}

async function renderAccount() {
  const router = renderAt('/account');
  await screen.findByRole('heading', { name: 'Account Settings' });
  return router;
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  me = makeUser();
  routes = { 'GET /api/payment/pricing': () => json(200, { ...buildPricing(10, 700), billing: 'test' }) };
  signIn(me);
  fakeFetch();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the account page sections', () => {
  it('adds Security, Your data and a Delete account danger zone to the SPEC cards', async () => {
    await renderAccount();
    for (const name of ['Subscription', 'Monthly usage', 'Security', 'Your data', 'Delete account']) {
      expect(section(name)).toBeTruthy();
    }
    expect(within(section('Security')).getByText('aoi@example.com')).toBeTruthy();
    expect(within(section('Security')).getByRole('button', { name: 'Change password' })).toBeTruthy();
    expect(within(section('Security')).getByRole('button', { name: 'Change email' })).toBeTruthy();
    expect(within(section('Your data')).getByRole('button', { name: 'Download my data' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Stories' })).toBeTruthy();
  });

  it('refreshes the learner when the window regains focus or becomes visible, so a cancellation shows', async () => {
    const renews = '2026-12-21T00:00:00.000Z';
    me = makeUser({ subscription: { tier: 'pro', renewal_date: renews, stories_limit: 0, stories_remaining: -1 } });
    signIn(me);
    await renderAccount();
    expect(await screen.findByText(/Renews on/)).toBeTruthy();
    const before = callsTo('GET', '/api/auth/me').length;

    // Cancelled in the billing portal's tab; coming back to this one shows it.
    me = makeUser({ subscription: { tier: 'pro', renewal_date: renews, cancel_at_period_end: true, stories_limit: 0, stories_remaining: -1 } });
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText(/Your Pro plan is cancelled and ends on/)).toBeTruthy();
    expect(callsTo('GET', '/api/auth/me').length).toBe(before + 1);

    // focus and visibilitychange arrive together on a tab switch: one refresh, not two.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(callsTo('GET', '/api/auth/me').length).toBe(before + 1);
  });
});

describe('change password', () => {
  it('checks the new password like registration before asking the server', async () => {
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'Sakura2026');
    await userEvent.type(within(form).getByLabelText('New password'), 'momiji2027');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'momiji2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('Password must contain at least one uppercase letter');
    await userEvent.clear(within(form).getByLabelText('New password'));
    await userEvent.type(within(form).getByLabelText('New password'), 'Momiji2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByRole('alert').textContent).toBe('Passwords do not match');
    expect(callsTo('POST', '/api/account/password')).toHaveLength(0);
  });

  it('shows the server refusal of a wrong current password, then the success', async () => {
    let answer = json(400, { detail: 'Current password is incorrect' });
    routes['POST /api/account/password'] = () => answer;
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const form = screen.getByRole('form', { name: 'Change password' });
    await userEvent.type(within(form).getByLabelText('Current password'), 'Wrong2026');
    await userEvent.type(within(form).getByLabelText('New password'), 'Momiji2027');
    await userEvent.type(within(form).getByLabelText('Confirm new password'), 'Momiji2027');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Current password is incorrect');
    // The session stays: a 400 is not a 401.
    expect(auth.isAuthenticated).toBe(true);

    answer = json(200, { message: 'Password changed. Other devices have been signed out.' });
    await userEvent.clear(within(form).getByLabelText('Current password'));
    await userEvent.type(within(form).getByLabelText('Current password'), 'Sakura2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed. Other devices have been signed out.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Change password' })).toBeNull();
    expect(callsTo('POST', '/api/account/password').at(-1)!.body).toEqual({ current_password: 'Sakura2026', new_password: 'Momiji2027' });
  });
});

describe('change e-mail', () => {
  it('sends the new address with the password, then shows the pending change until it is cancelled', async () => {
    routes['POST /api/account/email'] = () => {
      me = makeUser({ pending_email: 'new@example.com' });
      return json(202, { message: 'We sent a link to new@example.com. Your email changes when you open it.', pending_email: 'new@example.com' });
    };
    routes['DELETE /api/account/email'] = () => {
      me = makeUser({ pending_email: null });
      return json(200, { message: 'Email change cancelled' });
    };
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change email' });
    await userEvent.type(within(form).getByLabelText('New email'), 'new@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Sakura2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));

    const note = await within(section('Security')).findByText(/Waiting for confirmation/);
    expect(note.textContent).toContain('new@example.com');
    expect(note.textContent).toContain('aoi@example.com');
    expect(callsTo('POST', '/api/account/email')[0]!.body).toEqual({ new_email: 'new@example.com', password: 'Sakura2026' });

    await userEvent.click(screen.getByRole('button', { name: 'Cancel change' }));
    await waitFor(() => expect(screen.queryByText(/Waiting for confirmation/)).toBeNull());
    expect(callsTo('DELETE', '/api/account/email')).toHaveLength(1);
  });

  it('says when the address is taken', async () => {
    routes['POST /api/account/email'] = () => json(409, { detail: 'An account with this email already exists' });
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Change email' }));
    const form = screen.getByRole('form', { name: 'Change email' });
    await userEvent.type(within(form).getByLabelText('New email'), 'taken@example.com');
    await userEvent.type(within(form).getByLabelText('Current password'), 'Sakura2026');
    await userEvent.click(within(form).getByRole('button', { name: 'Send confirmation link' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('An account with this email already exists');
  });
});

describe('download my data', () => {
  it('saves the export as a JSON file named by its date', async () => {
    const exported = { format: 'kotoba-tales-export', exported_at: '2026-11-26T10:00:00.000Z', account: { email: 'aoi@example.com' }, stories: [] };
    routes['GET /api/account/export'] = () => json(200, exported);
    const blobs: Blob[] = [];
    // jsdom has no object URLs.
    vi.stubGlobal('URL', Object.assign(class extends URL {}, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      }),
      revokeObjectURL: vi.fn(),
    }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded.')).toBeTruthy();
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('kotoba-tales-data-2026-11-26.json');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:export');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(JSON.parse(text)).toEqual(exported);
  });

  it('says so when the download fails', async () => {
    routes['GET /api/account/export'] = () => json(429, { detail: 'Too many attempts. Please wait a few minutes and try again.' });
    await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await within(section('Your data')).findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    );
  });
});

describe('delete account', () => {
  it('asks a renewing Pro learner to cancel in Manage Billing first', async () => {
    me = makeUser({ subscription: { tier: 'pro', renewal_date: '2026-12-21T00:00:00.000Z', stories_limit: 0, stories_remaining: -1 } });
    signIn(me);
    await renderAccount();
    const zone = section('Delete account');
    expect(within(zone).getByText(/Cancel it in Manage Billing first/)).toBeTruthy();
    expect((within(zone).getByRole('button', { name: 'Delete my account…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('needs the password and DELETE typed, shows refusals, then says goodbye and signs out', async () => {
    let answer = json(400, { detail: 'Current password is incorrect' });
    routes['POST /api/account/delete'] = () => answer;
    routes['POST /api/auth/logout'] = () => json(401, { detail: 'Authentication required' });
    const router = await renderAccount();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Current password');
    expect(document.activeElement).toBe(password);
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' }) as HTMLButtonElement;
    await userEvent.type(password, 'Wrong2026');
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'delete');
    expect(submit.disabled).toBe(true);
    await userEvent.clear(within(dialog).getByLabelText('Type DELETE to confirm'));
    await userEvent.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Current password is incorrect');
    expect(auth.isAuthenticated).toBe(true);

    answer = json(200, { message: 'Your account and its data have been deleted.' });
    await userEvent.clear(password);
    await userEvent.type(password, 'Sakura2026');
    await userEvent.click(submit);
    const goodbye = await screen.findByRole('dialog', { name: 'Your account has been deleted' });
    expect(callsTo('POST', '/api/account/delete').at(-1)!.body).toEqual({ password: 'Sakura2026', confirmation: 'DELETE' });

    // Coming back to the window now must not refresh with the dead token (which would bounce to /login).
    const refreshes = callsTo('GET', '/api/auth/me').length;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(callsTo('GET', '/api/auth/me').length).toBe(refreshes);

    await userEvent.click(within(goodbye).getByRole('button', { name: 'Go to the home page' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(auth.isAuthenticated).toBe(false));
    expect(auth.token).toBeNull();
  });
});

describe('reset password link check', () => {
  const checkAnswer = (response: () => Response) => (routes['POST /api/auth/reset-password/check'] = response);

  it('shows a used link at once, with a way to ask for a new one and no form', async () => {
    checkAnswer(() => json(400, { detail: 'This link has already been used. Please request a new one.' }));
    renderAt('/reset-password?token=used');
    expect(await screen.findByRole('heading', { name: 'Link already used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This link has already been used. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(callsTo('POST', '/api/auth/reset-password/check')[0]!.body).toEqual({ token: 'used' });
  });

  it('shows an expired or unknown link the same way', async () => {
    checkAnswer(() => json(400, { detail: 'This link has expired. Please request a new one.' }));
    renderAt('/reset-password?token=old');
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeTruthy();
  });

  it('shows the form for a live link', async () => {
    checkAnswer(() => json(200, { message: 'This link is valid' }));
    renderAt('/reset-password?token=live');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('falls back to the form when the network fails', async () => {
    routes['POST /api/auth/reset-password/check'] = () => Promise.reject(new TypeError('Failed to fetch'));
    renderAt('/reset-password?token=offline');
    expect(await screen.findByLabelText('New password')).toBeTruthy();
  });

  it('turns a link used meanwhile into the same screen on submit', async () => {
    checkAnswer(() => json(200, { message: 'This link is valid' }));
    routes['POST /api/auth/reset-password/confirm'] = () =>
      json(400, { detail: 'This link has already been used. Please request a new one.' });
    renderAt('/reset-password?token=raced');
    await userEvent.type(await screen.findByLabelText('New password'), 'Momiji2027');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'Momiji2027');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Link already used' })).toBeTruthy();
  });
});
