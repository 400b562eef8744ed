import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../config.js';
import { cmsProxyPlugin } from './plugin.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the CMS GraphQL endpoint: records each request and echoes it back. */
let upstream: Server;
let cmsUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      };
      received.push(entry);
      response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'koa.sess=upstream; Path=/' });
      // A query with the variable cmsFails: the CMS failing inside, as Strapi reports it (SQL and all).
      if (entry.body.includes('cmsFails'))
        return response.end(
          JSON.stringify({
            data: null,
            errors: [
              {
                message: 'Internal Server Error',
                path: ['newsArticles'],
                extensions: {
                  error: {
                    name: 'SqliteError',
                    message: 'select `t0`.* from `news_articles` as `t0` where ... - Expression tree is too large',
                  },
                  code: 'INTERNAL_SERVER_ERROR',
                },
              },
              {
                message: 'Variable "$f" got invalid value "x"',
                extensions: { code: 'BAD_USER_INPUT', stacktrace: ['at /cms/node_modules/x.js:1'] },
              },
            ],
          }),
        );
      response.end(JSON.stringify({ data: { echo: entry } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  cmsUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => upstream.close(resolve));
});

const apps: FastifyInstance[] = [];
afterEach(async () => {
  received.length = 0;
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** The plugin on a Fastify app, as the guichet server registers it, with NODE_ENV as given. */
async function proxy(nodeEnv = 'development'): Promise<FastifyInstance> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = nodeEnv;
  try {
    const app = Fastify();
    apps.push(app);
    await app.register(cmsProxyPlugin, { cmsUrl, timeoutMs: 5000 });
    await app.ready();
    return app;
  } finally {
    process.env.NODE_ENV = previous;
  }
}

async function post(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/trade-server/graphql/',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Asserts a 400 in the GraphQL error shape whose message matches, and that the CMS saw nothing. */
function expectRefused(response: Awaited<ReturnType<typeof post>>, message: RegExp): void {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as { errors: Array<{ message: string }> };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0].message).toMatch(message);
  expect(received).toHaveLength(0);
}

/** gatsby-node.ts's per-language content query, at the public page size. */
const SITE_QUERY = `{
  newsArticles(locale: "fr", pagination: { limit: 100 }, sort: "date:desc") { slug title date summary body image { url alternativeText } }
  customPages(locale: "fr", pagination: { limit: 100 }) { slug title body }
  faqEntries(locale: "fr", pagination: { limit: 100 }, sort: "order:asc") { order question answer category }
  downloads(locale: "fr", pagination: { limit: 100 }, sort: "file:asc") { title category file size }
  homePage(locale: "fr") { heroTitle heroText highlightedTools latestNewsCount }
}`;

describe('the public CMS GraphQL endpoint', () => {
  it('forwards read queries of published content, and only their query, variables and operation name', async () => {
    const app = await proxy();
    const queries = [
      { query: '{ newsArticles(locale: "fr", pagination: { limit: 3 }) { slug title date } }' },
      { query: SITE_QUERY },
      {
        query:
          'query News($locale: I18NLocaleCode, $status: PublicationStatus) { newsArticles(locale: $locale, status: $status) { slug } }',
        variables: { locale: 'en', status: 'PUBLISHED' },
        operationName: 'News',
      },
      { query: '{ newsArticles_connection(pagination: { page: 2, pageSize: 100 }) { nodes { image { url } } pageInfo { total } } }' },
      { query: '{ customPages(filters: { slug: { eq: "about" } }) { title } homePage { __typename heroTitle } }' },
    ];
    for (const sent of queries) {
      const response = await post(app, { ...sent, extensions: { persistedQuery: { version: 1 } }, debug: true });
      expect(response.statusCode, response.body).toBe(200);
      const echo = received.at(-1)!;
      expect(echo.method).toBe('POST');
      expect(echo.url).toBe('/graphql');
      expect(JSON.parse(echo.body)).toEqual(sent);
    }
    expect(received).toHaveLength(queries.length);

    const get = await app.inject({
      method: 'GET',
      url: `/trade-server/graphql?query=${encodeURIComponent('{ downloads(locale: "en") { file } }')}`,
    });
    expect(get.statusCode, get.body).toBe(200);
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ query: '{ downloads(locale: "en") { file } }' });
  });

  it("passes none of the visitor's headers to the CMS, nor the CMS's cookies back", async () => {
    const app = await proxy();
    const response = await post(
      app,
      { query: '{ homePage { heroTitle } }' },
      {
        authorization: 'Bearer visitor-token',
        cookie: 'guichet_session=secret',
        'proxy-authorization': 'Basic c2VjcmV0',
        'x-api-key': 'secret',
        'x-forwarded-for': '10.1.2.3',
      },
    );
    expect(response.statusCode).toBe(200);
    const { headers } = received[0];
    for (const name of ['authorization', 'cookie', 'proxy-authorization', 'x-api-key', 'x-forwarded-for']) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers['content-type']).toBe('application/json');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses mutations and subscriptions, also sent by GET or next to a query', async () => {
    const app = await proxy();
    const register = 'mutation { register(input: { username: "x", email: "x@example.org", password: "Passw0rd!" }) { jwt } }';
    expectRefused(await post(app, { query: register }), /mutation operations are not accepted/);
    expectRefused(await post(app, { query: `query Q { homePage { heroTitle } } ${register}`, operationName: 'Q' }), /mutation/);
    expectRefused(await post(app, { query: 'subscription { newsArticles { slug } }' }), /subscription operations are not accepted/);
    const get = await app.inject({ method: 'GET', url: `/trade-server/graphql/?query=${encodeURIComponent(register)}` });
    expectRefused(get, /mutation operations are not accepted/);
  });

  it('refuses drafts: status other than PUBLISHED, literal or variable, and publication filters', async () => {
    const app = await proxy();
    expectRefused(
      await post(app, { query: '{ newsArticles(status: DRAFT) { title body } }' }),
      /status "DRAFT" is not accepted on newsArticles/,
    );
    expectRefused(await post(app, { query: '{ homePage(status: DRAFT) { heroTitle } }' }), /status "DRAFT"/);
    expectRefused(
      await post(app, { query: 'query($s: PublicationStatus) { newsArticles(status: $s) { title } }', variables: { s: 'DRAFT' } }),
      /status "DRAFT" is not accepted/,
    );
    expectRefused(
      await post(app, { query: 'query($s: PublicationStatus = DRAFT) { newsArticle(documentId: "a", status: $s) { title } }' }),
      /status "DRAFT" is not accepted/,
    );
    // Variables named after Object.prototype's members are variables like the others.
    expectRefused(
      await post(app, {
        query: 'query($__proto__: PublicationStatus) { newsArticles(status: $__proto__) { title } }',
        variables: JSON.parse('{"__proto__": null}'),
      }),
      /status null is not accepted on newsArticles/,
    );
    expectRefused(
      await post(app, {
        query: 'query($constructor: PublicationStatus) { newsArticles(status: $constructor) { title } }',
        variables: { constructor: 'DRAFT' },
      }),
      /status "DRAFT" is not accepted/,
    );
    expectRefused(
      await post(app, { query: '{ newsArticles(publicationFilter: MODIFIED) { title } }' }),
      /publicationFilter is not accepted/,
    );
    expectRefused(
      await post(app, { query: '{ newsArticles(hasPublishedVersion: false) { title } }' }),
      /hasPublishedVersion is not accepted/,
    );
    // A media file lists the entries using it, drafts included.
    expectRefused(
      await post(app, { query: '{ newsArticles { image { related { ... on NewsArticle { title } } } } }' }),
      /UploadFile.related is not public content/,
    );
    expectRefused(
      await post(app, { query: '{ newsArticles(filters: { localizations: { title: { contains: "x" } } }) { slug } }' }),
      /filters.localizations is not accepted/,
    );
  });

  it('reads public content types only', async () => {
    const app = await proxy();
    expectRefused(await post(app, { query: '{ internalToolsPage(locale: "en") { body } }' }), /internalToolsPage is not public content/);
    expectRefused(await post(app, { query: '{ usersPermissionsUsers { email } }' }), /usersPermissionsUsers is not public content/);
    expectRefused(await post(app, { query: '{ newsArticles { createdBy { email } } }' }), /NewsArticle.createdBy is not public content/);
    const odd: Array<[string, RegExp]> = [
      ['{ constructor { name } }', /constructor is not public content/],
      ['{ __proto__ { name } }', /__proto__ is not public content/],
      ['{ newsArticles { toString { name } } }', /NewsArticle.toString is not public content/],
      ['{ newsArticles { slug { value } } }', /NewsArticle.slug has no fields to select/],
      ['{ newsArticles(pagination: "all") { slug } }', /pagination on newsArticles must be an object/],
      ['{ newsArticles(sort: 5) { slug } }', /sort on newsArticles must be a string/],
      ['{ newsArticles(sort: "localizations.title:asc") { slug } }', /sort "localizations.title:asc" is not accepted/],
      ['{ newsArticles(filters: { slug: 5 }) { slug } }', /filters.slug on newsArticles must be an object of operators/],
      ['{ newsArticles(filters: { slug: { eq: { a: 1 } } }) { slug } }', /filters.slug.eq on newsArticles must be a value/],
      ['{ newsArticles(filters: { or: [{ image: { url: { eq: "x" } } }] }) { slug } }', /filters.image is not accepted/],
      ['{ newsArticles(locale: 5) { slug } }', /locale on newsArticles must be a string/],
      ['{ newsArticles(populate: "*") { slug } }', /argument populate is not accepted on newsArticles/],
      ['{ newsArticles { image(filters: {}) { url } } }', /argument filters is not accepted on NewsArticle.image/],
    ];
    for (const [query, message] of odd) expectRefused(await post(app, { query }), message);

    // The allowed fields follow the CMS's public content types (cms/src/api): all their attributes are readable.
    const typesDir = join(repoRoot, 'cms', 'src', 'api');
    const roots: Record<string, string> = {
      'news-article': 'newsArticles',
      'custom-page': 'customPages',
      'faq-entry': 'faqEntries',
      download: 'downloads',
      'home-page': 'homePage',
    };
    for (const api of readdirSync(typesDir)) {
      const schema = JSON.parse(readFileSync(join(typesDir, api, 'content-types', api, 'schema.json'), 'utf8')) as {
        attributes: Record<string, { type: string; private?: boolean }>;
      };
      if (api === 'internal-tools-page') continue;
      expect(roots[api], `${api} is a public content type the proxy does not know`).toBeDefined();
      const fields = Object.entries(schema.attributes)
        .filter(([, attribute]) => !attribute.private)
        .map(([name, attribute]) => (attribute.type === 'media' ? `${name} { url }` : name));
      const response = await post(app, { query: `{ ${roots[api]} { documentId ${fields.join(' ')} } }` });
      expect(response.statusCode, `${api}: ${response.body}`).toBe(200);
    }
  });

  it('refuses introspection in production, and allows it in development', async () => {
    const production = await proxy('production');
    expectRefused(
      await post(production, { query: '{ __schema { mutationType { fields { name } } } }' }),
      /introspection \(__schema\) is not available/,
    );
    expectRefused(
      await post(production, { query: '{ __type(name: "Mutation") { fields { name } } }' }),
      /introspection \(__type\) is not available/,
    );
    const development = await proxy('development');
    expect((await post(development, { query: getIntrospectionQuery() })).statusCode).toBe(200);
  });

  it('refuses queries too wide, too deep or too costly', async () => {
    const app = await proxy();
    const aliases = Array.from({ length: 200 }, (_, i) => `a${i}: newsArticles(pagination: { limit: 1000 }) { title body }`).join(' ');
    expectRefused(await post(app, { query: `{ ${aliases} }` }), /too many aliases: at most 5/);
    expectRefused(
      await post(app, { query: '{ newsArticles(pagination: { limit: 1000 }) { slug } }' }),
      /pagination.limit on newsArticles must be between 1 and 100/,
    );
    expectRefused(
      await post(app, {
        query: 'query($p: PaginationArg) { newsArticles(pagination: $p) { slug } }',
        variables: { p: { pageSize: 1000 } },
      }),
      /pagination.pageSize on newsArticles must be between 1 and 100/,
    );
    expectRefused(await post(app, { query: '{ newsArticles(pagination: { limit: -1 }) { slug } }' }), /pagination.limit/);
    expectRefused(
      await post(app, { query: '{ newsArticles { image { related { localizations { localizations { image { url } } } } } } }' }),
      /nested deeper than 4 levels/,
    );
    const roots = [
      'newsArticles',
      'customPages',
      'faqEntries',
      'downloads',
      'homePage',
      'newsArticle(documentId: "a")',
      'customPage(documentId: "b")',
    ];
    expectRefused(await post(app, { query: `{ ${roots.map((root) => `${root} { documentId }`).join(' ')} }` }), /too many root fields/);
    // Every field of a news article and of its image, 100 rows of them.
    const media = 'documentId url alternativeText caption name width height formats mime ext size previewUrl createdAt updatedAt';
    const everything = `{ newsArticles { documentId locale createdAt updatedAt publishedAt title slug date summary body image { ${media} } } }`;
    expectRefused(await post(app, { query: everything }), /cost over 2500/);
    expectRefused(
      await post(app, { query: 'query { ...A } fragment A on Query { ...B } fragment B on Query { ...A }' }),
      /fragment A spreads itself/,
    );
  });

  it('refuses filters that the CMS would fail on or labour over', async () => {
    const app = await proxy();
    const filtered = (f: unknown) =>
      post(app, { query: 'query($f: NewsArticleFiltersInput) { newsArticles(filters: $f) { title } }', variables: { f } });
    let nested: unknown = { title: { eq: 'a' } };
    for (let level = 0; level < 700; level++) nested = { and: [nested] };
    expectRefused(await filtered(nested), /nest and, or and not deeper than 4 levels|variables are nested deeper than 16 levels/);
    nested = { title: { eq: 'a' } };
    for (let level = 0; level < 5; level++) nested = { and: nested };
    expectRefused(await filtered(nested), /filters on newsArticles nest and, or and not deeper than 4 levels/);
    expectRefused(await filtered({ or: Array.from({ length: 1000 }, () => ({ title: { eq: 'a' } })) }), /more than 50 conditions/);
    expectRefused(
      await filtered({ slug: { in: Array.from({ length: 51 }, (_, i) => `s${i}`) } }),
      /filters.slug.in on newsArticles has more than 50 values/,
    );
    expectRefused(await filtered({ title: { between: ['a'] } }), /filters.title.between on newsArticles needs two values/);
    expectRefused(await filtered({ date: { between: ['2026-01-01', '2026-02-01', '2026-03-01'] } }), /needs two values/);
    expectRefused(await filtered({ title: { eq: [['a']] } }), /must be a value or a list of values/);
    // 5,000 nested arrays, as text (JSON.stringify would overflow on them).
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const query = 'query($f: NewsArticleFiltersInput) { newsArticles(filters: $f) { title } }';
    expectRefused(
      await post(app, `{"query":${JSON.stringify(query)},"variables":{"f":${deep}}}`),
      /variables are nested deeper than 16 levels/,
    );
    const getDeep = await app.inject({
      method: 'GET',
      url: `/trade-server/graphql/?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(`{"f":${deep}}`)}`,
    });
    expectRefused(getDeep, /variables are nested deeper than 16 levels/);
    // Within the limits, the query goes through.
    const fine = await filtered({
      or: [{ title: { containsi: 'tariff' } }, { and: [{ date: { between: ['2026-01-01', '2026-12-31'] } }] }],
    });
    expect(fine.statusCode).toBe(200);
    expect(received).toHaveLength(1);
  });

  it("does not pass on the CMS's internal errors: no SQL, engine, stack or extensions", async () => {
    const app = await proxy();
    const response = await post(app, {
      query: 'query($cmsFails: String) { newsArticles { title } }',
      variables: { cmsFails: '1' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/sqlite|select|news_articles|stacktrace|node_modules|extensions/i);
    expect(response.json()).toEqual({
      data: null,
      errors: [
        { message: 'The content service could not answer this query.', path: ['newsArticles'] },
        { message: 'Variable "$f" got invalid value "x"' },
      ],
    });
  });

  it('answers malformed requests 400 in the GraphQL error shape', async () => {
    const app = await proxy();
    expectRefused(
      await post(app, [{ query: '{ homePage { heroTitle } }' }, { query: '{ homePage { heroTitle } }' }]),
      /batched queries are not accepted/,
    );
    expectRefused(await post(app, '{"query": "{ homePage { heroTitle } }"'), /not valid JSON/);
    expectRefused(await post(app, {}), /query is missing/);
    expectRefused(await post(app, ''), /query is missing/);
    expectRefused(await post(app, { query: 42 }), /query must be a string/);
    expectRefused(await post(app, { query: '{ homePage { heroTitle }' }), /not valid GraphQL/);
    expectRefused(await post(app, { query: '{ homePage { heroTitle } }', variables: [1] }), /variables must be a JSON object/);
    const filler = ' '.repeat(21 * 1024);
    expectRefused(await post(app, { query: `{ homePage { heroTitle }${filler}}` }), /query is over 20480 bytes/);
    expectRefused(
      await post(app, { query: '{ homePage { heroTitle } }', variables: { x: 'y'.repeat(40 * 1024) } }),
      /body is over 32768 bytes/,
    );
    expectRefused(
      await post(app, 'query={ homePage { heroTitle } }', { 'content-type': 'application/x-www-form-urlencoded' }),
      /content-type must be application\/json/,
    );
    expectRefused(await app.inject({ method: 'GET', url: '/trade-server/graphql/' }), /query is missing/);
    expectRefused(
      await app.inject({
        method: 'GET',
        url: `/trade-server/graphql/?query=${encodeURIComponent('{ homePage { heroTitle } }')}&variables=%7Bnot`,
      }),
      /variables is not valid JSON/,
    );
  });
});
