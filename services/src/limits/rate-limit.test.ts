import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { rateLimit, rateLimitsFrom } from './rate-limit.js';

describe('rate limits per client IP', () => {
  let app: FastifyInstance;
  let time = 1_000_000;
  beforeAll(async () => {
    app = Fastify({ trustProxy: true });
    rateLimit(app, { limits: { default: 5, finder: 2, print: 1 }, prefixes: ['/svc'], finderPrefixes: ['/hs-finder'], now: () => time });
    app.get('/svc/search', async () => ({ ok: true }));
    app.get('/svc/print', async () => ({ ok: true }));
    app.get('/hs-finder/search', async () => ({ ok: true }));
    app.get('/en/', async () => 'page');
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, ip = '10.0.0.1') => app.inject({ method: 'GET', url, remoteAddress: ip });

  it('answers 429 with Retry-After past the limit, per address, until the window ends', async () => {
    for (let index = 0; index < 5; index++) {
      const response = await get('/svc/search?x=1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-remaining']).toBe(String(4 - index));
    }
    time += 15_000;
    const limited = await get('/svc/search');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    // Another address has its own count.
    expect((await get('/svc/search', '10.0.0.2')).statusCode).toBe(200);
    // Behind a trusted proxy, the forwarded client address counts.
    const forwarded = await app.inject({
      method: 'GET',
      url: '/svc/search',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(429);
    time += 45_000;
    expect((await get('/svc/search')).statusCode).toBe(200);
  });

  it('limits the finder and the print endpoints more tightly, and leaves pages alone', async () => {
    expect((await get('/hs-finder/search', '10.0.1.1')).statusCode).toBe(200);
    expect((await get('/hs-finder/search', '10.0.1.1')).statusCode).toBe(200);
    expect((await get('/hs-finder/search', '10.0.1.1')).statusCode).toBe(429);
    expect((await get('/svc/print', '10.0.1.1')).statusCode).toBe(200);
    expect((await get('/svc/print', '10.0.1.1')).statusCode).toBe(429);
    expect((await get('/svc/search', '10.0.1.1')).statusCode).toBe(200);
    for (let index = 0; index < 20; index++) expect((await get('/en/', '10.0.1.1')).statusCode).toBe(200);
  });

  it('reads its limits from the environment, 0 meaning none', () => {
    const parse = (_: string, value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
    expect(rateLimitsFrom({}, parse)).toEqual({ default: 1000, finder: 120, print: 30 });
    expect(rateLimitsFrom({ RATE_LIMIT: '0', RATE_LIMIT_PRINT: '5' }, parse)).toEqual({ default: 0, finder: 120, print: 5 });
  });
});
