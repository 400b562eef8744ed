// Guichet as two replicas behind nginx on PostgreSQL (scripts/replicas.mjs), put to the test:
//   1. signs in through replica A and uses the session through replica B (and signs out on B);
//   2. one rate limit for a client across both replicas;
//   3. what counting a request in the database costs (the rate limit's upsert, on PostgreSQL and SQLite);
//   4. throughput through nginx with 2 replicas, then with 1;
//   5. kills a replica (SIGKILL) 20 s into a 60 s load with help-desk writes, restarts it at 40 s: failed
//      requests, and every acknowledged write looked up in the database;
//   6. a rolling restart under the same load: failed requests.
//   npm run bench:replicas [-- --duration 20 --connections 32]      (--duration: each throughput run, s)
// Needs nginx (apt-get install -y nginx) and PostgreSQL (REPLICAS_DATABASE_URL, default
// postgres://root@127.0.0.1:5432/guichet_replicas, created when missing). Ports 8100 (nginx), 8101, 8102.
import autocannon from 'autocannon';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ReplicaSet } from '../../scripts/replicas.mjs';
import { openDatabase } from '../src/db/database.js';
import { databaseCounters, memoryCounters, type Counters } from '../src/limits/counters.js';
import { createRateLimits } from '../src/limits/migration.js';
import { CLIENT, OIDC, PORTAL, demo, identityClient } from '../src/identity/test-client.js';
import { option, percentile, pick } from './bench-common.js';

const duration = Number(option('duration', '20'));
const connections = Number(option('connections', '32'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const figures: Record<string, string | number> = {};
const log = (message: string) => console.log(`[bench] ${message}`);

/** The identity test client's requests, sent over HTTP to one address (a replica, or nginx). */
function over(baseUrl: string) {
  return async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await fetch(`${baseUrl}${options.url}`, {
      method: options.method ?? 'GET',
      headers: options.headers as Record<string, string>,
      body: options.payload as string | undefined,
      redirect: 'manual',
    });
    const body = await response.text();
    const headers: Record<string, string | string[]> = Object.fromEntries(response.headers);
    headers['set-cookie'] = response.headers.getSetCookie();
    return { statusCode: response.status, headers, body, json: () => JSON.parse(body) } as unknown as LightMyRequestResponse;
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A reply read to the end: one left half-read keeps its connection busy, and a replica waits for it when it stops. */
async function read(reply: Promise<Response>): Promise<Response> {
  const response = await reply;
  await response.arrayBuffer();
  return response;
}

async function sessionAcrossReplicas(set: ReplicaSet) {
  const [a, b] = set.replicas.map((replica) => set.url(replica.port));
  const onA = identityClient(over(a));
  const onB = identityClient(over(b));
  const trader = demo('trader');
  const { tokens, session } = await onA.signInAs(trader.username, trader.password);
  const listOnB = await read(fetch(`${b}/helpdesk-service/requests`, { headers: bearer(tokens.access_token) }));
  // The browser's sign-in on A: B knows it (single sign-on, no login form) and issues a code A redeems.
  const { verifier, query } = onB.authQuery({ prompt: 'none' });
  const silent = await over(b)({ method: 'GET', url: `${OIDC}/auth?${query}`, headers: { cookie: session } });
  const location = String(silent.headers.location ?? '');
  const exchanged = location.includes('code=') ? await onA.exchange(location, verifier) : null;
  const logout = await over(b)({
    method: 'GET',
    url: `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PORTAL}/en/` })}`,
    headers: { cookie: session },
  });
  const afterOnA = await read(fetch(`${a}/helpdesk-service/requests`, { headers: bearer(tokens.access_token) }));
  const results = {
    'token from A accepted by B': listOnB.status === 200,
    'B signs the A session in silently, A redeems the code': exchanged?.statusCode === 200,
    'signed out on B, token refused by A': logout.statusCode === 302 && afterOnA.status === 401,
  };
  console.table(results);
  figures['session across replicas'] = Object.values(results).every(Boolean) ? 'pass' : 'FAIL';
}

/** The finder's limit (120 a minute) for one client, its requests alternating between A and B. */
async function sharedRateLimit(set: ReplicaSet) {
  const urls = set.replicas.map((replica) => set.url(replica.port));
  const client = { 'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 250)}` };
  const statuses: number[] = [];
  for (let index = 0; index < 124; index++) {
    statuses.push((await read(fetch(`${urls[index % 2]}/hs-finder/search?query=cotton+shirt`, { headers: client }))).status);
  }
  const ok = statuses.filter((status) => status === 200).length;
  const limited = statuses.slice(ok);
  log(`rate limit: ${ok} answered, then ${limited.join(', ')} (A and B in turn; a per-replica count would have let 240 through)`);
  figures['rate limit shared'] = ok === 120 && limited.every((status) => status === 429) ? 'pass (120 then 429 on both)' : 'FAIL';
}

/** Microseconds per counted request: the rate limit's upsert, one at a time and 16 at once. */
async function counterCost(databaseUrl: string) {
  const measure = async (name: string, counters: Counters, parallel: number, total = 4000) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < total) await counters.hit(`bench 10.9.${next % 200}.${next++ % 250}`, Date.now());
      }),
    );
    const micros = ((performance.now() - started) * 1000) / total;
    figures[`counter ${name}, ${parallel} at once (µs/request)`] = Math.round(micros);
  };
  await measure('in memory', memoryCounters(60_000), 1);
  const postgres = await openDatabase({ url: databaseUrl, schema: 'rate_limit_bench' });
  const dir = mkdtempSync(join(tmpdir(), 'guichet-counters-'));
  const sqlite = await openDatabase({ url: join(dir, 'counters.db') });
  try {
    await sql`drop table if exists rate_limit_window`.execute(postgres.db);
    for (const [name, database] of [
      ['PostgreSQL', postgres],
      ['SQLite', sqlite],
    ] as const) {
      await createRateLimits(database.dialect).up(database.db);
      await measure(name, databaseCounters(database, 60_000), 1);
      await measure(name, databaseCounters(database, 60_000), 16);
    }
  } finally {
    await sql`drop schema rate_limit_bench cascade`.execute(postgres.db);
    await postgres.close();
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const KEYWORDS = ['cotton', 'rice', 'steel', 'fish', 'milk', 'machine', 'paper', 'glass', 'wood', 'leather', 'sugar', 'tyre'];
const OFFICE_WORDS = ['custom', 'house', 'station', 'dhaka', 'chattogram', 'airport'];
const FINDER_QUERIES = ["men's cotton t-shirt", 'laptop 14 inch', 'riz blanchi', 'frozen shrimp', 'solar panel 400w', 'mobile phone'];
const DAYS = Array.from({ length: 60 }, (_, index) => new Date(Date.now() - index * 86_400_000).toISOString().slice(0, 10));

/** The API mix: reads (GET) and read-only searches (POST), spread over 4,096 client addresses. */
function mixedRequest(n: number): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  switch (n % 10) {
    case 0:
    case 1:
    case 2:
      return { method: 'GET', path: `/exchange-rate-service/search?validityDate=${pick(DAYS, n)}&showDifference=true&max=10&offset=0` };
    case 3:
    case 4:
    case 5: {
      const restriction = { field: 'description', operator: 'CONTAINS', value: pick(KEYWORDS, n) };
      return {
        method: 'POST',
        path: '/reference-service/commodity/search',
        body: { max: 10, restrictBy: 'AND', restrictions: [restriction] },
      };
    }
    case 6:
    case 7: {
      const restriction = { field: 'description', operator: 'CONTAINS', value: pick(OFFICE_WORDS, n) };
      return {
        method: 'POST',
        path: '/reference-service/customsOffice/search',
        body: { max: 10, restrictBy: 'AND', restrictions: [restriction] },
      };
    }
    default:
      return { method: 'GET', path: `/hs-finder/search?query=${encodeURIComponent(pick(FINDER_QUERIES, n))}` };
  }
}

interface LoadResult {
  requests: number;
  'req/s': number;
  'p50 ms': number;
  'p95 ms': number;
  'p99 ms': number;
  'not 200': string;
  'connection errors': string;
}

/** Drives the mix through `baseUrl` for `seconds`, or until 3 s after `until` settles; every answer but 200 is a failure. */
async function load(baseUrl: string, seconds: number, until?: Promise<unknown>): Promise<LoadResult> {
  const times: number[] = [];
  const failures = new Map<number, number>();
  const errors = new Map<string, number>();
  let sent = 0;
  const started = performance.now();
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const n = sent++;
              const next = mixedRequest(n);
              const k = n % 4096;
              const headers: Record<string, string> = { 'x-forwarded-for': `10.1.${k >> 8}.${k & 255}` };
              if (next.body) headers['content-type'] = 'application/json';
              return { ...request, method: next.method, path: next.path, headers, body: next.body ? JSON.stringify(next.body) : undefined };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    void until?.finally(() => sleep(3000).then(() => instance?.stop()));
    instance.on('reqError', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? error.message;
      errors.set(code, (errors.get(code) ?? 0) + 1);
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      if (statusCode !== 200) failures.set(statusCode, (failures.get(statusCode) ?? 0) + 1);
    });
  });
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    'req/s': Math.round(times.length / elapsed),
    'p50 ms': Math.round(percentile(times, 50)),
    'p95 ms': Math.round(percentile(times, 95)),
    'p99 ms': Math.round(percentile(times, 99)),
    'not 200': [...failures].map(([status, count]) => `${count}×${status}`).join(' ') || '0',
    'connection errors': `${result.errors + result.timeouts}${errors.size ? ` (${[...errors].map(([code, count]) => `${count}×${code}`).join(' ')})` : ''}`,
  };
}

/** Help-desk requests sent one after another by `count` writers, each answer kept to be checked in the database. */
function writers(baseUrl: string, token: string, tag: string, count = 4) {
  const outcomes: Array<{ subject: string; status: number; id?: string; error?: string }> = [];
  let stopped = false;
  let n = 0;
  const write = async (worker: number) => {
    for (let index = 0; !stopped; index++) {
      const subject = `Replica benchmark ${tag} writer ${worker} #${index}`;
      const k = n++ % 4096;
      try {
        const response = await fetch(`${baseUrl}/helpdesk-service/requests`, {
          method: 'POST',
          headers: {
            ...bearer(token),
            'content-type': 'application/json',
            'idempotency-key': `${tag}-${worker}-${index}`,
            'x-forwarded-for': `10.2.${k >> 8}.${k & 255}`,
          },
          body: JSON.stringify({ category: 'technical', subject, message: 'Sample request written by the replica benchmark.' }),
        });
        const body = (await response.json().catch(() => ({}))) as { id?: string };
        outcomes.push({ subject, status: response.status, id: body.id });
      } catch (error) {
        // No answer: the connection's error (a reset, a refused connection).
        outcomes.push({ subject, status: 0, error: (error as { cause?: { code?: string } }).cause?.code ?? String(error) });
      }
    }
  };
  const running = Promise.all(Array.from({ length: count }, (_, worker) => write(worker)));
  return {
    async stop() {
      stopped = true;
      await running;
      return outcomes;
    },
  };
}

/** Every acknowledged (201) write is in the database; and which failed ones were written all the same. */
async function checkWrites(
  databaseUrl: string,
  tag: string,
  outcomes: Array<{ subject: string; status: number; id?: string; error?: string }>,
) {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const rows = await database.db
      .selectFrom('helpdesk_request')
      .select(['id', 'subject'])
      .where('subject', 'like', `Replica benchmark ${tag} %`)
      .execute();
    const ids = new Set(rows.map((row) => row.id as string));
    const subjects = new Set(rows.map((row) => row.subject as string));
    const acknowledged = outcomes.filter((outcome) => outcome.status === 201);
    const failed = outcomes.filter((outcome) => outcome.status !== 201);
    return {
      writes: outcomes.length,
      acknowledged: acknowledged.length,
      failed: failed.length,
      'failed statuses': [...new Set(failed.map((outcome) => outcome.error ?? outcome.status))].join(' ') || '-',
      'acknowledged but lost': acknowledged.filter((outcome) => !ids.has(outcome.id!)).length,
      'failed but written': failed.filter((outcome) => subjects.has(outcome.subject)).length,
      'rows in database': rows.length,
    };
  } finally {
    await database.close();
  }
}

async function signIn(baseUrl: string) {
  const trader = demo('trader');
  const { tokens } = await identityClient(over(baseUrl)).signInAs(trader.username, trader.password);
  return tokens.access_token as string;
}

/** 60 s of load with writes; replica B killed at 20 s (a crash: SIGKILL) and started again at 40 s. */
async function killOne(set: ReplicaSet) {
  const tag = randomBytes(4).toString('hex');
  const writing = writers(set.url(), await signIn(set.url()), tag);
  const crash = (async () => {
    await sleep(20_000);
    await set.stopReplica(1, 'SIGKILL');
    log('replica B killed (SIGKILL)');
    await sleep(20_000);
    await set.startReplica(1);
  })();
  const reads = await load(set.url(), 60);
  await crash;
  const writes = await checkWrites(set.databaseUrl, tag, await writing.stop());
  console.table({ reads, writes });
  figures['kill: reads failed'] = `${reads['not 200']} / ${reads.requests} (+${reads['connection errors']} connection errors)`;
  figures['kill: writes failed'] = `${writes.failed} / ${writes.writes}`;
  figures['kill: acknowledged writes lost'] = writes['acknowledged but lost'];
}

/** Replicas replaced one at a time (SIGTERM: drained out of nginx without a reload; a new one) under load with writes. */
async function rollingRestart(set: ReplicaSet) {
  const tag = randomBytes(4).toString('hex');
  const writing = writers(set.url(), await signIn(set.url()), tag);
  const started = performance.now();
  const restart = sleep(5000).then(() => set.rollingRestart());
  const reads = await load(set.url(), 600, restart);
  await restart;
  const writes = await checkWrites(set.databaseUrl, tag, await writing.stop());
  console.table({ reads, writes });
  figures['rolling restart: seconds under load'] = Math.round((performance.now() - started) / 1000);
  figures['rolling restart: reads failed'] = `${reads['not 200']} / ${reads.requests} (+${reads['connection errors']} connection errors)`;
  figures['rolling restart: writes failed'] = `${writes.failed} / ${writes.writes}`;
  figures['rolling restart: acknowledged writes lost'] = writes['acknowledged but lost'];
}

/** 2 replicas, 1 (B out of nginx), 2 again: the machine is shared, so the two runs of 2 show the noise. */
async function throughput(set: ReplicaSet) {
  for (let n = 0; n < 50; n++)
    await read(fetch(`${set.url()}/hs-finder/search?query=warm+up+${n}`, { headers: { 'x-forwarded-for': '10.3.0.1' } }));
  const runs: Record<string, LoadResult & { 'load average': number }> = {};
  const measure = async (name: string) => {
    runs[name] = { ...(await load(set.url(), duration)), 'load average': Math.round(loadavg()[0] * 10) / 10 };
  };
  await measure('2 replicas');
  await set.setInRotation(1, false);
  await measure('1 replica');
  await set.setInRotation(1, true);
  await measure('2 replicas, again');
  console.table(runs);
  const two = (runs['2 replicas']['req/s'] + runs['2 replicas, again']['req/s']) / 2;
  figures['req/s, 1 replica'] = runs['1 replica']['req/s'];
  figures['req/s, 2 replicas (mean of 2 runs)'] = Math.round(two);
  figures['ratio 2/1'] = Math.round((two / runs['1 replica']['req/s']) * 100) / 100;
  figures['p95 ms, 2 / 1 / 2 replicas'] = Object.values(runs)
    .map((run) => run['p95 ms'])
    .join(' / ');
}

const set = new ReplicaSet({ log: (message) => console.log(`[replicas] ${message}`) });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void set.stop().then(() => process.exit(130)));
try {
  await set.start();
  log('1. a session across replicas');
  await sessionAcrossReplicas(set);
  log('2. one rate limit across replicas');
  await sharedRateLimit(set);
  log('3. the cost of counting a request');
  await counterCost(set.databaseUrl);
  log(`4. throughput through nginx, ${duration} s each, ${connections} connections`);
  await throughput(set);
  log('5. a replica killed in the middle of a 60 s load');
  await killOne(set);
  log('6. a rolling restart under load');
  await rollingRestart(set);
} finally {
  await set.stop();
}
console.log(
  `\nreplica benchmark (${connections} connections, rate limits on, 4 help-desk writers in steps 5 and 6; ${cpus().length} cores):`,
);
console.table(figures);
