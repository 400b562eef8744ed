import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { CUSTOM_PAGE_SLUGS, TOOL_SLUGS } from '../../src/config/routes';
import { LANGUAGES, newsSlugs } from './content';
import { LIVE_SITE } from './helpers';

const noRedirect = { maxRedirects: 0 } as const;

test('the root and every legacy path redirect permanently to /fr, any case, query kept', async ({ request }) => {
  const slugs = await newsSlugs(request);
  expect(slugs.length).toBeGreaterThanOrEqual(10);
  const paths = [
    '/news/',
    ...slugs.map((slug) => `/news/${slug}/`),
    ...CUSTOM_PAGE_SLUGS.map((slug) => `/custom-pages/${slug}/`),
    '/exchange/customs-exchange-rate',
    ...TOOL_SLUGS.map((slug) => `/tools/${slug}`),
    '/frequently-asked-questions',
    '/downloads',
    '/access-denied',
  ];
  const root = await request.get('/', noRedirect);
  expect(root.status()).toBe(301);
  expect(root.headers().location).toBe('/fr/');
  for (const path of paths) {
    const response = await request.get(path, noRedirect);
    expect(response.status(), path).toBe(301);
    expect(response.headers().location, path).toBe(`/fr${path.endsWith('/') ? path : `${path}/`}`);
  }
  const upper = await request.get('/NEWS/?from=mail', noRedirect);
  expect(upper.status()).toBe(301);
  expect(upper.headers().location).toBe('/fr/news/?from=mail');
  const article = await request.get(`/News/${slugs[0].toUpperCase()}`, noRedirect);
  expect(article.headers().location).toBe(`/fr/news/${slugs[0]}/`);
});

test('every redirect target is a real page', async ({ request }) => {
  for (const path of [
    '/fr/',
    '/fr/news/',
    '/fr/frequently-asked-questions/',
    '/fr/downloads/',
    '/fr/exchange/customs-exchange-rate/',
    ...TOOL_SLUGS.map((s) => `/fr/tools/${s}/`),
    ...CUSTOM_PAGE_SLUGS.map((s) => `/fr/custom-pages/${s}/`),
  ]) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('every language home answers 200 with its lang, and Arabic is right-to-left', async ({ request }) => {
  for (const language of LANGUAGES) {
    const response = await request.get(`/${language}/`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
    if (language === 'ar') expect(html).toMatch(/<html[^>]*dir="rtl"/);
    else expect(html).toMatch(/<html[^>]*dir="ltr"/);
  }
});

test('unknown paths answer 404 with the 404 page, in the path language', async ({ request }) => {
  const response = await request.get('/fr/no-such-page/');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('404');
  expect(html).toMatch(/<html[^>]*lang="fr"/);
  expect((await request.head('/no/such/thing')).status()).toBe(404);
  // An address that is not valid percent-encoding (a link cut short) is a 400 with the same page, not JSON.
  const broken = await request.get('/ar/news/%E0%A4');
  expect(broken.status()).toBe(400);
  expect(broken.headers()['content-type']).toContain('text/html');
  expect(await broken.text()).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
});

test('the build publishes app-data with its compilation hash and page data per page', async ({ request }) => {
  const appData = await (await request.get('/page-data/app-data.json')).json();
  expect(appData.webpackCompilationHash).toMatch(/^[0-9a-f]+$/);
  const pageData = await (await request.get('/page-data/fr/news/page-data.json')).json();
  for (const field of ['componentChunkName', 'path', 'result', 'staticQueryHashes']) expect(pageData).toHaveProperty(field);
  expect(pageData.path).toBe('/fr/news/');
  expect(pageData.componentChunkName).toBe('component---src-templates-news-list-tsx');
});

test('the GraphQL proxy answers content queries from the CMS', async ({ request }) => {
  const response = await request.post('/trade-server/graphql/', {
    data: { query: '{ newsArticles(locale: "fr", pagination: { limit: 3 }) { slug title date } }' },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.data.newsArticles).toHaveLength(3);
  expect(body.data.newsArticles[0].title).toBeTruthy();
});

test('the health check reports the site, the database and the CMS up', async ({ request }) => {
  const response = await request.get('/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok', checks: { site: 'up', database: 'up', cms: 'up' } });
});

test('the build writes redirect rules for static hosts, and the portal does not serve them nor other build files', async ({ request }) => {
  const site = LIVE_SITE;
  expect(readFileSync(join(site, '_redirects'), 'utf8')).toContain('/news/  /fr/news/  301!');
  expect(readFileSync(join(site, '_nginx-redirects.conf'), 'utf8')).toContain('return 301 /fr/');
  for (const path of ['/_redirects', '/_nginx-redirects.conf', '/_redirects.json', '/webpack.stats.json', '/chunk-map.json'])
    expect((await request.get(path)).status(), path).toBe(404);
  // No source maps: the scripts do not point to any.
  const app = readdirSync(site).find((file) => /^app-.*\.js$/.test(file))!;
  expect(readFileSync(join(site, app), 'utf8')).not.toMatch(/sourceMappingURL/);
  expect(readdirSync(site).filter((file) => file.endsWith('.map'))).toEqual([]);
});
