import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/net/http';
import { checkStory, ENTRY_CHECKS } from '../../src/scenes/reader-entry';
import type { StoryDetail } from '../../src/shared/story-views';

const story = { id: 'x' } as StoryDetail;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('reader entry', () => {
  it('asks again every second while the story is not found, and gives up after 10 tries', async () => {
    const fetchStory = vi.fn(() => Promise.reject(new ApiError('Story not found', 404)));
    let result: StoryDetail | null | undefined;
    void checkStory(fetchStory).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStory).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(ENTRY_CHECKS.notFoundDelayMs - 1);
    expect(fetchStory).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStory).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchStory).toHaveBeenCalledTimes(10);
    expect(result).toBeNull();
  });

  it('returns the story as soon as it is found', async () => {
    const fetchStory = vi
      .fn<() => Promise<StoryDetail>>()
      .mockRejectedValueOnce(new ApiError('Story not found', 404))
      .mockResolvedValueOnce(story);
    const result = checkStory(fetchStory);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe(story);
  });

  it('retries an error once after 2 s, then gives up', async () => {
    const fetchStory = vi.fn(() => Promise.reject(new ApiError('HTTP 500', 500)));
    let result: StoryDetail | null | undefined;
    void checkStory(fetchStory).then((r) => (result = r));
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchStory).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStory).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(result).toBeNull();
  });
});
