import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { rateLimits } from './db/schema';
import { HttpError } from './http/errors';

export interface Limit {
  /** How many hits a key may make per window. */
  max: number;
  windowSeconds: number;
}

/** Wrong passwords slow further tries of the same e-mail from the same address, growing per failure. */
export interface LoginBackoff {
  /** Failures of one (e-mail, IP) pair answered at once. */
  freeFailures: number;
  baseMs: number;
  maxMs: number;
  windowSeconds: number;
}

export type RateLimitRules = Record<
  'login' | 'register' | 'resetPassword' | 'resendVerification' | 'contact' | 'grammarFeedback' | 'contextualExplain' | 'accountChange',
  { perIp: Limit; perEmail?: Limit }
> & { loginBackoff: LoginBackoff };

export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  // No per-e-mail login limit: anyone could then lock a learner out. Failures slow down per (e-mail, IP).
  login: { perIp: { max: 30, windowSeconds: 900 } },
  loginBackoff: { freeFailures: 3, baseMs: 250, maxMs: 8_000, windowSeconds: 900 },
  register: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  // Per address this caps the mails sent, silently: the owner already holds the links sent so far.
  resetPassword: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  resendVerification: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  contact: { perIp: { max: 5, windowSeconds: 3600 } },
  grammarFeedback: { perIp: { max: 30, windowSeconds: 3600 } },
  // Each contextual explanation may cost a model call; dictionary answers are not limited.
  contextualExplain: { perIp: { max: 600, windowSeconds: 3600 } },
  // Account settings that check the password (change password or e-mail, delete) and the data export.
  // Per account too, so a stolen session cannot guess the password from many addresses.
  accountChange: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 20, windowSeconds: 3600 } },
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

type Action = Exclude<keyof RateLimitRules, 'loginBackoff'>;

/**
 * Fixed-window counters in the database: one upsert per hit, atomic under concurrency, and shared by
 * every server process.
 */
export function createRateLimiter(db: Database, rules: RateLimitRules) {
  /** Adds `cost` hits to the key's window and returns the window's count and start. */
  async function add(key: string, windowSeconds: number, cost = 1) {
    const expired = sql`${rateLimits.windowStart} <= now() - ${windowSeconds} * interval '1 second'`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, hits: cost })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN ${cost} ELSE ${rateLimits.hits} + ${cost} END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    return row!;
  }

  async function hit(key: string, limit: Limit, cost = 1): Promise<void> {
    const row = await add(key, limit.windowSeconds, cost);
    if (row.hits > limit.max) {
      const resetsAt = new Date(row.windowStart).getTime() + limit.windowSeconds * 1000;
      const retryAfter = Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000));
      throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'retry-after': String(retryAfter) });
    }
  }

  const loginPair = (email: string, ip: string) => `loginFailures:${email.toLowerCase()}:${ip}`;
  const { loginBackoff } = rules;

  return {
    /** Counts `cost` attempts at `action` from this IP (and e-mail); throws 429 past the limit. */
    async check(action: Action, ip: string, email?: string, cost = 1): Promise<void> {
      const rule = rules[action];
      await hit(`${action}:ip:${ip}`, rule.perIp, cost);
      if (email && rule.perEmail) await hit(`${action}:email:${email.toLowerCase()}`, rule.perEmail, cost);
    },

    /** Counts one attempt at `action` for this e-mail and says whether it is still within the limit. */
    async allowForEmail(action: Action, email: string): Promise<boolean> {
      const limit = rules[action].perEmail;
      if (!limit) return true;
      return (await add(`${action}:email:${email.toLowerCase()}`, limit.windowSeconds)).hits <= limit.max;
    },

    /** How long to hold a login of this e-mail from this IP, from its recent failures. */
    async loginDelayMs(email: string, ip: string): Promise<number> {
      const [row] = await db
        .select({ hits: rateLimits.hits })
        .from(rateLimits)
        .where(and(eq(rateLimits.key, loginPair(email, ip)), sql`${rateLimits.windowStart} > now() - ${loginBackoff.windowSeconds} * interval '1 second'`));
      const over = (row?.hits ?? 0) - loginBackoff.freeFailures;
      return over < 0 ? 0 : Math.min(loginBackoff.maxMs, loginBackoff.baseMs * 2 ** over);
    },

    async loginFailed(email: string, ip: string): Promise<void> {
      await add(loginPair(email, ip), loginBackoff.windowSeconds);
    },

    async loginSucceeded(email: string, ip: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, loginPair(email, ip)));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
