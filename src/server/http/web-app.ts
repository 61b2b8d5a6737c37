import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sitePageFor } from '../../shared/site-pages';
import { crawlerRoutes } from './crawlers';
import { isLoopbackRequest } from './loopback';

export interface WebAppOptions {
  /** Whether /dev/mailbox exists at all (the local outbox is the mail transport, outside production). */
  mailboxOpen: boolean;
  publicUrl: string;
}

/**
 * The built web app (dist/): its files, and index.html for every page address. Files are sent in the
 * brotli or gzip copy that scripts/precompress.mjs wrote beside them when the client accepts it, with
 * `vary: accept-encoding`; the plugin applies this to `reply.sendFile` too, so pages are compressed alike.
 */
export async function serveWebApp(app: FastifyInstance, webRoot: string, { mailboxOpen, publicUrl }: WebAppOptions) {
  await app.register(fastifyStatic, {
    root: path.resolve(webRoot),
    // Looked up per request (not globbed at start), so a rebuild under a running server is served at once.
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  crawlerRoutes(app, publicUrl);
  // The static plugin refuses directories, and the landing page is the root directory.
  app.get('/', (_request, reply) => sendPage(reply, 200));
  // Any other page address: the app renders it, its own 404 screen included, but the status tells crawlers
  // and monitors whether the page exists (src/shared/site-pages.ts). A missing file (a stale tab asking for
  // an old bundle, or a source map, which is never served) gets a plain 404, not the app's HTML.
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isFile &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/ws/');
    if (!wantsPage) return reply.code(404).send({ detail: 'Not found' });
    return sendPage(reply, pageStatus(request, pathname, mailboxOpen));
  });
}

function pageStatus(request: FastifyRequest, pathname: string, mailboxOpen: boolean): 200 | 404 {
  const page = sitePageFor(pathname);
  if (!page) return 404;
  // The mailbox shows every mail sent (sign-in links included): it exists only for this machine.
  if (page.pattern === '/dev/mailbox' && !(mailboxOpen && isLoopbackRequest(request))) return 404;
  return 200;
}

/**
 * index.html is not fingerprinted: always revalidated, so a rebuild reaches returning visitors at once. The
 * plugin's own cache-control (max-age=0) is turned off, or it would replace this one.
 */
function sendPage(reply: FastifyReply, status: 200 | 404) {
  return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
}
