import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Appearance, Setting } from '../../shared/art';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    plan: text('plan', { enum: ['free', 'pro'] }).notNull().default('free'),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
  },
  (table) => [uniqueIndex('users_email_unique').on(sql`lower(${table.email})`)],
);

/** Opaque bearer tokens: only the SHA-256 of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('sessions_token_hash_unique').on(table.tokenHash), index('sessions_user_idx').on(table.userId)],
);

/** Single-use links sent by e-mail (verification, password reset), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('email_tokens_token_hash_unique').on(table.tokenHash)],
);

/** Stories started per user per calendar month (UTC), the unit of the free quota. */
export const monthlyUsage = pgTable(
  'monthly_usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    storiesGenerated: integer('stories_generated').notNull().default(0),
  },
  (table) => [uniqueIndex('monthly_usage_user_month').on(table.userId, table.month)],
);

/** Mail kept in the database while no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  ip: text('ip'),
  createdAt: createdAt(),
});

/** Fixed-window counters shared by every server process, so limits hold behind a load balancer. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
});

/** A person in a story; the sprite endpoint draws them from their appearance. Ids are version-4 UUIDs. */
export const characters = pgTable('characters', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  appearance: jsonb('appearance').$type<Appearance>().notNull(),
  createdAt: createdAt(),
});

/** Every background handed out, so its URL can be drawn again from the setting after a restart. */
export const backgrounds = pgTable('backgrounds', {
  key: text('key').primaryKey(),
  setting: jsonb('setting').$type<Setting>().notNull(),
  archetype: text('archetype').notNull(),
  createdAt: createdAt(),
});

/** Vocabulary explanations, dictionary or contextual, kept so a word is explained once. */
export const vocabularyExplanations = pgTable('vocabulary_explanations', {
  key: text('key').primaryKey(),
  language: text('language').notNull(),
  word: text('word').notNull(),
  contextual: boolean('contextual').notNull(),
  explanation: jsonb('explanation').$type<Record<string, unknown>>().notNull(),
  hits: integer('hits').notNull().default(0),
  createdAt: createdAt(),
});

/** Which grammar patterns a learner opened, for progress and statistics. */
export const grammarViews = pgTable(
  'grammar_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patternId: text('pattern_id').notNull(),
    language: text('language').notNull(),
    level: text('level').notNull(),
    views: integer('views').notNull().default(1),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('grammar_views_user_pattern').on(t.userId, t.patternId)],
);

/** Which words a learner looked up, by dictionary form. */
export const vocabularyViews = pgTable(
  'vocabulary_views',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    word: text('word').notNull(),
    level: text('level'),
    views: integer('views').notNull().default(1),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vocabulary_views_user_word').on(t.userId, t.language, t.word)],
);

export const grammarFeedback = pgTable('grammar_feedback', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  patternId: text('pattern_id').notNull(),
  feedbackType: text('feedback_type').notNull(),
  details: text('details'),
  userAgent: text('user_agent'),
  appVersion: text('app_version'),
  createdAt: createdAt(),
});
