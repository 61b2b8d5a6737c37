import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { HttpError } from '../http/errors';
import { listOutbox } from './outbox';

/**
 * Registered only while the outbox is the transport and the server is not in production, and even then
 * it answers only this machine: the outbox holds every reset link, so reading it takes over any account.
 */
export const devMailboxRoutes: FastifyPluginAsync<{ db: Database; admit(request: FastifyRequest): boolean }> = async (app, { db, admit }) => {
  app.get('/api/dev/outbox', async (request) => {
    if (!admit(request)) throw new HttpError(404, 'Not found');
    return listOutbox(db);
  });
};
