import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';
import { columnTypes } from '../db/column-types.js';

/** Table of the codes users pick after a finder search: text, code, language and time, nothing personal. */
export const USAGE_TABLE = 'finder_usage';

/** The codes users pick after a finder search (text, code, language, time; nothing personal). */
export function createFinderUsage(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text, serial } = columnTypes(dialect);
      await db.schema
        .createTable(USAGE_TABLE)
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('query', 'text', (column) => column.notNull())
        .addColumn('code', text, (column) => column.notNull())
        .addColumn('language', text, (column) => column.notNull())
        // ISO 8601 UTC text on both databases: ordered as time, read back unchanged.
        .addColumn('createdAt', text, (column) => column.notNull())
        .execute();
      await db.schema.createIndex(`${USAGE_TABLE}_created`).on(USAGE_TABLE).columns(['createdAt', 'id']).execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable(USAGE_TABLE).ifExists().execute();
    },
  };
}
