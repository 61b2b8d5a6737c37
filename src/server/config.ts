import { z } from 'zod';

const optionalUrl = z.url().optional();
const positiveInt = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** Every setting the server reads, with its default. docs/operations.md documents each one. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless told otherwise, except in production, where the service is meant to be reached. */
  HOST: z.string().min(1).optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kotoba Tales <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email().default('support@localhost'),
  FREE_STORIES_PER_MONTH: z.coerce.number().int().min(1).default(10),
  PRO_PRICE_CENTS: positiveInt(700),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 365).default(24 * 30),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: none (false), how many hops in front
   * of the server (a number; true means 1), or their addresses and ranges (comma-separated). The client's
   * own entries are never trusted, so per-IP limits cannot be dodged by sending the header.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const text = value.trim();
      if (text === 'false' || text === '0') return false;
      if (text === 'true') return 1;
      if (/^\d+$/.test(text)) return Number(text);
      const ranges = text.split(',').map((part) => part.trim()).filter(Boolean);
      if (ranges.length > 0 && ranges.every((part) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(part) || ['loopback', 'linklocal', 'uniquelocal'].includes(part))) return ranges;
      ctx.addIssue({ code: 'custom', message: 'must be false, a hop count, or comma-separated proxy addresses/ranges' });
      return z.NEVER;
    }),
  /** Time to receive a request's headers, and its whole body; idle keep-alive connections close sooner. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(5_000),
  /** A connection on which nothing moves either way for this long is closed (sockets have their own ping). */
  CONNECTION_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /** How long a stopping server waits for scenes and requests before it exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  SCENE_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(15_000),
  /** The server pings each story socket this often and drops one that missed the previous ping. */
  SOCKET_PING_INTERVAL_MS: z.coerce.number().int().min(100).default(30_000),
  /** Open story sockets one learner may hold on one server process. */
  MAX_SOCKETS_PER_LEARNER: z.coerce.number().int().min(1).default(20),
  /** Pause before each line of a library story, so it streams like a written one. */
  LIBRARY_LINE_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** A model stream that sends nothing for this long is given up (and the scene retried). */
  LLM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** The longest one scene's answer may take, start to end. */
  LLM_DEADLINE_MS: z.coerce.number().int().min(1000).default(180_000),
  IMAGE_BASE_URL: optionalUrl,
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_ID: z.string().optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & { HOST: string; publicUrl: string };

export class ConfigError extends Error {}

/** Empty strings count as unset, so `FOO=` in an .env file falls back to the default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = configSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  const stripe = [config.STRIPE_SECRET_KEY, config.STRIPE_WEBHOOK_SECRET, config.STRIPE_PRICE_ID];
  if (stripe.some(Boolean) && !stripe.every(Boolean)) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID must be set together');
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  const HOST = config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');
  return { ...config, HOST, publicUrl };
}
