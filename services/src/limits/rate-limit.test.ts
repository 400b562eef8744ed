import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { openDatabase, type Database } from '../db/database.js';
import { createRateLimits, RATE_LIMIT_TABLE } from './migration.js';
import { rateLimit, rateLimitsFrom, type RateLimits } from './rate-limit.js';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
const BACKENDS = [
  { name: 'sqlite', url: undefined as string | undefined },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

/** A fresh database holding the counters' table (a temporary SQLite file or a throw-away PostgreSQL schema). */
async function freshStore(url: string | undefined) {
  if (url) {
    const schema = `rate_limit_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const database = await openDatabase({ url, schema, poolSize: 4 });
    await createRateLimits('postgres').up(database.db);
    return {
      database,
      open: () => openDatabase({ url, schema, poolSize: 4 }),
      async remove() {
        await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
        await database.close();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'guichet-rate-limit-'));
  const file = join(dir, 'limits.db');
  const database = await openDatabase({ url: file });
  await createRateLimits('sqlite').up(database.db);
  return {
    database,
    open: () => openDatabase({ url: file }),
    async remove() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A replica: its own app and its own connection to the shared database, on a clock the test moves. */
async function replica(database: Database, limits: RateLimits, clock: { time: number }, logs: string[] = []) {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ trustProxy: true, logger: { level: 'warn', stream } });
  rateLimit(app, { limits, prefixes: ['/svc'], finderPrefixes: ['/hs-finder'], now: () => clock.time }).share(database);
  app.get('/svc/search', async () => ({ ok: true }));
  app.get('/svc/print', async () => ({ ok: true }));
  app.get('/hs-finder/search', async () => ({ ok: true }));
  app.get('/en/', async () => 'page');
  await app.ready();
  return app;
}

const get = (app: FastifyInstance, url: string, ip = '10.0.0.1') => app.inject({ method: 'GET', url, remoteAddress: ip });
const rows = async (database: Database) =>
  (await sql<{ bucket: string }>`select bucket from ${sql.table(RATE_LIMIT_TABLE)} order by bucket`.execute(database.db)).rows.map(
    (row) => row.bucket,
  );

describe.each(BACKENDS)('rate limits per client IP, counted in the database ($name)', ({ url }) => {
  let store: Awaited<ReturnType<typeof freshStore>>;
  let other: Database;
  const clock = { time: 1_000_000 };
  let first: FastifyInstance;
  let second: FastifyInstance;
  beforeAll(async () => {
    store = await freshStore(url);
    other = await store.open();
    first = await replica(store.database, { default: 5, finder: 2, print: 1 }, clock);
    second = await replica(other, { default: 5, finder: 2, print: 1 }, clock);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await other?.close();
    await store?.remove();
  });

  it('answers 429 with Retry-After past the limit, per address, until the window ends', async () => {
    for (let index = 0; index < 5; index++) {
      const response = await get(first, '/svc/search?x=1');
      expect(response.statusCode).toBe(200);
      expect(response.headers['ratelimit-remaining']).toBe(String(4 - index));
    }
    clock.time += 15_000;
    const limited = await get(first, '/svc/search');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('45');
    expect(limited.json()).toMatchObject({ error: 'Too Many Requests' });
    // Another address has its own count.
    expect((await get(first, '/svc/search', '10.0.0.2')).statusCode).toBe(200);
    // Behind a trusted proxy, the forwarded client address counts.
    const forwarded = await first.inject({
      method: 'GET',
      url: '/svc/search',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '10.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(429);
    // The other replica knows the count too.
    expect((await get(second, '/svc/search')).statusCode).toBe(429);
    clock.time += 45_000;
    expect((await get(second, '/svc/search')).statusCode).toBe(200);
    expect((await get(first, '/svc/search')).headers['ratelimit-remaining']).toBe('3');
  });

  it('gives a client one limit across replicas: hits on either replica count against it', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 8; index++) statuses.push((await get(index % 2 ? second : first, '/svc/search', '10.0.2.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('loses no hit when replicas count the same client at the same moment', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => get(index % 2 ? second : first, '/svc/search', '10.0.3.1').then((r) => r.statusCode)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('limits the finder and the print endpoints more tightly, and leaves pages alone', async () => {
    expect((await get(first, '/hs-finder/search', '10.0.1.1')).statusCode).toBe(200);
    expect((await get(second, '/hs-finder/search', '10.0.1.1')).statusCode).toBe(200);
    expect((await get(first, '/hs-finder/search', '10.0.1.1')).statusCode).toBe(429);
    expect((await get(second, '/svc/print', '10.0.1.1')).statusCode).toBe(200);
    expect((await get(first, '/svc/print', '10.0.1.1')).statusCode).toBe(429);
    expect((await get(first, '/svc/search', '10.0.1.1')).statusCode).toBe(200);
    for (let index = 0; index < 20; index++) expect((await get(second, '/en/', '10.0.1.1')).statusCode).toBe(200);
  });

  it('deletes the rows of ended windows', async () => {
    expect((await rows(store.database)).length).toBeGreaterThan(3);
    clock.time += 61_000;
    expect((await get(first, '/svc/search', '10.0.4.1')).statusCode).toBe(200);
    // The sweep does not hold the request up: wait for it.
    for (let attempt = 0; attempt < 50 && (await rows(store.database)).length > 1; attempt++) await new Promise((r) => setTimeout(r, 20));
    expect(await rows(store.database)).toEqual(['default 10.0.4.1']);
  });
});

describe.each(BACKENDS)('when the counters cannot be reached ($name)', ({ url }) => {
  it('fails open to this replica’s own count, and says so in the log once', async () => {
    const store = await freshStore(url);
    const logs: string[] = [];
    const app = await replica(store.database, { default: 3, finder: 3, print: 3 }, { time: 5_000_000 }, logs);
    try {
      expect((await get(app, '/svc/search')).statusCode).toBe(200);
      await store.database.db.schema.dropTable(RATE_LIMIT_TABLE).execute();
      const statuses: number[] = [];
      for (let index = 0; index < 5; index++) statuses.push((await get(app, '/svc/search')).statusCode);
      // The local count starts when the database stops answering: 3 more, then 429.
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const warnings = logs.filter((line) => line.includes('the database did not count a request'));
      expect(warnings).toHaveLength(1);
    } finally {
      await app.close();
      await store.remove();
    }
  });
});

describe('rate limit settings', () => {
  it('reads its limits from the environment, 0 meaning none', () => {
    const parse = (_: string, value: string | undefined, fallback: number) => (value === undefined ? fallback : Number(value));
    expect(rateLimitsFrom({}, parse)).toEqual({ default: 1000, finder: 120, print: 30 });
    expect(rateLimitsFrom({ RATE_LIMIT: '0', RATE_LIMIT_PRINT: '5' }, parse)).toEqual({ default: 0, finder: 120, print: 5 });
  });
});
