import { proxy } from 'valtio';
import { z } from 'zod';
import { ApiError, configureHttp } from '../net/http';
import { api } from '../net/api';
import { userSchema, type User } from '../shared/api';
import { persistStore, readStored } from './persist';
import { forgetWordStates } from './word-knowledge';

export const AUTH_STORAGE_KEY = 'kotoba.auth';

const storedAuth = z.object({ token: z.string().nullable(), user: userSchema.nullable() });

export interface AuthState {
  token: string | null;
  user: User | null;
  isAuthenticated: boolean;
  /** 'loading' while the profile behind a stored token is fetched at start-up. */
  status: 'loading' | 'ready';
  /** The last login or registration error, shown by those forms. */
  error: string | null;
}

export const auth = proxy<AuthState>({
  token: null,
  user: null,
  isAuthenticated: false,
  status: 'ready',
  error: null,
});

function signIn(token: string, user: User) {
  auth.token = token;
  auth.user = user;
  auth.isAuthenticated = true;
  auth.error = null;
}

function clearSession() {
  forgetWordStates();
  auth.token = null;
  auth.user = null;
  auth.isAuthenticated = false;
}

let started: Promise<void> | undefined;

/** SPEC §4 start-up rules, run once. Resolves once a route guard can decide. */
export function initAuth(): Promise<void> {
  started ??= startAuth();
  return started;
}

async function startAuth(): Promise<void> {
  configureHttp({ getToken: () => auth.token, onUnauthorized: clearSession });
  persistStore(auth, AUTH_STORAGE_KEY, ({ token, user, isAuthenticated }) => ({ token, user, isAuthenticated }));

  const stored = storedAuth.safeParse(readStored(AUTH_STORAGE_KEY));
  const { token, user } = stored.success ? stored.data : { token: null, user: null };
  if (!token) {
    clearSession();
    return;
  }
  if (user) {
    signIn(token, user);
    // Silent refresh: a refused token signs out; a network failure keeps the session for later.
    void api.me(token).then(
      (fresh) => auth.token === token && (auth.user = fresh),
      (error: unknown) => error instanceof ApiError && error.status === 401 && clearSession(),
    );
    return;
  }
  auth.status = 'loading';
  try {
    signIn(token, await api.me(token));
  } catch {
    clearSession();
  } finally {
    auth.status = 'ready';
  }
}

export async function login(email: string, password: string): Promise<void> {
  auth.error = null;
  try {
    const { access_token } = await api.login(email, password);
    signIn(access_token, await api.me(access_token));
  } catch (error) {
    auth.error = error instanceof ApiError ? error.message : 'Login failed';
    throw error;
  }
}

/** Registration signs in straight afterwards (SPEC §4). */
export async function register(name: string, email: string, password: string): Promise<void> {
  auth.error = null;
  try {
    await api.register(name, email, password);
  } catch (error) {
    auth.error = error instanceof ApiError ? error.message : 'Registration failed';
    throw error;
  }
  await login(email, password);
}

/** The login and register forms start clean, not with the other form's last error. */
export function clearAuthError(): void {
  auth.error = null;
}

export async function logout(): Promise<void> {
  // The session ends locally even if the server cannot be reached.
  await api.logout().catch(() => undefined);
  clearSession();
}

export async function refreshUser(): Promise<void> {
  if (!auth.token) return;
  auth.user = await api.me();
}
