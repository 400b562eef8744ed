// Load test of the reference service: req/s and p50/p95/p99 latency per scenario.
//   npm run bench:reference                         starts the server on SQLite (and on PostgreSQL when
//                                                   BENCH_DATABASE_URL or TEST_DATABASE_URL is set), one after the other
//   npm run bench:reference -- --url http://localhost:8000   measures a server that is already running
// Each server it starts is measured twice: with the answer cache on (as deployed) and off
// (REFERENCE_CACHE_SIZE=0: every request runs its SQL). --cached-only skips the second pass.
// Requests vary within each scenario (400 tariff keywords, every heading, every tariff line, declarant
// words), so the cached figures reflect a cache that misses as well as hits.
// Options: --duration <s> (5), --connections <n> (32), --port <n> (8097, for the servers it starts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../src/db/csv.js';
import { benchPostgresUrl, option, pick, run, warmUp, withServer, type Scenario } from './bench-common.js';

// Pools of real values: keywords and headings from the tariff, every tariff line, declarant name words.
const tariff = parseCsv(readFileSync(join(import.meta.dirname, '..', '..', 'data', 'tariff', 'bd-customs-tariff-2025-26.csv'), 'utf8'));
const wordCounts = new Map<string, number>();
for (const line of tariff)
  for (const word of line.description.toLowerCase().match(/[a-z]{4,}/g) ?? []) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
const KEYWORDS = [...wordCounts]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 400)
  .map(([word]) => word);
const CODES = tariff.map((line) => line.hs_code.replace(/\./g, ''));
const HEADINGS = [...new Set(CODES.map((code) => code.slice(0, 4)))];
const DECLARANT_WORDS = ['logistics', 'agency', 'forwarding', 'clearing', 'brokers', 'services', 'licensed', 'rahman', 'islam', 'ahmed'];

const SCENARIOS: Scenario[] = [
  {
    name: 'tariff keyword CONTAINS',
    method: 'POST',
    request: (n) => ({
      path: '/reference-service/commodity/search',
      body: { max: 15, restrictions: [{ field: 'description', operator: 'CONTAINS', value: pick(KEYWORDS, n) }] },
    }),
  },
  {
    name: 'HS prefix STARTS_WITH',
    method: 'POST',
    request: (n) => ({
      path: '/reference-service/commodity/search',
      body: { max: 15, restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: pick(HEADINGS, n) }] },
    }),
  },
  {
    name: 'codification: declarants',
    method: 'POST',
    request: (n) => ({
      path: '/reference-service/declarant/search',
      body: {
        max: 10,
        restrictBy: 'OR',
        restrictions: [
          { field: 'code', operator: 'STARTS_WITH', value: `AIN3010${n % 10}` },
          { field: 'description', operator: 'CONTAINS', value: pick(DECLARANT_WORDS, n) },
        ],
      },
    }),
  },
  { name: 'GET by code', method: 'GET', request: (n) => ({ path: `/reference-service/commodity/${pick(CODES, n)}` }) },
];

const duration = Number(option('duration', '5'));
const cachedOnly = process.argv.includes('--cached-only');
const connections = Number(option('connections', '32'));
const port = Number(option('port', '8097'));
const externalUrl = option('url', '');

async function bench(label: string, baseUrl: string) {
  console.log(`\n${label}: ${connections} connections, ${duration} s per scenario`);
  // Warm-up so the first scenario does not pay for cold statement and page caches (not the answer cache).
  await warmUp(baseUrl, SCENARIOS);
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await run(baseUrl, scenario, connections, duration));
  console.table(rows);
}

if (externalUrl) {
  await bench(`server at ${externalUrl}`, externalUrl.replace(/\/+$/, ''));
} else {
  const modes = cachedOnly ? [true] : [true, false];
  for (const cache of modes) {
    await withServer({ port, env: { REFERENCE_CACHE_SIZE: cache ? '2000' : '0' } }, (baseUrl) =>
      bench(`SQLite (var/services/guichet.db), cache ${cache ? 'on' : 'off'}`, baseUrl),
    );
  }
  const url = benchPostgresUrl('reference_bench');
  if (url) {
    for (const cache of modes) {
      await withServer({ port, databaseUrl: url.toString(), env: { REFERENCE_CACHE_SIZE: cache ? '2000' : '0' } }, (baseUrl) =>
        bench(`PostgreSQL (${url.host}${url.pathname}, schema ${url.searchParams.get('schema')}), cache ${cache ? 'on' : 'off'}`, baseUrl),
      );
    }
  } else {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
  }
}
