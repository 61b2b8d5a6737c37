import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { THEMES } from '../../shared/stories';
import { CHOICE_ERRORS } from '../../shared/protocol';
import { availabilityQuery, branchBody, historyQuery } from '../../shared/story-views';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import { HttpError, parseInput } from '../http/errors';
import type { Stories } from './service';

const storyParams = z.object({ id: z.uuid({ error: 'Story not found' }) });
/** The story id of the path, or 404 as for a story that does not exist. */
function storyId(params: unknown): string {
  const parsed = storyParams.safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Story not found');
  return parsed.data.id.toLowerCase();
}
const BRANCH_STATUS = { NOT_FOUND: 404, NOT_THIS_STORY: 404, IN_PROGRESS: 409, BAD_CHOICE: 400 } as const;
const usageQuery = z.object({ story_id: z.uuid({ error: 'story_id must be a story id' }) });

export const storyRoutes: FastifyPluginAsync<{ accounts: Accounts; stories: Stories }> = async (app, { accounts, stories }) => {
  app.get('/api/stories/themes', async () => ({ success: true, data: { themes: THEMES } }));
  app.get('/api/stories/storyteller', async () => ({ success: true, data: stories.storyteller() }));

  const signedIn = { preHandler: requireAccount(accounts) };

  app.get('/api/stories/availability', signedIn, async (request) => ({
    success: true,
    data: await stories.availability(request.account!.user.id, parseInput(availabilityQuery, request.query)),
  }));

  app.get('/api/stories', signedIn, async (request) => ({
    success: true,
    data: { stories: await stories.list(request.account!.user.id) },
  }));

  app.get('/api/stories/:id', signedIn, async (request) => {
    const params = storyParams.safeParse(request.params);
    const story = params.success ? await stories.detail(request.account!.user.id, params.data.id.toLowerCase()) : undefined;
    if (!story) throw new HttpError(404, 'Story not found');
    return { success: true, data: story };
  });

  app.get('/api/stories/:id/history', signedIn, async (request) => {
    const id = storyId(request.params);
    const history = await stories.history(request.account!.user.id, id, parseInput(historyQuery, request.query));
    if (history === 'NOT_FOUND' || history === 'NOT_THIS_STORY') throw new HttpError(404, CHOICE_ERRORS[history]);
    return { success: true, data: history };
  });

  app.post('/api/stories/:id/branch', signedIn, async (request) => {
    const id = storyId(request.params);
    const body = parseInput(branchBody, request.body);
    const result = await stories.branch(request.account!.user.id, id, body.scene_id.toLowerCase(), body.choice_id, body.generation_id, body.at);
    if (typeof result === 'string') throw new HttpError(BRANCH_STATUS[result], CHOICE_ERRORS[result]);
    return { success: true, data: result };
  });

  app.delete('/api/stories/:id', signedIn, async (request) => {
    const params = storyParams.safeParse(request.params);
    const removed = params.success && (await stories.remove(request.account!.user.id, params.data.id.toLowerCase()));
    if (!removed) throw new HttpError(404, 'Story not found');
    return { success: true, message: 'Story removed' };
  });

  // Stories are counted when they are created, atomically; this call only confirms it, so the
  // client may send it as often as it likes.
  app.post('/api/payment/record-usage', signedIn, async (request) => {
    const query = parseInput(usageQuery, request.query);
    const story = await stories.owned(request.account!.user.id, query.story_id.toLowerCase());
    if (!story) throw new HttpError(404, 'Story not found');
    return { success: true, data: { story_id: story.id, counted: story.charged } };
  });
};
