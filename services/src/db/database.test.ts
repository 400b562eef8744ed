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
});
