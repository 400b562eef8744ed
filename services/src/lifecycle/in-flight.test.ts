import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { trackInFlight } from './in-flight.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('requests in flight at shutdown', () => {
  it('close waits for the handler of a request whose client went away before closing what it uses', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    const events: string[] = [];
    app.addHook('onClose', async () => {
      await inFlight.idle(5_000);
      events.push('resource closed');
    });
    app.get('/slow', async () => {
      await sleep(300);
      events.push('handler done');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const client = request({ host: '127.0.0.1', port, path: '/slow' });
    client.on('error', () => undefined);
    client.end();
    await sleep(100);
    client.destroy();
    await sleep(50);
    await app.close();
    expect(events).toEqual(['handler done', 'resource closed']);
  });

  it('is idle at once when nothing runs, and after answered requests', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    app.get('/fast', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    await app.ready();
    expect((await app.inject('/fast')).statusCode).toBe(200);
    expect((await app.inject('/fails')).statusCode).toBe(500);
    expect((await app.inject('/missing')).statusCode).toBe(404);
    const started = Date.now();
    await inFlight.idle(2_000);
    expect(Date.now() - started).toBeLessThan(500);
    await app.close();
  });
});
