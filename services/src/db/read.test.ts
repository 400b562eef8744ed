import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { openDatabase, type Database } from './database.js';
import { workerReader } from './read.js';

describe('SQLite reads on a worker thread', () => {
  let dir: string;
  let database: Database;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'guichet-read-'));
    database = await openDatabase({ url: join(dir, 'read.db') });
    await sql`create table item (id integer primary key, name text)`.execute(database.db);
    await sql`insert into item (id, name) values (1, 'cotton'), (2, 'riz'), (3, 'أرز')`.execute(database.db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers with what the main connection committed, on a connection of its own that cannot write', async () => {
    const names = sql<{ name: string }>`select name from item where id >= ${2} order by id`.compile(database.db);
    expect(await database.read(names)).toEqual([{ name: 'riz' }, { name: 'أرز' }]);
    await sql`insert into item (id, name) values (4, 'জুতা')`.execute(database.db);
    expect((await database.read(names)).map((row) => row.name)).toEqual(['riz', 'أرز', 'জুতা']);
    // The worker's connection is read-only: a write given to it fails there and changes nothing.
    await expect(database.read(CompiledQuery.raw('delete from item returning id'))).rejects.toThrow(/readonly/);
    expect((await sql<{ count: number }>`select count(*) as count from item`.execute(database.db)).rows[0].count).toBe(4);
  });

  it('answers many reads at once, each with its own rows', async () => {
    const ids = Array.from({ length: 50 }, (_, position) => (position % 3) + 1);
    const answers = await Promise.all(
      ids.map((id) => database.read(sql<{ id: number }>`select id from item where id = ${id}`.compile(database.db))),
    );
    expect(answers.map((rows) => rows[0].id)).toEqual(ids);
  });

  it('runs the reads on the main connection when the worker cannot start, losing none', async () => {
    const onMain: string[] = [];
    const reader = workerReader(join(dir, 'missing.db'), async (query) => {
      onMain.push(query.sql);
      return (await database.db.executeQuery(query)).rows;
    });
    try {
      const query = sql<{ name: string }>`select name from item where id = ${1}`.compile(database.db);
      expect(await Promise.all([reader.read(query), reader.read(query)])).toEqual([[{ name: 'cotton' }], [{ name: 'cotton' }]]);
      expect(await reader.read(query)).toEqual([{ name: 'cotton' }]);
      expect(onMain).toHaveLength(3);
    } finally {
      await reader.close();
    }
  });
});
