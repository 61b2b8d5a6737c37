import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * A request from this machine itself, not through a proxy: the connection comes from loopback and
 * carries no forwarding header. A reverse proxy on the same host connects from loopback too, so a
 * forwarded request is never taken for a local one, whatever the proxy trust.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}
