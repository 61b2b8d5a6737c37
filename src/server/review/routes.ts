import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { languageSchema } from '../../shared/language';
import { timeZoneSchema } from '../../shared/progress';
import { gradeBody, reviewSettingsSchema, saveCardBody, savedKeysBody } from '../../shared/review';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { HttpError, parseInput } from '../http/errors';
import { createWordKnowledge } from '../words/knowledge';
import { ankiExportText } from './anki-export';
import type { LearnerWords } from './learner-words';
import { createReview } from './service';

interface Options {
  db: Database;
  accounts: Accounts;
  learner: LearnerWords;
}

const cardId = (params: unknown): string => {
  const parsed = z.object({ id: z.uuid() }).safeParse(params);
  if (!parsed.success) throw new HttpError(404, 'Card not found');
  return parsed.data.id.toLowerCase();
};
const zoneQuery = z.object({ time_zone: timeZoneSchema.default('UTC') });
const exportQuery = z.object({ language: languageSchema });

/** Review with spaced repetition (docs/api.md "Review"): cards saved while reading, graded on /review. */
export const reviewRoutes: FastifyPluginAsync<Options> = async (app, { db, accounts, learner }) => {
  const review = createReview(db, createWordKnowledge(db));
  const signedIn = { preHandler: requireAccount(accounts) };
  const userOf = (request: { account?: { user: { id: string } } }) => request.account!.user.id;

  app.post('/api/review/cards', signedIn, async (request, reply) => {
    const result = await review.save(userOf(request), parseInput(saveCardBody, request.body));
    return reply.code(result.created ? 201 : 200).send(result);
  });
  app.delete('/api/review/cards/:id', signedIn, async (request, reply) => {
    await review.remove(userOf(request), cardId(request.params));
    return reply.code(204).send();
  });
  app.post('/api/review/saved', signedIn, async (request) => {
    const body = parseInput(savedKeysBody, request.body);
    return { saved: await review.savedKeys(userOf(request), body.language, body.keys) };
  });

  app.get('/api/review/queue', signedIn, async (request) => review.queue(userOf(request), parseInput(zoneQuery, request.query).time_zone));
  app.get('/api/review/count', signedIn, async (request) => ({ due: await review.dueCount(userOf(request), parseInput(zoneQuery, request.query).time_zone) }));

  app.post('/api/review/cards/:id/grade', signedIn, async (request) => {
    const body = parseInput(gradeBody, request.body);
    return review.grade(userOf(request), cardId(request.params), body.grade);
  });
  app.post('/api/review/undo', signedIn, async (request) => review.undoLast(userOf(request)));

  // The reader marks the due words a scene happens to contain (a library story cannot be written around them).
  app.get('/api/review/due-words', signedIn, async (request) => {
    const { language } = parseInput(exportQuery, request.query);
    return { keys: await learner.dueKeys(userOf(request), language) };
  });

  app.get('/api/review/settings', signedIn, async (request) => review.settings(userOf(request)));
  app.put('/api/review/settings', signedIn, async (request) => review.updateSettings(userOf(request), parseInput(reviewSettingsSchema, request.body)));

  app.get('/api/review/export', signedIn, async (request, reply) => {
    const { language } = parseInput(exportQuery, request.query);
    const cards = await review.cardsOf(userOf(request), language);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="kotoba-tales-${language}-words.txt"`)
      .send(ankiExportText(language, cards));
  });
};
