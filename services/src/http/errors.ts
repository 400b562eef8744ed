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

/** What a request the HTTP parser refused is told: its status and message, by the parser's error code. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request was not received in time'],
  HPE_HEADER_OVERFLOW: [431, 'The request line and headers are too large'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header is not valid'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'Content-Length and Transfer-Encoding are both given'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'The Transfer-Encoding header is not valid'],
  HPE_INVALID_CHUNK_SIZE: [400, 'The chunked body is not valid'],
  HPE_INVALID_HEADER_TOKEN: [400, 'A header name or value holds a character it may not'],
  HPE_INVALID_METHOD: [400, 'The request method is not valid'],
  HPE_INVALID_URL: [400, 'The request target is not valid'],
};

/**
 * The answer to a request that is not HTTP the server can read (Fastify's clientErrorHandler): the one
 * error shape, with the headers every answer carries, then the connection is closed.
 */
export function clientErrorHandler(headers: Record<string, string>, maxHeaderSize: number) {
  return (error: Error & { code?: string }, socket: import('node:net').Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, text] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is not valid HTTP'];
    // Its limit is said: a query string is part of the request line (a finder query is at most 2,000 characters).
    const message = status === 431 ? `${text}: at most ${maxHeaderSize / 1024} KB together` : text;
    const body = JSON.stringify({ error: STATUS_CODES[status], message });
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'Connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
