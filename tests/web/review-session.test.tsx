import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/net/http';
import { reviewApi } from '../../src/net/review-api';
import type { ReviewCard, ReviewQueue } from '../../src/shared/review';
import { ReviewSession } from '../../src/ui/review/ReviewSession';

vi.mock('../../src/net/review-api', () => ({
  timeZone: () => 'UTC',
  reviewApi: { queue: vi.fn(), grade: vi.fn(), undo: vi.fn(), dueCount: vi.fn(), exportText: vi.fn() },
}));
const api = vi.mocked(reviewApi);

const cardOf = (id: string, word: string): ReviewCard => ({
  id,
  language: 'ja',
  kind: 'word',
  key: `${word}|x`,
  word,
  reading: 'えき',
  meaning: 'station',
  sentence: `${word}に行く。`,
  start: 0,
  length: word.length,
  grammar_note: '',
  story_id: null,
  story_title: 'The Red Umbrella',
  scene_number: 2,
  state: 'new',
  due: new Date().toISOString(),
  scheduled_days: 0,
  reps: 0,
});
const first = cardOf('00000000-0000-4000-8000-000000000001', '駅');
const second = cardOf('00000000-0000-4000-8000-000000000002', '店');
const queueOf = (cards: ReviewCard[], done = 0): ReviewQueue => ({
  cards,
  due: 0,
  new: cards.length,
  done_today: done,
  next_due: null,
  settings: { new_per_day: 20, reviews_per_day: 200 },
});
const graded = (card: ReviewCard) => ({ card: { ...card, state: 'learning' as const }, review_id: '00000000-0000-4000-8000-0000000000ff', word_change: null, word: null });

function renderSession() {
  const root = createRootRoute({ component: ReviewSession });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return render(<RouterProvider router={router} />);
}
const key = (value: string) => act(() => void fireEvent.keyDown(document.body, { key: value }));

beforeEach(() => {
  vi.resetAllMocks();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the review session', () => {
  it('shows the front, then the back on Space, and grades with the number keys', async () => {
    api.queue.mockResolvedValueOnce(queueOf([first, second])).mockResolvedValueOnce(queueOf([second], 1));
    api.grade.mockResolvedValue(graded(first));
    renderSession();
    const card = await screen.findByRole('article', { name: 'Card: 駅' });
    expect(card.querySelector('mark')?.textContent).toBe('駅');
    expect(screen.getByText(/The Red Umbrella, scene 2/)).toBeTruthy();
    expect(screen.queryByText('station')).toBeNull();
    // The number keys grade nothing before the answer is shown.
    await key('3');
    expect(api.grade).not.toHaveBeenCalled();
    await key(' ');
    expect(screen.getByText('station')).toBeTruthy();
    await key('3');
    await screen.findByRole('article', { name: 'Card: 店' });
    expect(api.grade).toHaveBeenCalledTimes(1);
    expect(api.grade).toHaveBeenCalledWith(first.id, 'good');
  });

  it('never grades a card twice when a second key comes before the next card', async () => {
    let answer: (value: ReviewQueue) => void = () => {};
    api.queue.mockResolvedValueOnce(queueOf([first, second])).mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    api.grade.mockResolvedValue(graded(first));
    renderSession();
    await screen.findByRole('article', { name: 'Card: 駅' });
    await key('Enter');
    await key('4');
    await key('4');
    await key('1');
    expect(api.grade).toHaveBeenCalledTimes(1);
    await act(async () => answer(queueOf([second], 1)));
    await screen.findByRole('article', { name: 'Card: 店' });
    expect(api.grade).toHaveBeenCalledTimes(1);
  });

  it('takes a graded card off the screen even when the next queue cannot be had, and says so', async () => {
    api.queue.mockResolvedValueOnce(queueOf([first, second])).mockRejectedValueOnce(new ApiError('Network error', 0));
    api.grade.mockResolvedValue(graded(first));
    renderSession();
    await screen.findByRole('article', { name: 'Card: 駅' });
    await key(' ');
    await key('2');
    await screen.findByRole('article', { name: 'Card: 店' });
    expect(screen.getByText('Network error')).toBeTruthy();
    expect(api.grade).toHaveBeenCalledWith(first.id, 'hard');
  });

  it('undoes the last grade with Z, showing that card again first', async () => {
    api.queue
      .mockResolvedValueOnce(queueOf([first, second]))
      .mockResolvedValueOnce(queueOf([second], 1))
      .mockResolvedValueOnce(queueOf([second, first], 0));
    api.grade.mockResolvedValue(graded(first));
    api.undo.mockResolvedValue({ card: first, word: null });
    renderSession();
    await screen.findByRole('article', { name: 'Card: 駅' });
    // Nothing graded yet: nothing to undo.
    await key('z');
    expect(api.undo).not.toHaveBeenCalled();
    await key(' ');
    await key('4');
    await screen.findByRole('article', { name: 'Card: 店' });
    await key('z');
    await screen.findByRole('article', { name: 'Card: 駅' });
    expect(api.undo).toHaveBeenCalledTimes(1);
  });

  it('says when nothing is left and when the next card comes', async () => {
    api.queue.mockResolvedValueOnce({ ...queueOf([], 3), next_due: new Date(Date.now() + 9 * 60_000).toISOString() });
    renderSession();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Done for now' })).toBeTruthy());
    expect(screen.getByText('The next card comes due in 9 min.')).toBeTruthy();
  });
});
