import type { ZodType } from 'zod';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const STORY_TIMEOUT_MS = 300_000;
export const IMAGE_TIMEOUT_MS = 180_000;

export const MESSAGES = {
  unauthorized: 'Authentication required',
  serverTimeout: 'Request timed out. The server is taking longer than expected. Please try again.',
  aborted: 'Request timed out. Please check your connection and try again.',
} as const;

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when no response arrived. */
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface HttpHooks {
  getToken(): string | null;
  /** Called when a request that carried a token is refused: the session is over. */
  onUnauthorized(): void;
}

let hooks: HttpHooks = { getToken: () => null, onUnauthorized: () => {} };

export function configureHttp(next: HttpHooks): void {
  hooks = next;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the response; a mismatch throws `invalidMessage`. */
  schema?: ZodType<T>;
  invalidMessage?: string;
  timeoutMs?: number;
  /** Overrides the stored token, e.g. to load the profile right after login. */
  token?: string | null;
}

/** JSON over fetch with the time-outs and error messages of SPEC §7 and §8. */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : hooks.getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new ApiError(MESSAGES.aborted, 0);
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  } finally {
    clearTimeout(timer);
  }

  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token) {
      hooks.onUnauthorized();
      throw new ApiError(MESSAGES.unauthorized, 401);
    }
    if (response.status === 408) throw new ApiError(MESSAGES.serverTimeout, 408);
    throw new ApiError(errorMessage(payload) ?? `HTTP ${response.status}`, response.status);
  }
  if (!options.schema) return payload as T;
  const parsed = options.schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(options.invalidMessage ?? 'Unexpected response from the server', response.status);
  return parsed.data;
}

function errorMessage(payload: unknown): string | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const { message, detail } = payload as { message?: unknown; detail?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof detail === 'string' && detail) return detail;
  return undefined;
}

/** A text file from the API (an export), with the learner's token; errors as `request` gives them. */
export async function requestText(path: string): Promise<string> {
  const token = hooks.getToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  if (!response.ok) {
    if (response.status === 401 && token) hooks.onUnauthorized();
    throw new ApiError(errorMessage(await response.json().catch(() => null)) ?? `HTTP ${response.status}`, response.status);
  }
  return response.text();
}
