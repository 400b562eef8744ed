import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { API_PREFIXES } from '../app.js';
import { ENTITIES } from '../reference/registry.js';
import { BACKENDS } from '../reference/test-database.js';
import { send } from './client.js';
import { caseOf, KINDS, prototypeWordCases, shortRun } from './inputs.js';
import { failureReport, runCases, type Summary, type Target } from './run.js';
import { dropSchema, postgresUrlWithSchema, startServer, type ServerHandle } from './server.js';
import { tokenSource } from './auth.js';

// The real server (buildApp) in a process of its own on 127.0.0.1, a random port: every route it registers gets
// hostile paths, queries, headers and bodies on a real socket. The longer run is `npm run bench:hostile`.

const targetOf = (server: ServerHandle): Target => ({
  get port() {
    return server.port;
  },
  alive: () => server.alive(),
  restart: () => server.restart(),
  token: tokenSource(() => server.port),
});

const describeFailures = (summary: Summary) =>
  `${summary.failures.length} failures (${summary.crashes} crashes) in ${summary.sent} requests:\n${failureReport(summary)}`;

// The servers of all back ends start at once (most of a start is the data import).
const schemas = new Map(BACKENDS.map((backend) => [backend.name, backend.url ? postgresUrlWithSchema(backend.url) : undefined]));
const starting = new Map(
  BACKENDS.map((backend) => {
    const schema = schemas.get(backend.name);
    const start = startServer(schema ? { DATABASE_URL: schema.url } : {});
    start.catch(() => undefined);
    return [backend.name, start];
  }),
);

describe.each(BACKENDS)('hostile input on every route of the real server ($name)', (backend) => {
  let server: ServerHandle;
  const schema = schemas.get(backend.name);
  beforeAll(async () => {
    server = await starting.get(backend.name)!;
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    if (backend.url && schema) await dropSchema(backend.url, schema.schema);
  }, 60_000);

  it('finds the routes of every service and of the identity server by itself', () => {
    const count = (prefix: string) => server.routes.filter((route) => route.url.startsWith(prefix)).length;
    // A search and a lookup (GET and HEAD) per entity, and the OpenAPI description.
    expect(count('/reference-service/')).toBeGreaterThanOrEqual(ENTITIES.size * 3);
    expect(count('/auth/')).toBeGreaterThanOrEqual(25);
    for (const prefix of API_PREFIXES) expect(count(prefix), prefix).toBeGreaterThanOrEqual(1);
    expect(count('/helpdesk-service/')).toBeGreaterThanOrEqual(4);
    expect(count('/manifest-service/')).toBeGreaterThanOrEqual(4);
    // The site's files.
    expect(server.routes.some((route) => route.url.endsWith('*'))).toBe(true);
    expect(server.routes.length).toBeGreaterThanOrEqual(150);
  });

  it('describes every route of every service in its own openapi.json', async () => {
    const undocumented: string[] = [];
    for (const prefix of API_PREFIXES) {
      const response = await fetch(`http://127.0.0.1:${server.port}${prefix}/openapi.json`);
      expect(response.status, prefix).toBe(200);
      const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(document.openapi, prefix).toMatch(/^3\.1/);
      const routes = server.routes.filter(
        (route) =>
          (route.url === prefix || route.url.startsWith(`${prefix}/`)) && !route.hidden && !['HEAD', 'OPTIONS'].includes(route.method),
      );
      expect(routes.length, prefix).toBeGreaterThan(0);
      for (const route of routes) {
        const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        if (!document.paths[path]?.[route.method.toLowerCase()]) undocumented.push(`${route.method} ${route.url}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('answers hostile input on every route below 500, with no injected header or internals, and stays up', async () => {
    const cases = shortRun(server.routes);
    // Every route and every kind of input is in the run.
    expect(new Set(cases.map((item) => `${item.route.method} ${item.route.url}`)).size).toBe(server.routes.length);
    expect(new Set(cases.map((item) => item.input.replace(/ \(.*\)$/s, ''))).size).toBe(KINDS.length);
    const summary = await runCases(targetOf(server), cases, { concurrency: 4, healthEvery: 1 });
    console.info(
      `hostile input (${backend.name}): ${summary.sent} requests and as many health checks to ${server.routes.length} routes in ${summary.seconds.toFixed(1)} s: ${JSON.stringify(summary.byClass)}`,
    );
    expect(summary.sent).toBeGreaterThan(300);
    // Protected routes were tried with a real token too, and it was accepted.
    expect(summary.byClass['2xx'] ?? 0).toBeGreaterThan(50);
    expect(summary.failures.length, describeFailures(summary)).toBe(0);
    expect(summary.crashes).toBe(0);
  }, 180_000);

  it("answers the names of Object.prototype's members in every query field below 500", async () => {
    const cases = prototypeWordCases(server.routes);
    expect(cases.some((item) => item.route.url === '/hs-finder/search' && item.input.includes('query=constructor'))).toBe(true);
    const summary = await runCases(targetOf(server), cases, { concurrency: 4, healthEvery: 50 });
    expect(summary.failures.length, describeFailures(summary)).toBe(0);
    expect(summary.crashes).toBe(0);
  }, 120_000);

  it('answers the known crashers with 400 naming the problem', async () => {
    const search = server.routes.find((route) => route.url === '/reference-service/commodity/search')!;
    const deep = caseOf(search, KINDS.find((kind) => kind.name === 'body: 5,000-deep objects')!, 1);
    const deepAnswer = await send(server.port, deep.request).catch((error) => {
      throw new Error(`${(error as Error).message}; alive ${server.alive()}\n${server.log().slice(-5).join('\n')}`);
    });
    expect(deepAnswer.status).toBe(400);
    expect(JSON.parse(deepAnswer.body.toString()).message).toMatch(/^body: JSON nested deeper than \d+ levels/);
    const lists = caseOf(search, KINDS.find((kind) => kind.name === 'body: IN lists at the schema limits')!, 1);
    const listAnswer = await send(server.port, lists.request);
    expect(listAnswer.status).toBe(400);
    expect(JSON.parse(listAnswer.body.toString()).message).toMatch(/^restrictions\[\d+\]\.values: /);
    // A URL that is not valid percent-encoding: the one error answer, not the framework's code and status.
    for (const target of ['/reference-service/country/%ff', '/%ff', '/auth/%ff']) {
      const badUrl = await send(server.port, { method: 'GET', target });
      expect(badUrl.status, target).toBe(400);
      expect(Object.keys(JSON.parse(badUrl.body.toString())).sort(), target).toEqual(['error', 'message']);
    }
    // A page's address that is not valid percent-encoding (a link cut short) gets the 404 page of its language.
    const page = await send(server.port, { method: 'GET', target: '/fr/news/%E0%A4' });
    expect(page.status).toBe(400);
    expect(page.body.toString()).toContain('Page introuvable');
    expect(server.alive()).toBe(true);
    // A query string that is not percent-encoded UTF-8 names its parameter: no search for "leather%20shoes%FF".
    for (const query of ['leather%20shoes%FF', '%ED%A0%80', 'caf%C3%A9%20chairs%C3%28']) {
      const answer = await send(server.port, { method: 'GET', target: `/hs-finder/search?limit=3&query=${query}` });
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.body.toString()), query).toMatchObject({
        field: 'query',
        message: 'querystring.query is not valid percent-encoded UTF-8',
      });
    }
    // A code longer than the router's default 100 characters reaches its route: no "No route" for a real one.
    const longCode = await send(server.port, { method: 'GET', target: `/reference-service/country/${'A'.repeat(150)}` });
    expect(longCode.status).toBe(404);
    expect(JSON.parse(longCode.body.toString()).message).toMatch(/^No country/);
    // Bodies are JSON: text/plain is refused naming its type, like XML or a form.
    const plain = await send(server.port, {
      method: 'POST',
      target: '/taxation-service/simulate',
      headers: [['content-type', 'text/plain']],
      body: '{"document":{}}',
    });
    expect(plain.status).toBe(415);
    expect(JSON.parse(plain.body.toString()).message).toContain('text/plain');
    // A wrong method on a route is a 405 with the methods it has; a path no route has stays a 404.
    for (const [method, target, allow] of [
      ['PATCH', '/taxation-service/simulate', 'POST'],
      ['DELETE', '/reference-service/country/BD', 'GET, HEAD'],
      ['GET', '/hs-finder/usage', 'POST'],
      ['PUT', '/auth/realms/guichet/protocol/openid-connect/token', 'POST, OPTIONS'],
    ]) {
      const answer = await send(server.port, { method, target });
      expect(answer.status, `${method} ${target}`).toBe(405);
      expect(answer.headers.get('allow'), `${method} ${target}`).toEqual([allow]);
      expect(JSON.parse(answer.body.toString()).message).toContain(`allowed: ${allow}`);
    }
    for (const target of ['/taxation-service/nothing', '/reference-service/nothing/BD', '/hs-finder/nothing']) {
      const answer = await send(server.port, { method: 'POST', target, headers: [['content-type', 'application/json']], body: '{}' });
      expect(answer.status, target).toBe(404);
    }
    // A request the HTTP parser cannot read gets the one error shape too, with the headers of every answer.
    for (const headers of [[['content-length', 'abc']], [['x-note', Buffer.from('a\u0000b')]]] as Array<Array<[string, string | Buffer]>>) {
      const answer = await send(server.port, { method: 'POST', target: '/taxation-service/simulate', headers, body: '{}' });
      expect(answer.status).toBe(400);
      expect(Object.keys(JSON.parse(answer.body.toString())).sort()).toEqual(['error', 'message']);
      expect(answer.headers.get('x-content-type-options')).toEqual(['nosniff']);
    }
    // A request line past the server's limit (a query of 40,000 characters) is a 431 that states the limit.
    const huge = await send(server.port, { method: 'GET', target: `/hs-finder/search?query=${'a'.repeat(40_000)}` });
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body.toString()).message).toBe('The request line and headers are too large: at most 32 KB together');
    // Text that shows nothing (control characters, as invisible ones) is blank; half a character is not text.
    for (const query of ['%7F%7F', '%01', '%1B%07']) {
      const answer = await send(server.port, { method: 'GET', target: `/hs-finder/search?query=${query}` });
      expect(answer.status, query).toBe(400);
      expect(JSON.parse(answer.body.toString()), query).toMatchObject({ field: 'query', message: 'query: must not be empty' });
    }
    const lone = await send(server.port, {
      method: 'POST',
      target: '/hs-finder/usage',
      headers: [['content-type', 'application/json']],
      body: '{"query":"shirt \\ud800","code":"610910","language":"en"}',
    });
    expect(lone.status).toBe(400);
    expect(JSON.parse(lone.body.toString())).toMatchObject({
      field: 'query',
      message: 'body.query must not contain NUL characters or lone surrogates',
    });
    // A page's address is the page's business: the site answers it as ever.
    expect((await send(server.port, { method: 'GET', target: '/en/?q=%FF' })).status).not.toBe(400);
  });

  it('takes a finder query of 2,000 Bengali characters (18 KB of percent-encoded URL), and refuses one more', async () => {
    const url = (length: number) =>
      `http://127.0.0.1:${server.port}/hs-finder/search?query=${encodeURIComponent('চালের'.repeat(401).slice(0, length))}`;
    const longest = await fetch(url(2000));
    expect(longest.status).toBe(200);
    const tooLong = await fetch(url(2001));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ field: 'query' });
  });

  // Once, on the first back end: the limiter does not depend on the database.
  if (backend === BACKENDS[0])
    it('answers 429 past a rate limit, never 5xx', async () => {
      // A second server with small limits, on the same (already imported) database.
      const limited = await startServer({
        DATABASE_URL: schema?.url ?? join(server.dir, 'guichet.db'),
        RATE_LIMIT: '5',
        RATE_LIMIT_FINDER: '3',
        RATE_LIMIT_PRINT: '2',
      });
      try {
        // Inputs that get past the HTTP parser, so that the limiter counts them.
        const names = ['query: SQL syntax', 'query: other scripts', 'query: wrong types', 'header: hostile tokens', 'query: NUL'];
        for (const path of ['/reference-service/commodity/search', '/hs-finder/search', '/external-rates-service/print']) {
          const route = limited.routes.find((item) => item.url === path)!;
          const statuses: number[] = [];
          for (let index = 0; index < 8; index++) {
            const kind = KINDS.find((item) => item.name === names[index % names.length])!;
            statuses.push((await send(limited.port, caseOf(route, kind, index).request)).status);
          }
          expect(
            statuses.every((status) => status < 500),
            `${path}: ${statuses.join(', ')}`,
          ).toBe(true);
          expect(statuses.slice(-2), `${path}: ${statuses.join(', ')}`).toEqual([429, 429]);
        }
      } finally {
        await limited.stop();
      }
    }, 120_000);
});
