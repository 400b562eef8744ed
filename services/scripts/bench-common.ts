// What the load benchmarks share: options, a measured run of varied requests, and a server to measure.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface BenchRequest {
  path: string;
  body?: unknown;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  /** The n-th request of the run: varied, so that caches see realistic traffic, not one request. */
  request: (n: number) => BenchRequest;
  /** Share of the connections in a mixed run. */
  weight?: number;
}

export function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

/** A deterministic spread over a pool: the same run asks the same things. */
export const pick = <T>(pool: T[], n: number): T => pool[(n * 2654435761) % pool.length];

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/** Drives one scenario with autocannon; every answer other than 200 counts as an error. */
export async function run(baseUrl: string, scenario: Scenario, connections: number, duration: number) {
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
    'p50 ms': tenths(percentile(times, 50)),
    'p95 ms': tenths(percentile(times, 95)),
    'p99 ms': tenths(percentile(times, 99)),
    requests: times.length,
    errors: failures + result.errors + result.timeouts,
  };
}

/** One request of each scenario, so the first measured one does not pay for cold caches. */
export async function warmUp(baseUrl: string, scenarios: Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    const { path, body } = scenario.request(1_000_003);
    await fetch(`${baseUrl}${path}`, {
      method: scenario.method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  }
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

/** Runs work against a guichet server of its own (site from public/, no rate limits), stopped afterwards. */
export async function withServer<T>(
  options: { port: number; databaseUrl?: string; env?: NodeJS.ProcessEnv },
  work: (baseUrl: string) => Promise<T>,
): Promise<T> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SITE_DIR: process.env.SITE_DIR || 'public',
    RATE_LIMIT: '0',
    RATE_LIMIT_FINDER: '0',
    RATE_LIMIT_PRINT: '0',
    ...options.env,
  };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'src', 'main.ts')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    const baseUrl = `http://127.0.0.1:${options.port}`;
    await waitFor(`${baseUrl}/reference-service/openapi.json`, child, 180);
    return await work(baseUrl);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
  }
}

/** The PostgreSQL URL to measure (BENCH_DATABASE_URL or TEST_DATABASE_URL) in a schema of its own, if any. */
export function benchPostgresUrl(schema: string): URL | null {
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!postgresUrl) return null;
  const url = new URL(postgresUrl);
  if (!url.searchParams.has('schema')) url.searchParams.set('schema', schema);
  return url;
}
