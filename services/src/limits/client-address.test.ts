import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadConfig, trustProxyFrom } from '../config.js';
import { rateLimit } from './rate-limit.js';

/** A server as buildApp makes it: its trustProxy from TRUST_PROXY, a limit of 3 a minute. */
async function server(env: NodeJS.ProcessEnv) {
  const app = Fastify({ trustProxy: loadConfig(env).trustProxy });
  rateLimit(app, { limits: { default: 3, finder: 3, print: 3 }, prefixes: ['/svc'], finderPrefixes: [] });
  app.get('/svc/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return app;
}

describe('the client address (TRUST_PROXY)', () => {
  it('believes no X-Forwarded-For by default: a client cannot pick its own address to escape a limit', async () => {
    const app = await server({});
    const statuses: number[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await app.inject({
        url: '/svc/ip',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': `198.51.100.${index}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 200) expect(response.json().ip).toBe('203.0.113.7');
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await app.close();
  });

  it('believes the forwarded address only from the configured proxies', async () => {
    const app = await server({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    const ip = async (remoteAddress: string) =>
      (await app.inject({ url: '/svc/ip', remoteAddress, headers: { 'x-forwarded-for': '198.51.100.9' } })).json().ip;
    expect(await ip('10.1.2.3')).toBe('198.51.100.9');
    expect(await ip('127.0.0.1')).toBe('198.51.100.9');
    expect(await ip('203.0.113.7')).toBe('203.0.113.7');
    await app.close();
  });

  it('takes a hop count, and refuses what it cannot read', async () => {
    const app = await server({ TRUST_PROXY: '1' });
    const response = await app.inject({
      url: '/svc/ip',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.9' },
    });
    expect(response.json().ip).toBe('198.51.100.9');
    await app.close();
    expect(trustProxyFrom(undefined)).toBe(false);
    expect(trustProxyFrom('2')).toBe(2);
    expect(trustProxyFrom('loopback,::1,fd00::/8')).toEqual(['loopback', '::1', 'fd00::/8']);
    for (const bad of ['true', '10.0.0.0/33', '300.1.1.1', 'example.com', '10.0.0.1/8/2'])
      expect(() => trustProxyFrom(bad), bad).toThrow(/TRUST_PROXY/);
  });
});

describe('which routes are limited', () => {
  it('limits every service prefix the server registers, the staff-content service included', async () => {
    const { API_PREFIXES } = await import('../app.js');
    const { PORTAL_PREFIX } = await import('../portal/plugin.js');
    const { HELPDESK_PREFIX } = await import('../helpdesk/plugin.js');
    const { IDENTITY_PREFIX } = await import('../identity/plugin.js');
    for (const prefix of [PORTAL_PREFIX, HELPDESK_PREFIX, IDENTITY_PREFIX]) expect(API_PREFIXES).toContain(prefix);
  });
});
