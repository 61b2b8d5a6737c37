import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { THEMES } from '../../shared/stories';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import { HttpError, parseInput } from '../http/errors';
import type { Stories } from './service';

const storyParams = z.object({ id: z.uuid({ error: 'Story not found' }) });
const usageQuery = z.object({ story_id: z.uuid({ error: 'story_id must be a story id' }) });

export const storyRoutes: FastifyPluginAsync<{ accounts: Accounts; stories: Stories }> = async (app, { accounts, stories }) => {
  app.get('/api/stories/themes', async () => ({ success: true, data: { themes: THEMES } }));

  const signedIn = { preHandler: requireAccount(accounts) };

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

  // Stories are counted when they are created, atomically; this call only confirms it, so the
  // client may send it as often as it likes.
  app.post('/api/payment/record-usage', signedIn, async (request) => {
    const query = parseInput(usageQuery, request.query);
    const story = await stories.owned(request.account!.user.id, query.story_id.toLowerCase());
    if (!story) throw new HttpError(404, 'Story not found');
    return { success: true, data: { story_id: story.id, counted: story.charged } };
  });
};
