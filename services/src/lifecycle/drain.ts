import type { FastifyInstance } from 'fastify';

/**
 * Leaving a set of replicas behind nginx without reloading it. For `windowMs` before it closes, the server
 * answers GET and HEAD with 503: nginx (passive checks, max_fails=1, next upstream on 503) sends each of
 * those to another replica and leaves this one out for its fail_timeout, in every worker that tries it.
 * Writes and other methods are still served in that window. Only then does the server stop listening and
 * finish its requests: by that time nginx sends it nothing, so no request is cut off in the listen queue
 * or on a kept-alive connection. With no window (a single server, `npm start`), it closes at once.
 */
export function drainable(app: FastifyInstance) {
  let until = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (until === 0 || Date.now() > until || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    return reply
      .code(503)
      .header('connection', 'close')
      .header('retry-after', '1')
      .send({ error: 'Service Unavailable', message: 'This server is stopping: ask again' });
  });
  return {
    async drain(windowMs: number): Promise<void> {
      if (windowMs <= 0) return;
      until = Date.now() + windowMs;
      await new Promise((resolve) => setTimeout(resolve, windowMs));
    },
  };
}
