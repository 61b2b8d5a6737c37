import type { FastifyInstance } from 'fastify';
import { MARKETING_PAGES } from '../../shared/site-pages';
import { escapeHtml } from '../escape-html';

/** Signed-in screens, one-off links and the API: nothing a search result should lead to. */
const PRIVATE_PREFIXES = ['/api/', '/reader/', '/account', '/home', '/checkout/', '/test-billing/', '/dev/'];

/**
 * Disallows first, for crawlers that take the first matching line; those that take the longest match
 * (RFC 9309) read the same. Everything not disallowed is allowed anyway: the Allow lines name the pages we
 * want found.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    ...MARKETING_PAGES.map((page) => `Allow: ${page}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** The public pages as absolute addresses (the sitemap protocol wants them absolute, of one host). */
export function sitemapXml(publicUrl: string): string {
  const urls = MARKETING_PAGES.map((page) => `  <url><loc>${escapeHtml(publicUrl + page)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Served, not built into dist/: both name the public URL, which is configuration, not known at build time. */
export function crawlerRoutes(app: FastifyInstance, publicUrl: string) {
  const robots = robotsTxt(publicUrl);
  const sitemap = sitemapXml(publicUrl);
  const cacheControl = 'public, max-age=3600';
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(sitemap),
  );
}
