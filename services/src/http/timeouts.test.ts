import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../app.js';

describe('server timeouts', () => {
  it('gives a request 30 s to arrive in full, its headers included (a longer headersTimeout delays the 408 to 60 s)', async () => {
    const app = Fastify({ ...SERVER_TIMEOUTS, http: { ...SERVER_TIMEOUTS.http } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(app.server.requestTimeout).toBe(30_000);
      expect(app.server.headersTimeout).toBe(30_000);
      expect(app.server.timeout).toBe(60_000);
    } finally {
      await app.close();
    }
  });
});
