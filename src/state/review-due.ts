import { proxy } from 'valtio';
import { reviewApi } from '../net/review-api';

/** The top bar's count of cards left today; null until known (or when it could not be had). */
export const reviewDue = proxy<{ count: number | null }>({ count: null });

let asked = 0;

/** Asks the server again; the last answer asked for wins, so a slow reply cannot put an old count back. */
export async function refreshReviewDue(): Promise<void> {
  const mine = ++asked;
  try {
    const count = await reviewApi.dueCount();
    if (mine === asked) reviewDue.count = count;
  } catch {
    if (mine === asked) reviewDue.count = null;
  }
}

export function setReviewDue(count: number): void {
  asked += 1;
  reviewDue.count = count;
}
