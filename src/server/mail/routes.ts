import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../db/client';
import { listOutbox } from './outbox';

/** Registered only while the outbox is the transport and the server is not in production. */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/api/dev/outbox', async () => listOutbox(db));
};
