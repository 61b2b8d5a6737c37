import { api } from '../net/api';
import type { StoryDetail } from '../shared/story-views';
import type { StorySession } from './session';

/**
 * The path read through a story's tree of scenes, from the server: the scenes before the one on screen (so
 * the backlog and rollback reach scene 1 after a reload or on another device), earlier pages of it, and
 * "Read the other path" from a past choice.
 */
export function createStoryPath(session: StorySession) {
  /** The line to reopen: the one the learner reached, when it is in the scene the story reopens on. */
  const reachedLine = (story: StoryDetail) => (story.position?.scene_id === story.current_scene?.scene_id ? story.position?.line_index : undefined);

  async function loadBefore(storyId: string, before?: string): Promise<void> {
    const to = session.state.scenes.at(-1)?.sceneId;
    if (!to) return;
    try {
      const page = await api.history(storyId, { to, before });
      if (before) session.prependHistory(page.scenes, page.more);
      else session.setHistory(to, page.scenes, page.more);
    } catch (error) {
      // The backlog offers the earlier scenes again; nothing on screen depends on them.
      if (session.state.scenes.at(-1)?.sceneNumber !== 1) session.state.historyMore = true;
      throw error;
    }
  }

  /** The story as the server holds it now, opened afresh at the line reached (after a branch reopened or failed). */
  async function reopen(storyId: string): Promise<void> {
    const story = await api.story(storyId);
    session.reset();
    session.enter(story, undefined, reachedLine(story));
    await loadBefore(storyId).catch(() => undefined);
  }

  return {
    reachedLine,

    /** The scenes of the path before the scene on screen (the newest page of them). */
    loadHistory: (storyId: string) => loadBefore(storyId),

    /** The page of the path before the earliest scene loaded. */
    loadEarlier(storyId: string) {
      const first = session.state.scenes[0];
      return loadBefore(storyId, first && first !== session.state.scenes.at(-1) ? first.sceneId : undefined);
    },

    /**
     * Another choice of a scene read earlier: a branch read before reopens where it was left, a new one is
     * written and streams in like any choice's. Nothing is counted against the month's stories.
     */
    async readOtherPath(storyId: string, sceneId: string, choiceId: string, at: 'left' | 'start' = 'left'): Promise<'writing' | 'reopened' | null> {
      const generationId = session.branch(sceneId, choiceId);
      if (!generationId) return null;
      try {
        const result = await api.branch(storyId, { scene_id: sceneId, choice_id: choiceId, generation_id: generationId, at });
        if (!result.reopened) return 'writing';
        await reopen(storyId);
        return 'reopened';
      } catch (error) {
        // The screen shows the truth again (the story may have moved on elsewhere) before the error is told.
        await reopen(storyId).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type StoryPath = ReturnType<typeof createStoryPath>;
