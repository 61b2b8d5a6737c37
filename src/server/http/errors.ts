import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';

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
