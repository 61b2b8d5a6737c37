import { z } from 'zod';
import { languageSchema } from './language';
import { wordChangeSchema, wordKeySchema, wordStateSchema } from './words';

/**
 * Review with spaced repetition (Learner memory 2): a word or grammar pattern saved while reading becomes a
 * card, scheduled by FSRS (ts-fsrs on the server). The client never schedules; it shows what the server says.
 */
export const GRADES = ['again', 'hard', 'good', 'easy'] as const;
export type Grade = (typeof GRADES)[number];
export const GRADE_LABELS: Record<Grade, string> = { again: 'Again', hard: 'Hard', good: 'Good', easy: 'Easy' };

/** A card whose next review is at least this many days away makes its word known (as an Anki import does). */
export const REVIEW_KNOWN_DAYS = 21;

export const REVIEW_LIMIT_DEFAULTS = { new_per_day: 20, reviews_per_day: 200 } as const;
export const REVIEW_LIMIT_MAX = 9_999;

const limit = (what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .refine(Number.isInteger, `${what} must be a whole number`)
    .min(0, `${what} must be at least 0`)
    .max(REVIEW_LIMIT_MAX, `${what} must be at most ${REVIEW_LIMIT_MAX.toLocaleString('en')}`);

export const reviewSettingsSchema = z.object({
  new_per_day: limit('New cards a day'),
  reviews_per_day: limit('Reviews a day'),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

const text = (what: string, max: number) => z.string().trim().max(max, `${what} must be at most ${max.toLocaleString('en')} characters`);

/** What the reader sends when the learner saves a word (vocabulary popup) or a pattern (grammar popup). */
export const saveCardBody = z
  .object({
    language: languageSchema,
    kind: z.enum(['word', 'grammar'], { error: 'Kind must be word or grammar' }),
    /** The word's key (Learner memory 1), or the grammar pattern's id. */
    key: wordKeySchema,
    word: text('The word', 200).min(1, 'The word is required'),
    reading: text('The reading', 200).default(''),
    meaning: text('The meaning', 2_000).default(''),
    /** The story's sentence, with the word at `start` for `length` characters. */
    sentence: text('The sentence', 1_000).min(1, 'The sentence is required'),
    start: z.number().int().min(0).default(0),
    length: z.number().int().min(0).default(0),
    grammar_note: text('The grammar note', 4_000).default(''),
    story_id: z.uuid({ error: 'The story id must be a UUID' }).optional(),
    scene_id: z.uuid({ error: 'The scene id must be a UUID' }).optional(),
  })
  .refine((body) => body.start + body.length <= body.sentence.length, { message: 'The word must lie inside the sentence', path: ['start'] });
export type SaveCard = z.input<typeof saveCardBody>;

export const reviewCardSchema = z.object({
  id: z.uuid(),
  language: languageSchema,
  kind: z.enum(['word', 'grammar']),
  key: z.string(),
  word: z.string(),
  reading: z.string(),
  meaning: z.string(),
  sentence: z.string(),
  start: z.number().int(),
  length: z.number().int(),
  grammar_note: z.string(),
  story_id: z.uuid().nullable(),
  story_title: z.string(),
  /** 1-based: "scene 3". Null when the story is gone. */
  scene_number: z.number().int().nullable(),
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  due: z.iso.datetime({ offset: true }),
  /** Days until the next review after the last grade (0 while learning). */
  scheduled_days: z.number().int(),
  reps: z.number().int(),
});
export type ReviewCard = z.infer<typeof reviewCardSchema>;

export const saveCardResponse = z.object({
  card: reviewCardSchema,
  /** False when the card existed already (saving twice changes nothing). */
  created: z.boolean(),
  /** The word's state after saving (a new word becomes learning 1). */
  word: wordStateSchema.nullable(),
});

/** Which of `keys` the learner has saved as cards: the popups show "Saved" instead of Save. */
export const savedKeysBody = z.object({ language: languageSchema, keys: z.array(wordKeySchema).max(500, 'At most 500 words at once') });
export const savedKeysResponse = z.object({ saved: z.array(z.string()) });

/** What is left today: the queue's head and the counts shown in the top bar and on /review. */
export const reviewQueueSchema = z.object({
  cards: z.array(reviewCardSchema),
  /** Reviews due now that today's limit still allows. */
  due: z.number().int().min(0),
  /** New cards today's limit still allows. */
  new: z.number().int().min(0),
  /** Cards graded today. */
  done_today: z.number().int().min(0),
  /** When the next card comes due, if none is due now (a learning step a few minutes away, or tomorrow). */
  next_due: z.iso.datetime({ offset: true }).nullable(),
  settings: reviewSettingsSchema,
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const gradeBody = z.object({
  grade: z.enum(GRADES, { error: 'Grade must be again, hard, good or easy' }),
});
export const gradeResponse = z.object({
  card: reviewCardSchema,
  review_id: z.uuid(),
  /** The word's status change this grade made (learning stage, or known), if any. */
  word_change: wordChangeSchema.nullable(),
  word: wordStateSchema.nullable(),
});
export type GradeResult = z.infer<typeof gradeResponse>;

export const undoGradeResponse = z.object({ card: reviewCardSchema, word: wordStateSchema.nullable() });

export const dueCountSchema = z.object({ due: z.number().int().min(0) });
