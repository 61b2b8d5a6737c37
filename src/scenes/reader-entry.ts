import { ApiError } from '../net/http';
import type { StoryDetail } from '../shared/story-views';

/** SPEC §4 Reader entry and §9: 10 tries at 1 s while the story is not found; one retry 2 s after an error. */
export const ENTRY_CHECKS = { notFoundTries: 10, notFoundDelayMs: 1000, errorRetryDelayMs: 2000 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Checks the story the reader was opened on. A story created a moment ago may not be readable yet, so a
 * 404 is asked again; anything else gets one more try. Resolves `null` when the reader should give up.
 */
export async function checkStory(fetchStory: () => Promise<StoryDetail>, signal?: AbortSignal): Promise<StoryDetail | null> {
  let errorRetried = false;
  for (let tries = 1; !signal?.aborted; ) {
    try {
      return await fetchStory();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        if (tries >= ENTRY_CHECKS.notFoundTries) return null;
        tries++;
        await sleep(ENTRY_CHECKS.notFoundDelayMs);
      } else {
        if (errorRetried) return null;
        errorRetried = true;
        await sleep(ENTRY_CHECKS.errorRetryDelayMs);
      }
    }
  }
  return null;
}
