import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ArtService } from './service';

/** Pictures never change under their URL (a new drawing gets a new key), so clients may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function sendImage(request: FastifyRequest, reply: FastifyReply, png: Buffer) {
  const etag = `"${createHash('sha1').update(png).digest('base64url')}"`;
  reply.header('etag', etag).header('cache-control', IMMUTABLE);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type('image/png').send(png);
}

export const artRoutes: FastifyPluginAsync<{ art: ArtService }> = async (app, { art }) => {
  // SPEC §7. Public like any <img> source: the unguessable v4 id is the only key.
  app.get<{ Params: { characterId: string; emotion: string } }>(
    '/api/characters/:characterId/sprite/:emotion',
    async (request, reply) => {
      const png = await art.spritePng(request.params.characterId, request.params.emotion);
      if (!png) return reply.code(404).send({ detail: 'Character not found' });
      return sendImage(request, reply, png);
    },
  );

  app.get<{ Params: { file: string } }>('/api/art/backgrounds/:file', async (request, reply) => {
    const key = request.params.file.replace(/\.png$/, '');
    const png = await art.backgroundPng(key);
    if (!png) return reply.code(404).send({ detail: 'Background not found' });
    return sendImage(request, reply, png);
  });
};
