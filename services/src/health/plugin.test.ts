import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthPlugin } from './plugin.js';

let cms: Server;
let cmsUrl: string;
let cmsUp = true;
const siteDir = mkdtempSync(join(tmpdir(), 'guichet-health-'));

beforeAll(async () => {
  mkdirSync(join(siteDir, 'fr'));
  writeFileSync(join(siteDir, 'fr', 'index.html'), '<!doctype html>');
  cms = createServer((request, response) => {
    response.statusCode = request.url === '/_health' && cmsUp ? 204 : 503;
    response.end();
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => cms.close(resolve));
  rmSync(siteDir, { recursive: true, force: true });
});

async function health(pingDatabase: () => Promise<unknown>) {
  const app = Fastify();
  await app.register(healthPlugin, { siteDir, cmsUrl, pingDatabase });
  const response = await app.inject({ method: 'GET', url: '/health' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('/health', () => {
  it('is ok when the site is built and the database and the CMS answer', async () => {
    cmsUp = true;
    expect(await health(async () => [{ one: 1 }])).toEqual({
      status: 200,
      body: { status: 'ok', checks: { site: 'up', database: 'up', cms: 'up' } },
    });
  });
  it('is degraded (503) when the database fails or does not answer in time, and says which', async () => {
    cmsUp = true;
    expect(await health(() => Promise.reject(new Error('connection refused')))).toMatchObject({
      status: 503,
      body: { status: 'degraded', checks: { site: 'up', database: 'down', cms: 'up' } },
    });
    expect((await health(() => new Promise(() => undefined))).body.checks.database).toBe('down');
  });
  it('is degraded when the CMS does not answer', async () => {
    cmsUp = false;
    expect(await health(async () => [])).toMatchObject({ status: 503, body: { checks: { database: 'up', cms: 'down' } } });
  });
});
