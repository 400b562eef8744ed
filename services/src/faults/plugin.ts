import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Fault injection for the end-to-end tests of SPEC section 8: on when FAULT_INJECTION=1 (never in a
 * deployment), it makes the real server misbehave for requests whose URL contains a given text:
 * - down: the connection is closed without an answer (the service is stopped);
 * - error: 500 with a JSON error;
 * - slow: the answer is held back delayMs before the request goes on;
 * - malformed: 200 with a body that is not JSON.
 * Rules are set with POST /__faults {match, mode, delayMs?} and cleared with DELETE /__faults, from the
 * server's own machine only.
 */
export const FAULT_MODES = ['down', 'error', 'slow', 'malformed'] as const;
type Mode = (typeof FAULT_MODES)[number];

interface Rule {
  match: string;
  mode: Mode;
  delayMs: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Adds the fault hook and its control routes to the root of the app (so the hook sees every route). */
export function injectFaults(app: FastifyInstance): void {
  let rules: Rule[] = [];

  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith('/__faults')) return;
    const rule = rules.find((candidate) => request.url.includes(candidate.match));
    if (!rule) return;
    switch (rule.mode) {
      case 'down':
        request.raw.socket.destroy();
        return reply.hijack();
      case 'error':
        return reply.code(500).send({ error: 'Internal Server Error', message: 'injected fault' });
      case 'malformed':
        return reply.code(200).header('content-type', 'application/json; charset=utf-8').send('{"resultList": [ this is not JSON');
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, rule.delayMs));
    }
  });

  const local = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!LOOPBACK.has(request.raw.socket.remoteAddress ?? ''))
      return reply.code(403).send({ error: 'Forbidden', message: 'Faults are set from the server itself' });
  };

  app.post<{ Body: Rule }>(
    '/__faults',
    {
      onRequest: local,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['match', 'mode'],
          properties: {
            match: { type: 'string', minLength: 1, maxLength: 200 },
            mode: { type: 'string', enum: [...FAULT_MODES] },
            delayMs: { type: 'integer', minimum: 0, maximum: 120000, default: 0 },
          },
        },
      },
    },
    async (request) => {
      rules = [...rules.filter((rule) => rule.match !== request.body.match), request.body];
      return { rules };
    },
  );
  app.delete('/__faults', { onRequest: local }, async () => {
    rules = [];
    return { rules };
  });
}
