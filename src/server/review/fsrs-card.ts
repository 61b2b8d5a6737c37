import { createEmptyCard, fsrs, type Card, type Grade as FsrsGrade, Rating, State } from 'ts-fsrs';
import type { Grade, ReviewCard } from '../../shared/review';
import type { reviewCards } from '../db/schema';

export type CardRow = typeof reviewCards.$inferSelect;
/** The columns of a row that hold the FSRS card. */
export type FsrsColumns = Pick<
  CardRow,
  'due' | 'stability' | 'difficulty' | 'elapsedDays' | 'scheduledDays' | 'learningSteps' | 'reps' | 'lapses' | 'state' | 'lastReview'
>;

/** One scheduler with ts-fsrs's defaults (90% retention, no fuzz): the same grades give the same schedule. */
export const scheduler = fsrs();

export const RATINGS: Record<Grade, FsrsGrade> = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };

export function toFsrsCard(row: FsrsColumns): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: row.lastReview ?? undefined,
  };
}

export function fromFsrsCard(card: Card): FsrsColumns {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** A new card's columns: due now, never reviewed. */
export const newCardColumns = (now: Date): FsrsColumns => fromFsrsCard(createEmptyCard(now));

/** The card before a grade, kept as JSON on the review log so undo can put it back exactly. */
export const snapshot = (row: FsrsColumns) => ({
  due: row.due.toISOString(),
  stability: row.stability,
  difficulty: row.difficulty,
  elapsedDays: row.elapsedDays,
  scheduledDays: row.scheduledDays,
  learningSteps: row.learningSteps,
  reps: row.reps,
  lapses: row.lapses,
  state: row.state,
  lastReview: row.lastReview?.toISOString() ?? null,
});
export type Snapshot = ReturnType<typeof snapshot>;

export const fromSnapshot = (saved: Snapshot): FsrsColumns => ({
  ...saved,
  due: new Date(saved.due),
  lastReview: saved.lastReview ? new Date(saved.lastReview) : null,
});

const STATES = ['new', 'learning', 'review', 'relearning'] as const;

export function cardView(row: CardRow): ReviewCard {
  return {
    id: row.id,
    language: row.language,
    kind: row.kind,
    key: row.key,
    word: row.word,
    reading: row.reading,
    meaning: row.meaning,
    sentence: row.sentence,
    start: row.start,
    length: row.length,
    grammar_note: row.grammarNote,
    story_id: row.storyId,
    story_title: row.storyTitle,
    scene_number: row.sceneNumber,
    state: STATES[row.state] ?? 'new',
    due: row.due.toISOString(),
    scheduled_days: row.scheduledDays,
    reps: row.reps,
  };
}
