import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import type { Accounts, AccountUser } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    account?: { user: AccountUser; sessionId: string };
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** A preHandler that admits only requests with a live session and attaches it as request.account. */
export function requireAccount(accounts: Accounts) {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const token = bearerToken(request);
    const found = token ? await accounts.authenticate(token) : undefined;
    if (!found) throw new HttpError(401, 'Authentication required', { 'www-authenticate': 'Bearer' });
    request.account = found;
  };
}

/** For routes that behave differently when signed in but admit everyone. */
export async function optionalAccount(accounts: Accounts, request: FastifyRequest) {
  const token = bearerToken(request);
  return token ? accounts.authenticate(token) : undefined;
}
