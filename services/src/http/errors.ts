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
  return reply
    .code(status)
    .send({ error: STATUS_CODES[status] ?? 'Client Error', message: error.message, ...(error.field ? { field: error.field } : {}) });
}
