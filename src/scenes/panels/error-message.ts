import { ApiError, MESSAGES } from '../../net/http';

/**
 * What to tell the learner when a call fails: the server's own words when they say something
 * useful (e.g. "This scene is still being written. Try again in a moment."), else `fallback`
 * (a bare "HTTP 502", an internal server error, or a network error's technical message).
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const message = error.message.trim();
  if (!message || /^HTTP \d+$/.test(message)) return fallback;
  if (error.status === 500) return fallback;
  if (error.status === 0 && message !== MESSAGES.aborted) return fallback;
  return message;
}
