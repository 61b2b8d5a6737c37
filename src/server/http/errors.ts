import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { unsafeTextMessage, unsafeTextPath } from '../../shared/safe-text';
import { isDatabaseUnavailable } from '../db/client';

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

/** An error whose message is safe to show: it becomes the `detail` of the response body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

/** Parses outside input with a shared schema; the first problem becomes a 400 in the catalogue's words. */
export function parseInput<T>(schema: ZodType<T>, input: unknown): T {
  // Checked before the schema: PostgreSQL cannot store NUL, and a lone surrogate is no character.
  const unsafe = unsafeTextPath(input);
  if (unsafe) throw new HttpError(400, unsafeTextMessage(unsafe));
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  const detail =
    issue?.code === 'invalid_type' && field ? `${field} is required` : (issue?.message ?? 'Invalid request');
  throw new HttpError(400, detail);
}

export function errorHandler(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send({ detail: error.detail });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.error({ err: error }, 'database unavailable');
    return reply.code(503).header('retry-after', '5').send({ detail: SERVICE_UNAVAILABLE });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
  }
  // Fastify's own client errors (malformed JSON, wrong content type, body too large) keep their status.
  const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
    ? 'Malformed JSON body'
    : error.message;
  return reply.code(status).send({ detail });
}
