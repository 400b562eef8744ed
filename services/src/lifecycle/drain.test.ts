import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { drainable } from './drain.js';

describe('draining before close', () => {
  it('answers GET and HEAD with 503 during the window, keeps serving writes, and does nothing without a window', async () => {
    const app = Fastify();
    const drainer = drainable(app);
    app.get('/page', async () => ({ ok: true }));
    app.post('/write', async () => ({ written: true }));
    await app.ready();
    await drainer.drain(0);
    expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
    const draining = drainer.drain(300);
    const get = await app.inject({ url: '/page' });
    expect(get.statusCode).toBe(503);
    expect(get.headers.connection).toBe('close');
    expect((await app.inject({ method: 'HEAD', url: '/page' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'POST', url: '/write', payload: {} })).json()).toEqual({ written: true });
    await draining;
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await app.inject({ url: '/page' })).statusCode).toBe(200);
    await app.close();
  });
});
