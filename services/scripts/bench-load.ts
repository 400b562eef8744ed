// Load test of the whole portal: a realistic mix of content pages, page data, tariff searches, rates,
// codification and the finder, all at once, for 60 s at 64 connections; throughput, p50/p95/p99 and
// errors per route.
//   npm run bench:load                                 starts the server (site from public/, no rate limits)
//                                                      on SQLite, then on PostgreSQL when BENCH_DATABASE_URL
//                                                      or TEST_DATABASE_URL is set
//   npm run bench:load -- --url http://localhost:8000  measures a running portal (its rate limits apply:
//                                                      start it with RATE_LIMIT=0 RATE_LIMIT_FINDER=0)
// Options: --duration <s> (60), --connections <n> (64), --port <n> (8098).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseCsv } from '../src/db/csv.js';
import { benchPostgresUrl, option, pick, run, warmUp, withServer, type Scenario } from './bench-common.js';

const root = join(import.meta.dirname, '..', '..');
const siteDir = join(root, process.env.SITE_DIR || 'public');

/** Every built page and its page data, from the site the server serves. */
function builtFiles(folder: string, name: string): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(directory)) {
      const path = join(directory, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry === name) found.push(`/${relative(siteDir, path).split('\\').join('/')}`);
    }
  };
  walk(folder);
  return found;
}
const PAGES = builtFiles(siteDir, 'index.html')
  .filter((path) => /^\/(en|fr|es|ar|bn)\//.test(path))
  .map((path) => path.replace(/index\.html$/, ''));
const PAGE_DATA = builtFiles(join(siteDir, 'page-data'), 'page-data.json');

const tariff = parseCsv(readFileSync(join(root, 'data', 'tariff', 'bd-customs-tariff-2025-26.csv'), 'utf8'));
const counts = new Map<string, number>();
for (const line of tariff)
  for (const word of line.description.toLowerCase().match(/[a-z]{4,}/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
const KEYWORDS = [...counts]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 400)
  .map(([word]) => word);
const HEADINGS = [...new Set(tariff.map((line) => line.heading))];
const FINDER_QUERIES = [
  "men's cotton t-shirt",
  'laptop 14 inch',
  'riz blanchi',
  'frozen shrimp',
  'leather shoes',
  'solar panel 400w',
  'olive oil extra virgin',
  'mobile phone',
  'baby diapers',
  'steel pipes',
  'café torréfié',
  'camiseta de algodón',
];
const DAYS = Array.from({ length: 60 }, (_, index) => new Date(Date.now() - index * 86_400_000).toISOString().slice(0, 10));
const OFFICE_WORDS = ['custom', 'house', 'station', 'dhaka', 'chattogram', 'airport'];

const SCENARIOS: Scenario[] = [
  { name: 'content page', method: 'GET', weight: 14, request: (n) => ({ path: pick(PAGES, n) }) },
  { name: 'page data', method: 'GET', weight: 12, request: (n) => ({ path: pick(PAGE_DATA, n) }) },
  {
    name: 'tariff search',
    method: 'POST',
    weight: 12,
    request: (n) => ({
      path: '/reference-service/commodity/search',
      body:
        n % 3 === 0
          ? { max: 10, restrictBy: 'AND', restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: pick(HEADINGS, n) }] }
          : { max: 10, restrictBy: 'AND', restrictions: [{ field: 'description', operator: 'CONTAINS', value: pick(KEYWORDS, n) }] },
    }),
  },
  {
    name: 'exchange rates',
    method: 'GET',
    weight: 8,
    request: (n) => ({ path: `/exchange-rate-service/search?validityDate=${pick(DAYS, n)}&showDifference=true&max=10&offset=0` }),
  },
  {
    name: 'codification',
    method: 'POST',
    weight: 8,
    request: (n) => ({
      path: '/reference-service/customsOffice/search',
      body: {
        max: 10,
        offset: 0,
        restrictBy: 'AND',
        restrictions: [{ field: 'description', operator: 'CONTAINS', value: pick(OFFICE_WORDS, n) }],
      },
    }),
  },
  {
    name: 'finder',
    method: 'GET',
    weight: 10,
    request: (n) => ({ path: `/hs-finder/search?query=${encodeURIComponent(pick(FINDER_QUERIES, n))}` }),
  },
];

const duration = Number(option('duration', '60'));
const connections = Number(option('connections', '64'));
const port = Number(option('port', '8098'));
const externalUrl = option('url', '');

async function bench(label: string, baseUrl: string) {
  const total = SCENARIOS.reduce((sum, scenario) => sum + (scenario.weight ?? 1), 0);
  const shares = SCENARIOS.map((scenario) => Math.max(1, Math.round(((scenario.weight ?? 1) / total) * connections)));
  console.log(`\n${label}: ${shares.reduce((a, b) => a + b, 0)} connections for ${duration} s, all routes at once`);
  await warmUp(baseUrl, SCENARIOS);
  const rows = await Promise.all(SCENARIOS.map((scenario, index) => run(baseUrl, scenario, shares[index], duration)));
  console.table(rows.map((row, index) => ({ ...row, connections: shares[index] })));
  console.log(
    `total: ${rows.reduce((sum, row) => sum + row['req/s'], 0)} req/s, ${rows.reduce((sum, row) => sum + row.errors, 0)} errors; ` +
      `slowest API p95: ${Math.max(...rows.slice(2).map((row) => row['p95 ms']))} ms`,
  );
}

if (externalUrl) {
  await bench(`portal at ${externalUrl}`, externalUrl.replace(/\/+$/, ''));
} else {
  await withServer({ port }, (baseUrl) => bench('SQLite (var/services/guichet.db)', baseUrl));
  const url = benchPostgresUrl('load_bench');
  if (url)
    await withServer({ port, databaseUrl: url.toString() }, (baseUrl) =>
      bench(`PostgreSQL (${url.host}${url.pathname}, schema ${url.searchParams.get('schema')})`, baseUrl),
    );
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
}
