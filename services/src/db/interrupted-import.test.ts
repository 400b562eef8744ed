import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import type { Database } from './database.js';

const servicesDir = join(import.meta.dirname, '..', '..');
const tsx = join(servicesDir, 'node_modules', '.bin', 'tsx');

/** The DATABASE_URL a separate process uses to reach the test's database. */
function urlOf(backend: { url?: string }, database: Database): string {
  if (!backend.url) return database.location;
  const url = new URL(backend.url);
  url.searchParams.set('schema', database.schema!);
  return url.toString();
}

function runImport(url: string, args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; output: string }> } {
  const child = spawn(tsx, ['scripts/import.ts', ...args], { cwd: servicesDir, env: { ...process.env, DATABASE_URL: url } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on('exit', (code) => resolve({ code, output })));
  return { child, done };
}

/** Whether another connection holds the import's lock right now (its transaction is open). */
async function importInProgress(database: Database): Promise<boolean> {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{
      held: number;
    }>`select count(*)::int as held from pg_locks where locktype = 'advisory' and granted`.execute(database.db);
    return rows[0].held > 0;
  }
  const { default: SQLite } = await import('better-sqlite3');
  const probe = new SQLite(database.location, { timeout: 0 });
  try {
    probe.exec('begin immediate');
    probe.exec('rollback');
    return false;
  } catch {
    return true;
  } finally {
    probe.close();
  }
}

const count = async (database: Database, table: string) =>
  Number(
    (
      await database.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe.each(BACKENDS)('data-pack imports under failure and concurrency on $name', (backend) => {
  let service: TestService | undefined;
  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  it('an import killed half-way leaves the previous data whole', async () => {
    service = await startTestService(backend, ['currency', 'exchangeRate'], async () => undefined);
    const { database } = service;
    const before = await count(database, 'ref_exchange_rate');
    expect(before).toBeGreaterThan(30000);
    const { child, done } = runImport(urlOf(backend, database), ['exchangeRate', '--force']);
    // Kill it while its transaction is open (after it deleted the old rows and while it writes the new ones).
    const deadline = Date.now() + 60_000;
    while (!(await importInProgress(database))) {
      if (Date.now() > deadline)
        throw new Error(`the import never started: ${(await Promise.race([done, Promise.resolve(null)]))?.output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    const { code } = await done;
    expect(code).toBeNull();
    // PostgreSQL rolls the dead client's transaction back once it notices the closed connection.
    const settled = Date.now() + 30_000;
    while ((await importInProgress(database)) && Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await count(database, 'ref_exchange_rate')).toBe(before);
    const usd = await database.db.selectFrom('ref_exchange_rate').select('rate').where('code', '=', 'USD').executeTakeFirst();
    expect(Number(usd?.rate)).toBeGreaterThan(0);
  }, 120_000);

  it('two importers at once import a pack once', async () => {
    service = await startTestService(backend, [], async () => undefined);
    const url = urlOf(backend, service.database);
    const [first, second] = await Promise.all([
      runImport(url, ['currency', 'location']).done,
      runImport(url, ['currency', 'location']).done,
    ]);
    expect([first.code, second.code]).toEqual([0, 0]);
    const statuses = [first.output, second.output].map((output) => /location\s+(imported|unchanged)/.exec(output)?.[1]).sort();
    expect(statuses).toEqual(['imported', 'unchanged']);
    const rows = await count(service.database, 'ref_location');
    const distinct = Number(
      (
        await service.database.db
          .selectFrom('ref_location')
          .select(sql<number>`count(distinct code)`.as('n'))
          .executeTakeFirst()
      )?.n,
    );
    expect(rows).toBe(distinct);
    expect(rows).toBeGreaterThan(50000);
  }, 120_000);
});
