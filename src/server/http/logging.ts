import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * The server's log never holds a credential. URLs lose their query values (socket tokens, e-mail link
 * tokens, checkout session ids) and the test-billing session ids in their paths; errors keep their type,
 * message, code and stack but not the values they carried (a database error's parameters and detail hold
 * password hashes, token hashes and e-mail addresses).
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: (error: Error) => serializeError(error),
    },
  };
}

const SECRET_PATH_SEGMENT = /\b(cs|bps)_test_[A-Za-z0-9_-]+/g;

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at < 0 ? url : url.slice(0, at)).replace(SECRET_PATH_SEGMENT, '$1_test_[redacted]');
  if (at < 0) return path;
  const keys = url
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${path}?${keys.join('&')}`;
}

type SerializedError = {
  type: string;
  message: string;
  stack: string;
  code?: string;
  statusCode?: number;
  cause?: SerializedError;
};

/** Drizzle puts every query parameter into its message; the query text alone says which statement failed. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an error]', stack: '' };
  const message = error.message.replace(QUERY_PARAMS, '');
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SerializedError = {
    type: error.constructor.name,
    message,
    stack: [`${error.constructor.name}: ${message}`, ...frames].join('\n'),
  };
  const fields = error as { code?: unknown; statusCode?: unknown };
  if (typeof fields.code === 'string') out.code = fields.code;
  if (typeof fields.statusCode === 'number') out.statusCode = fields.statusCode;
  if (error.cause !== undefined && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
