import type { User } from '../shared/api';

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'allow' }
  | { kind: 'redirect'; to: '/login'; redirect: string }
  | { kind: 'redirect'; to: '/verify-email' };

/** What a protected route does for this auth state (SPEC §2, §4). */
export function decideGuard(
  state: { status: 'loading' | 'ready'; isAuthenticated: boolean; user: User | null },
  origin: string,
  options: { requireVerified?: boolean } = {},
): GuardDecision {
  if (state.status === 'loading') return { kind: 'wait' };
  if (!state.isAuthenticated || !state.user) return { kind: 'redirect', to: '/login', redirect: origin };
  if (options.requireVerified && !state.user.email_verified) return { kind: 'redirect', to: '/verify-email' };
  return { kind: 'allow' };
}

/** Only same-site paths are followed after login, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: unknown, fallback = '/home'): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}
