// Load test of the reference service: req/s and p50/p95/p99 latency per scenario.
//   npm run bench:reference                         starts the server on SQLite (and on PostgreSQL when
//                                                   BENCH_DATABASE_URL or TEST_DATABASE_URL is set), one after the other
//   npm run bench:reference -- --url http://localhost:8000   measures a server that is already running
// Each server it starts is measured twice: with the answer cache on (as deployed) and off
// (REFERENCE_CACHE_SIZE=0: every request runs its SQL). --cached-only skips the second pass.
// Requests vary within each scenario (400 tariff keywords, every heading, every tariff line, declarant
// words), so the cached figures reflect a cache that misses as well as hits.
// Options: --duration <s> (5), --connections <n> (32), --port <n> (8097, for the servers it starts).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../src/db/csv.js';

interface Request {
  path: string;
  body?: unknown;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** The n-th request of the run: varied, so that the answer cache sees realistic traffic, not one request. */
  request: (n: number) => Request;
}

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

/** A deterministic spread over a pool: the same run asks the same things. */
const pick = <T>(pool: T[], n: number): T => pool[(n * 2654435761) % pool.length];

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

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}
const duration = Number(option('duration', '5'));
const cachedOnly = process.argv.includes('--cached-only');
const connections = Number(option('connections', '32'));
const port = Number(option('port', '8097'));
const externalUrl = option('url', '');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function run(baseUrl: string, scenario: Scenario) {
  const times: number[] = [];
  let failures = 0;
  let sent = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration,
        requests: [
          {
            method: scenario.method,
            setupRequest: (request) => {
              const next = scenario.request(sent++);
              return {
                ...request,
                method: scenario.method,
                path: next.path,
                headers: next.body ? { 'content-type': 'application/json' } : {},
                body: next.body ? JSON.stringify(next.body) : undefined,
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== 200) failures++;
    });
  });
  times.sort((a, b) => a - b);
  return {
    scenario: scenario.name,
    'req/s': Math.round(result.requests.average),
    'p50 ms': percentile(times, 50),
    'p95 ms': percentile(times, 95),
    'p99 ms': percentile(times, 99),
    requests: times.length,
    'non-200': failures + result.errors + result.timeouts,
  };
}

async function waitFor(url: string, child: ChildProcess, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not answer ${url} within ${seconds} s`);
}

async function withServer<T>(databaseUrl: string | undefined, cache: boolean, work: (baseUrl: string) => Promise<T>): Promise<T> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SITE_DIR: process.env.SITE_DIR || 'public',
  };
  env.REFERENCE_CACHE_SIZE = cache ? '2000' : '0';
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'src', 'main.ts')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitFor(`${baseUrl}/reference-service/openapi.json`, child, 180);
    return await work(baseUrl);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

async function bench(label: string, baseUrl: string) {
  console.log(`\n${label}: ${connections} connections, ${duration} s per scenario`);
  // Warm-up so the first scenario does not pay for cold statement and page caches (not the answer cache).
  for (const scenario of SCENARIOS) {
    const { path, body } = scenario.request(1_000_003);
    await fetch(`${baseUrl}${path}`, {
      method: scenario.method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  }
  const rows = [];
  for (const scenario of SCENARIOS) rows.push(await run(baseUrl, scenario));
  console.table(rows);
}

if (externalUrl) {
  await bench(`server at ${externalUrl}`, externalUrl.replace(/\/+$/, ''));
} else {
  const modes = cachedOnly ? [true] : [true, false];
  for (const cache of modes) {
    await withServer(undefined, cache, (baseUrl) => bench(`SQLite (var/services/guichet.db), cache ${cache ? 'on' : 'off'}`, baseUrl));
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const url = new URL(postgresUrl);
    if (!url.searchParams.has('schema')) url.searchParams.set('schema', 'reference_bench');
    for (const cache of modes) {
      await withServer(url.toString(), cache, (baseUrl) =>
        bench(`PostgreSQL (${url.host}${url.pathname}, schema ${url.searchParams.get('schema')}), cache ${cache ? 'on' : 'off'}`, baseUrl),
      );
    }
  } else {
    console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
  }
}
