import { describe, expect, it } from 'vitest';
import { decideGuard, safeRedirect } from '../../src/ui/route-guard';
import { shellVisible } from '../../src/ui/shell-visibility';
import { makeUser } from './fixtures';

const user = (verified: boolean) => makeUser({ email_verified: verified });

describe('decideGuard', () => {
  it('waits while the stored session is being checked', () => {
    expect(decideGuard({ status: 'loading', isAuthenticated: false, user: null }, '/home')).toEqual({ kind: 'wait' });
  });

  it('sends signed-out visitors to /login, remembering where they were going', () => {
    expect(decideGuard({ status: 'ready', isAuthenticated: false, user: null }, '/account?tab=1')).toEqual({
      kind: 'redirect',
      to: '/login',
      redirect: '/account?tab=1',
    });
  });

  it('admits signed-in users, and sends unverified ones away only where a route asks for it', () => {
    const state = { status: 'ready' as const, isAuthenticated: true, user: user(false) };
    expect(decideGuard(state, '/home')).toEqual({ kind: 'allow' });
    expect(decideGuard(state, '/home', { requireVerified: true })).toEqual({ kind: 'redirect', to: '/verify-email' });
    expect(decideGuard({ ...state, user: user(true) }, '/home', { requireVerified: true })).toEqual({ kind: 'allow' });
  });
});

describe('safeRedirect', () => {
  it('follows same-site paths only', () => {
    expect(safeRedirect('/account')).toBe('/account');
    expect(safeRedirect('//evil.example')).toBe('/home');
    expect(safeRedirect('https://evil.example')).toBe('/home');
    expect(safeRedirect('/\\evil.example')).toBe('/home');
    expect(safeRedirect(undefined)).toBe('/home');
  });
});

describe('shellVisible', () => {
  it.each([
    ['/', false],
    ['/login', false],
    ['/register', false],
    ['/reader/abc', false],
    ['/login/', false],
    ['/home', true],
    ['/account', true],
    ['/faq', true],
    ['/readers', true],
  ])('%s → %s', (path, visible) => {
    expect(shellVisible(path)).toBe(visible);
  });
});
