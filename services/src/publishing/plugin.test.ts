import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SiteBuilder } from './builder.js';
import { publishingPlugin } from './plugin.js';
import { signPreview, PREVIEW_LIFETIME_S } from './preview.js';
import { uploadsPlugin } from './uploads.js';

const SECRET = 'a-shared-secret-of-some-length';
const EDITOR_TOKEN = 'editor.jwt.token';
const NEWS = 'api::news-article.news-article';

/** A stand-in for the CMS: the admin's "who am I", one draft, and two uploads. */
let cms: Server;
let cmsUrl: string;
const draftRequests: string[] = [];
beforeAll(async () => {
  cms = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://cms');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/admin/users/me') {
      return request.headers.authorization === `Bearer ${EDITOR_TOKEN}`
        ? json(200, { data: { id: 3, email: 'editor@guichet.local', isActive: true } })
        : json(401, { error: { status: 401 } });
    }
    if (url.pathname === '/api/news-articles/doc1') {
      draftRequests.push(`${url.search} ${request.headers.authorization}`);
      if (url.searchParams.get('locale') !== 'ar') return json(404, { data: null });
      return json(200, {
        data: {
          documentId: 'doc1',
          locale: 'ar',
          slug: 'draft-news',
          title: 'خبر تجريبي',
          summary: 'ملخص',
          date: '2026-11-25',
          body: '## عنوان',
          image: null,
        },
      });
    }
    if (url.pathname === '/uploads/port_ab12.jpg') {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': '4' });
      return response.end('JPEG');
    }
    if (url.pathname === '/uploads/drawing.svg') {
      response.writeHead(200, { 'content-type': 'image/svg+xml' });
      return response.end('<svg onload="alert(1)"/>');
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
  cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => cms.close(resolve)));

const apps: FastifyInstance[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  draftRequests.length = 0;
});

async function server(withBuilder = true): Promise<{ app: FastifyInstance; builder?: SiteBuilder }> {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-publishing-'));
  dirs.push(dir);
  const builder = withBuilder
    ? new SiteBuilder({ command: [process.execPath, '-e', 'setTimeout(() => {}, 50)'], cwd: dir, statusFile: join(dir, 'status.json') })
    : undefined;
  const app = Fastify();
  apps.push(app);
  await app.register(uploadsPlugin, { cmsUrl, timeoutMs: 5000 });
  await app.register(publishingPlugin, {
    prefix: '/portal-service',
    cmsUrl,
    timeoutMs: 5000,
    secret: () => SECRET,
    cmsToken: () => 'services-token',
    builder,
    adminOrigins: ['http://localhost:1337'],
  });
  return { app, builder };
}

const webhook = (app: FastifyInstance, body: unknown, authorization = `Bearer ${SECRET}`) =>
  app.inject({ method: 'POST', url: '/portal-service/site-builds/webhook', headers: { authorization }, payload: body as object });

describe('the site-build webhook', () => {
  it('refuses a call without the shared secret, or with another one', async () => {
    const { app, builder } = await server();
    expect((await webhook(app, { event: 'entry.publish' }, '')).statusCode).toBe(401);
    expect((await webhook(app, { event: 'entry.publish' }, `Bearer ${SECRET}x`)).statusCode).toBe(401);
    // Before its body is read: a caller without the secret learns nothing of what it should be.
    for (const body of [{}, '{not json'])
      expect((await webhook(app, body, '')).json()).toMatchObject({ error: 'Unauthorized', message: 'Bad webhook secret' });
    expect(builder?.status().state).toBe('idle');
  });

  it('builds on publish, and not on a draft saved', async () => {
    const { app, builder } = await server();
    const draft = await webhook(app, { event: 'entry.update', uid: NEWS, entry: { publishedAt: null } });
    expect(draft.statusCode).toBe(202);
    expect(draft.json().build).toBe(false);
    const published = await webhook(app, { event: 'entry.publish', uid: NEWS, entry: { publishedAt: '2026-11-25T10:00:00Z' } });
    expect(published.json()).toMatchObject({ build: true, status: { state: 'building', current: { trigger: `entry.publish ${NEWS}` } } });
    await builder?.idle();
  });

  it('answers bad bodies with 400 naming the field, and 503 where this server does not build', async () => {
    const { app } = await server();
    for (const body of [{}, { event: { name: 'entry.publish' } }, { event: 'e'.repeat(101) }, { event: 'entry.publish', entry: 'x' }]) {
      const bad = await webhook(app, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toMatch(/event|entry/);
    }
    const { app: other } = await server(false);
    expect((await webhook(other, { event: 'entry.publish' })).statusCode).toBe(503);
  });
});

describe('the build state', () => {
  it('is shown to CMS editors only, to the admin panel origin', async () => {
    const { app, builder } = await server();
    expect((await app.inject({ url: '/portal-service/site-builds' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/portal-service/site-builds', headers: { authorization: 'Bearer someone.else' } })).statusCode).toBe(
      401,
    );
    const seen = await app.inject({
      url: '/portal-service/site-builds',
      headers: { authorization: `Bearer ${EDITOR_TOKEN}`, origin: 'http://localhost:1337' },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['access-control-allow-origin']).toBe('http://localhost:1337');
    expect(seen.json()).toMatchObject({ state: 'idle', queued: false });
    const other = await app.inject({
      url: '/portal-service/site-builds',
      headers: { authorization: `Bearer ${EDITOR_TOKEN}`, origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const started = await app.inject({
      method: 'POST',
      url: '/portal-service/site-builds',
      headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
    });
    expect(started.statusCode).toBe(202);
    expect(started.json().current.trigger).toBe('manual');
    await builder?.idle();
  });
});

describe('the draft preview', () => {
  const link = (changes: Record<string, string | number> = {}, signWith = SECRET) => {
    const request = { uid: NEWS, documentId: 'doc1', locale: 'ar', expires: Math.floor(Date.now() / 1000) + 600, ...changes } as {
      uid: string;
      documentId: string;
      locale: string;
      expires: number;
    };
    const query = new URLSearchParams({ ...request, expires: String(request.expires), signature: signPreview(signWith, request) });
    return `/portal-service/preview?${query}`;
  };

  it('reads the draft in its language through a link the CMS signed', async () => {
    const { app } = await server();
    const response = await app.inject({ url: link() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ kind: 'news', locale: 'ar', title: 'خبر تجريبي', body: '## عنوان' });
    expect(draftRequests[0]).toContain('status=draft');
    expect(draftRequests[0]).toContain('Bearer services-token');
  });

  it('refuses a link signed with another secret, changed after signing, or expired', async () => {
    const { app } = await server();
    expect((await app.inject({ url: link({}, 'another-secret') })).statusCode).toBe(403);
    expect((await app.inject({ url: link().replace('locale=ar', 'locale=fr') })).statusCode).toBe(403);
    expect((await app.inject({ url: link({ expires: Math.floor(Date.now() / 1000) - 1 }) })).statusCode).toBe(403);
    expect((await app.inject({ url: link({ expires: Math.floor(Date.now() / 1000) + PREVIEW_LIFETIME_S * 24 }) })).statusCode).toBe(403);
    expect(draftRequests).toEqual([]);
  });

  it('answers 400 for malformed links and 404 for a language without a draft', async () => {
    const { app } = await server();
    for (const url of [
      link({ documentId: '../../admin' }),
      link({ uid: 'admin::user' }),
      '/portal-service/preview?uid=x',
      link({ locale: 'de' }),
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await app.inject({ url: link({ locale: 'fr' }) })).statusCode).toBe(404);
  });
});

describe('uploads from the CMS', () => {
  it('are served from the portal origin, images inline', async () => {
    const { app } = await server();
    const image = await app.inject({ url: '/uploads/port_ab12.jpg' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.body).toBe('JPEG');
  });

  it('send anything that could run script as a download, and refuse other paths', async () => {
    const { app } = await server();
    const svg = await app.inject({ url: '/uploads/drawing.svg' });
    expect(svg.headers['content-type']).toBe('application/octet-stream');
    expect(svg.headers['content-disposition']).toBe('attachment');
    for (const url of ['/uploads/..%2Fadmin', '/uploads/.env', '/uploads/missing.png'])
      expect((await app.inject({ url })).statusCode, url).toBe(404);
  });
});
