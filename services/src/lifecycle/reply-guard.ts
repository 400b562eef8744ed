import { validateHeaderValue } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** True when Node would refuse to write this header value (CR, LF, NUL, other control or non-Latin-1 characters). */
export function invalidHeaderValue(name: string, value: unknown): boolean {
  for (const item of Array.isArray(value) ? value : [value]) {
    try {
      validateHeaderValue(name, typeof item === 'number' ? String(item) : item);
    } catch {
      return true;
    }
  }
  return false;
}

/**
 * Guards every reply of the server:
 * - a header value built from input that cannot be written (a redirect URI with CR/LF, a file name in
 *   another script) is dropped before the reply starts, and the request gets a 400 instead of a crash;
 * - a failure while writing the head after all (a header set outside Fastify) is logged and closes that
 *   connection only, never the process.
 */
export function guardReplies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const bad = Object.entries(reply.getHeaders()).filter(([name, value]) => invalidHeaderValue(name, value));
    if (!bad.length) return payload;
    for (const [name] of bad) reply.removeHeader(name);
    request.log.warn({ headers: bad.map(([name]) => name) }, 'reply header value from input refused');
    for (const name of ['content-disposition', 'content-length', 'content-encoding', 'etag', 'last-modified']) reply.removeHeader(name);
    reply.code(400).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store');
    return JSON.stringify({
      error: 'Bad Request',
      message: `The request contains characters that cannot be used in this answer (${bad.map(([name]) => name).join(', ')})`,
    });
  });

  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    const writeHead = raw.writeHead;
    raw.writeHead = function guardedWriteHead(this: typeof raw, ...args: Parameters<typeof raw.writeHead>) {
      try {
        return writeHead.apply(this, args);
      } catch (error) {
        request.log.error({ err: error }, 'reply head could not be written: closing the connection');
        raw.destroy();
        return this;
      }
    } as typeof raw.writeHead;
  });
}
