import type { FastifyPluginAsync } from 'fastify';
import { progressQuery } from '../../shared/progress';
import { requireAccount } from '../accounts/authenticate';
import type { Accounts } from '../accounts/service';
import type { Database } from '../db/client';
import { parseInput } from '../http/errors';
import { createWordKnowledge } from '../words/knowledge';
import { createProgress } from './service';

interface Options {
  db: Database;
  accounts: Accounts;
}

/** The progress page's figures (docs/api.md "Progress"). */
export const progressRoutes: FastifyPluginAsync<Options> = async (app, { db, accounts }) => {
  const progress = createProgress(db, createWordKnowledge(db));
  app.get('/api/progress', { preHandler: requireAccount(accounts) }, async (request) => {
    const query = parseInput(progressQuery, request.query);
    return progress.of(request.account!.user.id, query.language, query.time_zone, query.days);
  });
};
