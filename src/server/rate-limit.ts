import { sql } from 'drizzle-orm';
import type { Database } from './db/client';
import { rateLimits } from './db/schema';
import { HttpError } from './http/errors';

export interface Limit {
  /** How many hits a key may make per window. */
  max: number;
  windowSeconds: number;
}

export type RateLimitRules = Record<
  'login' | 'register' | 'resetPassword' | 'resendVerification' | 'contact' | 'grammarFeedback' | 'contextualExplain',
  { perIp: Limit; perEmail?: Limit }
>;

export const DEFAULT_RATE_LIMITS: RateLimitRules = {
  login: { perIp: { max: 30, windowSeconds: 900 }, perEmail: { max: 10, windowSeconds: 900 } },
  register: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  resetPassword: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  resendVerification: { perIp: { max: 20, windowSeconds: 3600 }, perEmail: { max: 5, windowSeconds: 3600 } },
  contact: { perIp: { max: 5, windowSeconds: 3600 } },
  grammarFeedback: { perIp: { max: 30, windowSeconds: 3600 } },
  // Each contextual explanation may cost a model call; dictionary answers are not limited.
  contextualExplain: { perIp: { max: 600, windowSeconds: 3600 } },
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window counters in the database: one upsert per hit, atomic under concurrency, and shared by
 * every server process.
 */
export function createRateLimiter(db: Database, rules: RateLimitRules) {
  async function hit(key: string, limit: Limit): Promise<void> {
    const expired = sql`${rateLimits.windowStart} <= now() - ${limit.windowSeconds} * interval '1 second'`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart: sql`now()`, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
    if (row && row.hits > limit.max) {
      const resetsAt = new Date(row.windowStart).getTime() + limit.windowSeconds * 1000;
      const retryAfter = Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000));
      throw new HttpError(429, TOO_MANY_ATTEMPTS, { 'retry-after': String(retryAfter) });
    }
  }

  return {
    /** Counts one attempt at `action` from this IP (and e-mail); throws 429 past the limit. */
    async check(action: keyof RateLimitRules, ip: string, email?: string): Promise<void> {
      const rule = rules[action];
      await hit(`${action}:ip:${ip}`, rule.perIp);
      if (email && rule.perEmail) await hit(`${action}:email:${email.toLowerCase()}`, rule.perEmail);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
