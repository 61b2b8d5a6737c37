import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from './fixtures';

const user = makeUser({ subscription: { stories_generated: 2, stories_remaining: 8 } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

// A fresh store module per test: initAuth reads localStorage once.
async function loadStore() {
  vi.resetModules();
  return import('../../src/state/auth');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('auth start-up (SPEC §4)', () => {
  it('stays signed out without a stored token', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { auth, initAuth } = await loadStore();
    await initAuth();
    expect(auth.isAuthenticated).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the profile for a stored token without a user, and clears everything when that fails', async () => {
    localStorage.setItem('kotoba.auth', JSON.stringify({ token: 't1', user: null }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, user)));
    let store = await loadStore();
    await store.initAuth();
    expect(store.auth.isAuthenticated).toBe(true);
    expect(store.auth.user?.email).toBe('aoi@example.com');

    localStorage.setItem('kotoba.auth', JSON.stringify({ token: 't2', user: null }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { detail: 'Authentication required' })));
    store = await loadStore();
    await store.initAuth();
    expect(store.auth.isAuthenticated).toBe(false);
    expect(store.auth.token).toBeNull();
  });

  it('trusts a stored user at once and refreshes it silently', async () => {
    localStorage.setItem('kotoba.auth', JSON.stringify({ token: 't1', user }));
    const fresh = { ...user, subscription: { ...user.subscription, stories_generated: 3, stories_remaining: 7 } };
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(200, fresh)));
    const { auth, initAuth } = await loadStore();
    await initAuth();
    expect(auth.isAuthenticated).toBe(true);
    await vi.waitFor(() => expect(auth.user?.subscription.stories_generated).toBe(3));
  });

  it('signs out when the silent refresh is refused', async () => {
    localStorage.setItem('kotoba.auth', JSON.stringify({ token: 't1', user }));
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, {})));
    const { auth, initAuth } = await loadStore();
    await initAuth();
    await vi.waitFor(() => expect(auth.isAuthenticated).toBe(false));
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('kotoba.auth')!).token).toBeNull());
  });

  it('registers, then signs in, and persists the session under one key', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(201, user))
      .mockResolvedValueOnce(json(200, { access_token: 'new', token_type: 'bearer', expires_in: 60 }))
      .mockResolvedValueOnce(json(200, user));
    vi.stubGlobal('fetch', fetch);
    const { auth, initAuth, register } = await loadStore();
    await initAuth();
    await register('Aoi', 'aoi@example.com', 'Sakura2026');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/register', '/api/auth/login', '/api/auth/me']);
    expect(auth.token).toBe('new');
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('kotoba.auth')!)).toMatchObject({ token: 'new', isAuthenticated: true }));
  });

  it('keeps the server error for the form, or the catalogue fallback', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(401, { detail: 'Incorrect email or password' })));
    const { auth, initAuth, login } = await loadStore();
    await initAuth();
    await expect(login('a@b.co', 'x')).rejects.toThrow();
    expect(auth.error).toBe('Incorrect email or password');
  });
});
