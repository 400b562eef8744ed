import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Counts the requests whose handlers are still running. Fastify's close waits for open connections,
 * not for the handler of a request whose client went away (a load balancer's timeout, a closed tab):
 * without this, closing the database under such a handler fails it with an error in the log.
 */
export interface InFlight {
  /** Resolves when no handler is running any more, or after `maxWaitMs`. */
  idle(maxWaitMs: number): Promise<void>;
}

const finished = Symbol('handler finished');
const counted = Symbol('counted');
type Tracked = FastifyRequest & { [finished]?: boolean; [counted]?: boolean };

export function trackInFlight(app: FastifyInstance): InFlight {
  let running = 0;
  let waiters: Array<() => void> = [];
  const done = (request: Tracked) => {
    if (!request[counted]) return;
    request[counted] = false;
    running -= 1;
    if (running === 0) {
      for (const wake of waiters) wake();
      waiters = [];
    }
  };
  app.addHook('onRequest', async (request: Tracked) => {
    request[counted] = true;
    running += 1;
  });
  // onSend runs once the handler has answered, even when the client has gone; onResponse does not then.
  app.addHook('onSend', async (request: Tracked, reply, payload) => {
    request[finished] = true;
    if (request.raw.destroyed || reply.raw.destroyed) done(request);
    return payload;
  });
  app.addHook('onRequestAbort', async (request: Tracked) => {
    if (request[finished]) done(request);
  });
  app.addHook('onResponse', async (request: Tracked) => done(request));
  return {
    idle(maxWaitMs) {
      if (running === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
