import { State } from 'ts-fsrs';
import { REVIEW_KNOWN_DAYS } from '../../shared/review';
import type { WordState } from '../../shared/words';
import type { FsrsColumns } from './fsrs-card';

/**
 * The word status a card's schedule stands for, so reviews and statuses agree: a card in (re)learning is
 * learning 1; a review card climbs the stages as its interval grows, and a card whose next review is at least
 * REVIEW_KNOWN_DAYS away makes its word known (the same line as an Anki import draws).
 */
export function statusAfterReview(card: Pick<FsrsColumns, 'state' | 'scheduledDays'>): WordState {
  if (card.state !== State.Review) return { status: 'learning', stage: 1 };
  const days = card.scheduledDays;
  if (days >= REVIEW_KNOWN_DAYS) return { status: 'known', stage: 0 };
  if (days >= 10) return { status: 'learning', stage: 4 };
  if (days >= 4) return { status: 'learning', stage: 3 };
  return { status: 'learning', stage: 2 };
}
