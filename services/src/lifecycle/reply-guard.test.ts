import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { guardReplies, invalidHeaderValue } from './reply-guard.js';

describe('reply guard', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    guardReplies(app);
    // Routes that put input into headers, as a careless handler would.
    app.get<{ Querystring: { to: string } }>('/go', async (request, reply) => reply.code(302).header('location', request.query.to).send());
    app.get<{ Querystring: { name: string } }>('/file', async (request, reply) =>
      reply.header('content-disposition', `attachment; filename="${request.query.name}"`).send('data'),
    );
    // A header written behind Fastify's back: only the socket write can fail.
    app.get<{ Querystring: { value: string } }>('/raw', async (request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'x-value': request.query.value });
      reply.raw.end('ok');
    });
    base = await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('answers 400 instead of writing a header value with CR/LF, NUL or other scripts', async () => {
    for (const value of ['/ok\r\nX-Injected: 1', '/\u0000', '/مرحبا']) {
      const response = await fetch(`${base}/go?to=${encodeURIComponent(value)}`, { redirect: 'manual' });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('x-injected')).toBeNull();
      expect((await response.json()).message).toContain('location');
    }
    const file = await fetch(`${base}/file?name=${encodeURIComponent('a\r\nSet-Cookie: x=1')}`);
    expect(file.status).toBe(400);
    expect(file.headers.get('set-cookie')).toBeNull();
    expect((await fetch(`${base}/go?to=%2Fen%2F`, { redirect: 'manual' })).headers.get('location')).toBe('/en/');
  });

  it('closes only the connection when the head cannot be written, and the server keeps answering', async () => {
    await expect(fetch(`${base}/raw?value=${encodeURIComponent('a\r\nb')}`)).rejects.toThrow();
    expect(await (await fetch(`${base}/raw?value=fine`)).text()).toBe('ok');
  });

  it('knows which values Node refuses', () => {
    expect(invalidHeaderValue('location', 'https://example.org/a?b=c')).toBe(false);
    expect(invalidHeaderValue('set-cookie', ['a=1', 'b=2\n'])).toBe(true);
    expect(invalidHeaderValue('retry-after', 30)).toBe(false);
  });
});
