// Load test of the reference service: req/s and p50/p95/p99 latency per scenario.
//   npm run bench:reference                         starts the server on SQLite (and on PostgreSQL when
//                                                   BENCH_DATABASE_URL or TEST_DATABASE_URL is set), one after the other
//   npm run bench:reference -- --url http://localhost:8000   measures a server that is already running
// Each server it starts is measured twice: with the answer cache on (as deployed) and off
// (REFERENCE_CACHE_SIZE=0: every request runs its SQL). --cached-only skips the second pass.
// Options: --duration <s> (5), --connections <n> (32), --port <n> (8097, for the servers it starts).
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const SCENARIOS: Scenario[] = [
  {
    name: 'tariff keyword CONTAINS',
    method: 'POST',
    path: '/reference-service/commodity/search',
    body: { max: 15, restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'cotton' }] },
  },
  {
    name: 'HS prefix STARTS_WITH',
    method: 'POST',
    path: '/reference-service/commodity/search',
    body: { max: 15, restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: '8471' }] },
  },
  {
    name: 'codification: declarants',
    method: 'POST',
    path: '/reference-service/declarant/search',
    body: {
      max: 10,
      restrictBy: 'OR',
      restrictions: [
        { field: 'code', operator: 'STARTS_WITH', value: 'AIN3010' },
        { field: 'description', operator: 'CONTAINS', value: 'logistics' },
      ],
    },
  },
  { name: 'GET by code', method: 'GET', path: '/reference-service/commodity/09011110' },
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
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${baseUrl}${scenario.path}`,
        method: scenario.method,
        connections,
        duration,
        headers: scenario.body ? { 'content-type': 'application/json' } : {},
        body: scenario.body ? JSON.stringify(scenario.body) : undefined,
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
  // Warm-up so the first scenario does not pay for cold caches.
  for (const scenario of SCENARIOS) {
    await fetch(`${baseUrl}${scenario.path}`, {
      method: scenario.method,
      headers: scenario.body ? { 'content-type': 'application/json' } : {},
      body: scenario.body ? JSON.stringify(scenario.body) : undefined,
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
