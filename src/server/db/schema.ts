import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Appearance, Setting } from '../../shared/art';
import { WORD_STATUSES } from '../../shared/words';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** When the learner answered (or skipped) "what do you already know?" after their first sign-in. */
    wordsOnboardedAt: timestamp('words_onboarded_at', { withTimezone: true }),
    /** Review limits (Learner memory 2): new cards and reviews a day. */
    reviewNewPerDay: integer('review_new_per_day').notNull().default(20),
    reviewReviewsPerDay: integer('review_reviews_per_day').notNull().default(200),
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

/** Single-use links sent by e-mail (verification, password reset, change of address), stored hashed. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * change_email only: the address the link was mailed to, which becomes the account's when it is opened.
     * The newest live link is the learner's pending change; the address travels with its link, so an older
     * link can never confirm a newer address.
     */
    newEmail: text('new_email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('email_tokens_token_hash_unique').on(table.tokenHash),
    index('email_tokens_user_idx').on(table.userId, table.purpose),
  ],
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

/**
 * A learner's paid plan as the billing provider last described it (one row per user; none means free).
 * `manual` rows are Pro granted by an operator, without a period end.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['stripe', 'test', 'manual'] }).notNull(),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    /** Stripe's vocabulary: active, trialing, past_due, canceled, unpaid, incomplete… */
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** When the provider's newest applied description was true; an older one arriving late is ignored. */
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subscriptions_customer_idx').on(table.customerId), index('subscriptions_subscription_idx').on(table.subscriptionId)],
);

/** Provider events already applied, so a replayed webhook changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The local test billing provider's checkout and portal sessions; the id is the secret, as with Stripe's. */
export const testBillingSessions = pgTable('test_billing_sessions', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['checkout', 'portal'] }).notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Checkout: where a completed purchase goes. Portal: the way back to the app. */
  returnUrl: text('return_url').notNull(),
  cancelUrl: text('cancel_url'),
  status: text('status', { enum: ['open', 'complete', 'cancelled'] }).notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

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

/** A learner's story: what was asked for and where the reader is. */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    level: text('level').notNull(),
    theme: text('theme').notNull(),
    customPrompt: text('custom_prompt'),
    /** Which storyteller wrote it and, for the library, which story. */
    provider: text('provider').notNull(),
    sourceId: text('source_id'),
    status: text('status', { enum: ['generating', 'ready', 'failed'] }).notNull().default('generating'),
    currentSceneId: uuid('current_scene_id'),
    /** The storyteller's running summary, for the next scene's prompt. */
    summary: text('summary').notNull().default(''),
    /** Counted against the month's quota; a story is counted once, whatever happens to it. */
    charged: boolean('charged').notNull().default(false),
    /** The newest event id handed out; events take the next one in the same statement, so ids never collide. */
    lastEventId: integer('last_event_id').notNull().default(0),
    createdAt: createdAt(),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stories_user_idx').on(t.userId, t.lastReadAt)],
);

/** The people of a story; `key` is the storyteller's own name for them. */
export const storyCharacters = pgTable(
  'story_characters',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('story_characters_key').on(t.storyId, t.key)],
);

/** One scene as it was produced: stored part by part, so a reload never loses text. */
export const scenes = pgTable(
  'scenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    sceneNumber: integer('scene_number').notNull(),
    parentSceneId: uuid('parent_scene_id'),
    /** The choice of the parent scene that led here. */
    choiceId: text('choice_id'),
    /** The library's scene key. */
    sourceKey: text('source_key'),
    status: text('status', { enum: ['generating', 'complete', 'failed'] }).notNull().default('generating'),
    generationId: text('generation_id'),
    setting: jsonb('setting').$type<Setting>(),
    imageUrl: text('image_url'),
    dialogue: jsonb('dialogue').$type<unknown[]>().notNull().default([]),
    choices: jsonb('choices').$type<unknown[]>().notNull().default([]),
    isEnding: boolean('is_ending').notNull().default(false),
    endingTitle: text('ending_title'),
    levelProfile: jsonb('level_profile').$type<Record<string, unknown>>(),
    /** The furthest line of this scene the learner has reached (-1: none yet); skip runs up to it. */
    readTo: integer('read_to').notNull().default(-1),
    /** When the scene's words were counted as seen (once: a scene read again counts nothing). */
    wordsCountedAt: timestamp('words_counted_at', { withTimezone: true }),
    /**
     * The storyteller's running summary after this scene: a scene written next (on any branch from here)
     * starts from it, not from whichever branch was written last.
     */
    summary: text('summary'),
    /**
     * The process writing this scene and how long its lease lasts. A writer renews the lease while it works;
     * one whose lease ran out (the process died) is replaced, and every event it writes is fenced on it.
     */
    writer: text('writer'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('scenes_story_idx').on(t.storyId, t.sceneNumber)],
);

/** Every event sent for a story, so a reconnecting reader can ask for what it missed. */
export const storyEvents = pgTable(
  'story_events',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    eventId: integer('event_id').notNull(),
    sceneId: uuid('scene_id'),
    type: text('type').notNull(),
    generationId: text('generation_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('story_events_id').on(t.storyId, t.eventId)],
);

/** Ten save slots per learner (slot 0–9), plus per story one auto save (slot null) and one quick save (slot -1). */
/** The slot number of a story's quick save (Q), apart from the ten slots. */
export const QUICK_SLOT = -1;

export const saves = pgTable(
  'saves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slotIndex: integer('slot_index'),
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    sceneId: uuid('scene_id')
      .notNull()
      .references(() => scenes.id, { onDelete: 'cascade' }),
    lineIndex: integer('line_index').notNull().default(0),
    saveName: text('save_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('saves_user_slot').on(t.userId, t.slotIndex).where(sql`${t.slotIndex} >= 0`),
    uniqueIndex('saves_user_auto').on(t.userId, t.storyId).where(sql`${t.slotIndex} is null`),
    uniqueIndex('saves_user_quick').on(t.userId, t.storyId).where(sql`${t.slotIndex} = -1`),
  ],
);

/**
 * What each learner knows of each word (src/shared/words.ts): one row per learner, language and word key,
 * made when the word is first seen, looked up, marked or imported. No row means new.
 */
export const wordKnowledge = pgTable(
  'word_knowledge',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    key: text('key').notNull(),
    status: text('status', { enum: WORD_STATUSES }).notNull().default('new'),
    /** 1–4 while learning, 0 otherwise. */
    stage: integer('stage').notNull().default(0),
    /** How many finished scenes it was in, and how often its popup was opened. */
    seenCount: integer('seen_count').notNull().default(0),
    lookupCount: integer('lookup_count').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }),
    firstStoryId: uuid('first_story_id').references(() => stories.id, { onDelete: 'set null' }),
    firstSceneId: uuid('first_scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One index: the key (every look-up) and the learner's words of a language (summaries) both use it. An index
  // on the status too would tempt the planner away from the key for a line's look-up.
  (t) => [primaryKey({ columns: [t.userId, t.language, t.key] })],
);

/** A change of statuses made at once (a mark, a scene's end, an import), kept so it can be undone. */
export const wordChanges = pgTable(
  'word_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    kind: text('kind', { enum: ['mark', 'scene', 'import', 'review'] }).notNull(),
    count: integer('count').notNull(),
    createdAt: createdAt(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('word_changes_user_idx').on(t.userId, t.createdAt)],
);

/** Each word of a change, with its state before and after. */
export const wordChangeItems = pgTable(
  'word_change_items',
  {
    changeId: uuid('change_id')
      .notNull()
      .references(() => wordChanges.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    beforeStatus: text('before_status', { enum: WORD_STATUSES }).notNull(),
    beforeStage: integer('before_stage').notNull(),
    afterStatus: text('after_status', { enum: WORD_STATUSES }).notNull(),
    afterStage: integer('after_stage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.key] })],
);

/**
 * A word or grammar pattern saved for review (Learner memory 2), with its sentence from the story and its
 * FSRS memory state, which ts-fsrs computes and this table only keeps.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    kind: text('kind', { enum: ['word', 'grammar'] }).notNull(),
    /** The word key of Learner memory 1, or the grammar pattern's id. */
    key: text('key').notNull(),
    word: text('word').notNull(),
    reading: text('reading').notNull().default(''),
    meaning: text('meaning').notNull().default(''),
    sentence: text('sentence').notNull(),
    start: integer('start').notNull().default(0),
    length: integer('length').notNull().default(0),
    grammarNote: text('grammar_note').notNull().default(''),
    storyId: uuid('story_id').references(() => stories.id, { onDelete: 'set null' }),
    sceneId: uuid('scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    /** Kept on the card: the story may be removed, the card stays. */
    storyTitle: text('story_title').notNull().default(''),
    sceneNumber: integer('scene_number'),
    createdAt: createdAt(),
    // The FSRS card (ts-fsrs `Card`); state 0 new, 1 learning, 2 review, 3 relearning.
    due: timestamp('due', { withTimezone: true }).notNull().defaultNow(),
    stability: doublePrecision('stability').notNull().default(0),
    difficulty: doublePrecision('difficulty').notNull().default(0),
    elapsedDays: integer('elapsed_days').notNull().default(0),
    scheduledDays: integer('scheduled_days').notNull().default(0),
    learningSteps: integer('learning_steps').notNull().default(0),
    reps: integer('reps').notNull().default(0),
    lapses: integer('lapses').notNull().default(0),
    state: integer('state').notNull().default(0),
    lastReview: timestamp('last_review', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_cards_user_key_unique').on(t.userId, t.language, t.kind, t.key),
    // The due queue: a learner's cards in order of due; new cards (state 0) by when they were saved.
    index('review_cards_due_idx').on(t.userId, t.due).where(sql`${t.state} <> 0`),
    index('review_cards_new_idx').on(t.userId, t.createdAt).where(sql`${t.state} = 0`),
  ],
);

/** Every grade, with the card as it was before, so the last grade can be undone and days counted. */
export const reviewLogs = pgTable(
  'review_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => reviewCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    rating: integer('rating').notNull(),
    /** The card's state before this grade: 0 means a new card was introduced (the new-card limit). */
    stateBefore: integer('state_before').notNull(),
    /** The whole FSRS card before the grade (ISO dates), put back by undo. */
    before: jsonb('before').notNull(),
    /** The word status change the grade made, undone with it. */
    wordChangeId: uuid('word_change_id').references(() => wordChanges.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_logs_user_idx').on(t.userId, t.reviewedAt)],
);

/**
 * Reading counted per learner, language and hour (UTC): lines newly read, their characters and the time
 * spent reaching them. Hours, so any time zone's days can be summed from them.
 */
export const readingHours = pgTable(
  'reading_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    language: text('language', { enum: ['ja', 'en'] }).notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    lines: integer('lines').notNull().default(0),
    characters: integer('characters').notNull().default(0),
    seconds: integer('seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.language, t.hour] })],
);
