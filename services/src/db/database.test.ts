import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database.js';
import { BACKENDS } from '../reference/test-database.js';

const postgres = BACKENDS.find((backend) => backend.name === 'postgres');

// PostgreSQL only (TEST_DATABASE_URL): SQLite stores text as UTF-8 whatever it is given.
describe.runIf(postgres)('the services database on PostgreSQL', () => {
  it('refuses a database that is not UTF8, saying how to create one', async () => {
    const admin = await openDatabase({ url: postgres!.url });
    const name = `guichet_ascii_${process.pid}`;
    try {
      await sql.raw(`drop database if exists ${name}`).execute(admin.db);
      await sql.raw(`create database ${name} encoding 'SQL_ASCII' locale 'C' template template0`).execute(admin.db);
      const url = new URL(postgres!.url!);
      url.pathname = `/${name}`;
      await expect(openDatabase({ url: url.toString() })).rejects.toThrow(/must be UTF8 \(it is SQL_ASCII\).*ENCODING 'UTF8'/);
      const utf8 = await openDatabase({ url: postgres!.url });
      await utf8.close();
    } finally {
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
      await admin.close();
    }
  });

  it('plans a repeated read once per connection, and answers again when its table changed under it', async () => {
    const schema = `keep_plans_${process.pid}`;
    const database = await openDatabase({ url: postgres!.url, schema, poolSize: 1 });
    try {
      await sql`create table kept (id integer primary key, name text)`.execute(database.db);
      await sql`insert into kept values (1, 'one')`.execute(database.db);
      const read = () => sql<Record<string, unknown>>`select * from kept where id = ${1}`.execute(database.db);
      expect((await read()).rows).toEqual([{ id: 1, name: 'one' }]);
      expect((await read()).rows).toEqual([{ id: 1, name: 'one' }]);
      const kept = await sql<{
        count: string;
      }>`select count(*) as count from pg_prepared_statements where statement like 'select * from kept%'`.execute(database.db);
      expect(Number(kept.rows[0].count)).toBe(1);
      // Its result columns change: the kept plan cannot answer, the query is sent again as it came.
      await sql`alter table kept add column note text`.execute(database.db);
      expect((await read()).rows).toEqual([{ id: 1, name: 'one', note: null }]);
      expect((await read()).rows).toEqual([{ id: 1, name: 'one', note: null }]);
    } finally {
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(database.db);
      await database.close();
    }
  });
});
