import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** What a failed request is told when the server is at fault: never its internals. */
export const SERVER_ERROR_MESSAGE = 'The server could not complete the request. Contact System Administrator.';

/** The JSON schema of that answer, for the services' response schemas (a property left out of it would be dropped). */
export const ERROR_SCHEMA = {
  type: 'object',
  required: ['error', 'message'],
  properties: { error: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
} as const;

/**
 * The one JSON answer of a failed request: `{ error, message, field? }`, where error is the status's own name
 * (400 Bad Request, 404 Not Found, 413 Payload Too Large, 429 Too Many Requests...). A 4xx says what was
 * wrong; anything else is logged and answered 500 without internals.
 */
export function sendError(error: FastifyError & { field?: string }, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) {
    request.log.error(error);
    return reply.code(500).send({ error: STATUS_CODES[500], message: SERVER_ERROR_MESSAGE });
  }
  const { message, field } = framework(error, request);
  return reply.code(status).send({ error: STATUS_CODES[status] ?? 'Client Error', message, ...(field ? { field } : {}) });
}

/** The framework's own refusals of a body, with the field they concern and a message that says what was wrong. */
function framework(error: FastifyError & { field?: string }, request: FastifyRequest): { message: string; field?: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: 'body: not valid JSON (the content-type says application/json)', field: 'body' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'body: empty, but the content-type says application/json', field: 'body' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        message: `content-type ${JSON.stringify(request.headers['content-type'] ?? '').slice(0, 80)} is not accepted here`,
        field: 'content-type',
      };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: error.message, field: 'body' };
    default:
      return { message: error.message, ...(error.field ? { field: error.field } : {}) };
  }
}
