import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from '@guichet/shared/build/precompress';
import { isApiPath, sendBadAddressPage, sitePlugin } from './plugin.js';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'guichet-site-'));
  const page = (path: string, html: string) => {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'index.html'), html);
  };
  page('fr', '<html lang="fr">accueil</html>');
  page('fr/news', 'actualites');
  page('404', 'not found en');
  page('ar/404', 'not found ar');
  page('500', 'server error');
  page('fr/500', '<html lang="fr" dir="ltr">erreur serveur</html>');
  page('ar/500', '<html lang="ar" dir="rtl">خطأ في الخادم</html>');
  page('en/tools', `<html><script>${'window.x = 1;'.repeat(200)}</script>${'tools '.repeat(400)}</html>`);
  // What the build's pre-compression writes beside the page and a hashed script.
  precompress(dir);
  writeFileSync(join(dir, 'app-0123456789abcdef0123.js'), 'const y = 2;'.repeat(500));
  // What the build writes for itself and for other hosts, beside what the browser fetches.
  writeFileSync(join(dir, 'app-0123456789abcdef0123.js.map'), JSON.stringify({ sourcesContent: ['secret source'.repeat(100)] }));
  writeFileSync(join(dir, 'styles.css.map'), '{}');
  writeFileSync(join(dir, 'webpack.stats.json'), JSON.stringify({ assetsByChunkName: { app: ['x'.repeat(2000)] } }));
  writeFileSync(join(dir, 'chunk-map.json'), JSON.stringify({ app: ['/app.js'.repeat(300)] }));
  writeFileSync(join(dir, '_redirects'), '/news/  /fr/news/  301!\n');
  writeFileSync(join(dir, '_nginx-redirects.conf'), 'location ~* ^/news/?$ { return 301 /fr/news/; }\n');
  writeFileSync(join(dir, '_headers'), '/*\n  X-Frame-Options: DENY\n');
  mkdirSync(join(dir, '_gatsby', 'slices'), { recursive: true });
  writeFileSync(join(dir, '_gatsby', 'slices', '_gatsby-scripts-1.html'), '<script>window.___chunkMapping={}</script>');
  mkdirSync(join(dir, '_gatsby', 'file', 'abc'), { recursive: true });
  writeFileSync(join(dir, '_gatsby', 'file', 'abc', 'photo.png'), 'png');
  mkdirSync(join(dir, 'page-data', 'fr', 'news'), { recursive: true });
  writeFileSync(join(dir, 'page-data', 'fr', 'news', 'page-data.json'), '{"path":"/fr/news/"}');
  mkdirSync(join(dir, 'page-data', 'sq', 'd'), { recursive: true });
  writeFileSync(join(dir, 'page-data', 'sq', 'd', '123.json'), '{"data":{}}');
  mkdirSync(join(dir, 'slice-data'), { recursive: true });
  writeFileSync(join(dir, 'slice-data', 'header.json'), '{"result":{}}');
  precompress(dir);
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'static', 'a.js'), 'x');
  mkdirSync(join(dir, 'page-data'), { recursive: true });
  writeFileSync(join(dir, 'page-data', 'app-data.json'), '{"webpackCompilationHash":"abc"}');
  writeFileSync(
    join(dir, '_redirects.json'),
    JSON.stringify([{ fromPath: '/news/', toPath: '/fr/news/', isPermanent: true, ignoreCase: true, statusCode: 301 }]),
  );
  app = Fastify();
  await app.register(sitePlugin, { siteDir: dir, apiPrefixes: ['/api'], languages: ['en', 'fr', 'ar'] });
  app.get('/boom', async () => {
    throw new Error('secret detail');
  });
  for (const path of ['/fr/boom/', '/ar/boom/', '/page-data/ar/boom/page-data.json'])
    app.get(path, async () => {
      throw new Error('secret detail');
    });
  app.get('/api/boom', async () => {
    throw new Error('secret detail');
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('site plugin', () => {
  it('sends the pre-compressed file to browsers that accept it, with the type, caching and CSP of the original', async () => {
    const page = await app.inject({ url: '/en/tools/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('tools tools');
    const script = await app.inject({ url: '/app-0123456789abcdef0123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(script.rawPayload).toString()).toBe('const y = 2;'.repeat(500));
    const plain = await app.inject({ url: '/app-0123456789abcdef0123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('const y = 2;'.repeat(500));
    // The runtime data that tests rewrite is never pre-compressed.
    expect(
      (await app.inject({ url: '/page-data/app-data.json', headers: { 'accept-encoding': 'br' } })).headers['content-encoding'],
    ).toBeUndefined();
  });
  it('does not publish source maps, build statistics or the redirect files written for other hosts', async () => {
    const artefacts = [
      '/app-0123456789abcdef0123.js.map',
      '/styles.css.map',
      '/webpack.stats.json',
      '/chunk-map.json',
      '/_redirects.json',
      '/_redirects',
      '/_nginx-redirects.conf',
      '/_headers',
      '/_gatsby/slices/_gatsby-scripts-1.html',
    ];
    for (const url of artefacts) {
      for (const variant of [url, `${url}?x=1`, url.toUpperCase(), `${url}.br`, `${url}.gz`]) {
        const response = await app.inject({ url: variant, headers: { 'accept-encoding': 'gzip, br' } });
        expect(response.statusCode, variant).toBe(404);
        expect(response.body, variant).toBe('not found en');
      }
      expect((await app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
    }
    // The same files asked for through encoded or roundabout paths.
    for (const url of [
      '/webpack%2Estats.json',
      '/page-data/../webpack.stats.json',
      '/./chunk-map.json',
      '/%5Fredirects.json',
      '/app-0123456789abcdef0123.js%2Emap',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
    // Behind a service's prefix, or a path that only starts like one, sent as is over HTTP (inject would resolve
    // the dot segments first).
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const status = (path: string) =>
      new Promise<number>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path }, (response) => {
          response.resume();
          resolve(response.statusCode!);
        })
          .on('error', reject)
          .end(),
      );
    for (const path of [
      '/api/%2e%2e/webpack.stats.json',
      '/api/../_redirects.json',
      '/api/%2E%2E/chunk-map.json',
      '/api-x/%2e%2e/_gatsby/slices/_gatsby-scripts-1.html',
      '/apix/../_nginx-redirects.conf',
    ])
      expect(await status(path), path).toBe(404);
    expect(await status('/fr/'), 'a page, as is').toBe(200);
  });
  it('still serves what the browser fetches: scripts, page data, app data, static query and slice data, files', async () => {
    for (const url of [
      '/app-0123456789abcdef0123.js',
      '/static/a.js',
      '/page-data/app-data.json',
      '/page-data/fr/news/page-data.json',
      '/page-data/sq/d/123.json',
      '/slice-data/header.json',
      '/_gatsby/file/abc/photo.png',
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });
  it('answers the manifest redirects with a real 301, any case, query kept', async () => {
    const response = await app.inject({ url: '/NEWS?page=2' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/fr/news/?page=2');
  });
  it('serves built pages and adds the trailing slash', async () => {
    expect((await app.inject({ url: '/fr/news/' })).body).toBe('actualites');
    const bare = await app.inject({ url: '/fr/news' });
    expect(bare.statusCode).toBeGreaterThanOrEqual(301);
    expect(bare.statusCode).toBeLessThanOrEqual(308);
    expect(bare.headers.location).toBe('/fr/news/');
  });
  it('caches hashed assets for a year and revalidates the rest', async () => {
    expect((await app.inject({ url: '/static/a.js' })).headers['cache-control']).toContain('immutable');
    expect((await app.inject({ url: '/page-data/app-data.json' })).headers['cache-control']).toContain('must-revalidate');
  });
  it('answers unknown paths with 404 and the page in the visitor language', async () => {
    const ar = await app.inject({ url: '/ar/nothing-here/' });
    expect(ar.statusCode).toBe(404);
    expect(ar.body).toBe('not found ar');
    const other = await app.inject({ url: '/nothing-here/' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toBe('not found en');
    const head = await app.inject({ method: 'HEAD', url: '/fr/nothing-here/' });
    expect(head.statusCode).toBe(404);
  });
  it('answers a page address that is not valid percent-encoding with the 404 page of its language, as a 400', async () => {
    const broken = Fastify({
      frameworkErrors: (_error, request, reply) => {
        const answer = reply as unknown as FastifyReply;
        if (!sendBadAddressPage(dir, ['en', 'fr', 'ar'], request, answer)) void answer.code(400).send({ json: true });
      },
    });
    await broken.register(sitePlugin, { siteDir: dir, apiPrefixes: ['/api'], languages: ['en', 'fr', 'ar'] });
    const ar = await broken.inject({ url: '/ar/news/%E0%A4' });
    expect(ar.statusCode).toBe(400);
    expect(ar.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(ar.body).toBe('not found ar');
    expect(ar.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await broken.inject({ url: '/%ff' })).body).toBe('not found en');
    await broken.close();
  });
  it('answers server errors with 500 and the 500 page, without details', async () => {
    const response = await app.inject({ url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('server error');
  });
  it("answers a page's server error with the 500 page in the page's language and direction", async () => {
    const fr = await app.inject({ url: '/fr/boom/' });
    expect(fr.statusCode).toBe(500);
    expect(fr.body).toBe('<html lang="fr" dir="ltr">erreur serveur</html>');
    expect((await app.inject({ url: '/ar/boom/' })).body).toContain('dir="rtl"');
    const data = await app.inject({ url: '/page-data/ar/boom/page-data.json' });
    expect(data.statusCode).toBe(500);
    expect(data.body).toContain('lang="ar"');
  });
  it("takes a path for a service's only under its prefix, once resolved", () => {
    for (const url of ['/api', '/api/', '/api/boom?x=1', '/api/a/../b', '/api/a%2Fb']) expect(isApiPath(url, ['/api']), url).toBe(true);
    for (const url of ['/apix', '/api-x/boom', '/api/../webpack.stats.json', '/api/%2e%2e/x', '/fr/api/', '/%E0%A4%A'])
      expect(isApiPath(url, ['/api']), url).toBe(false);
  });

  it('answers API errors and unknown API paths as JSON without details', async () => {
    const boom = await app.inject({ url: '/api/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json().message).not.toContain('secret');
    const missing = await app.inject({ url: '/api/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Not Found' });
  });
});
