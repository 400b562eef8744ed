import { sql, type Kysely, type Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';
import { columnTypes } from '../db/column-types.js';

/** The table of the rate-limit counters. */
export const RATE_LIMIT_TABLE = 'rate_limit_window';

/**
 * Rate-limit counters, shared by every replica: one row per limited bucket (route group and client address),
 * its count in the current window and when the window ends (milliseconds since 1970). The index on the end
 * lets the sweep of ended windows read only what it deletes.
 */
export function createRateLimits(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      await db.schema
        .createTable(RATE_LIMIT_TABLE)
        .addColumn('bucket', columnTypes(dialect).text, (column) => column.primaryKey())
        .addColumn('hits', 'integer', (column) => column.notNull())
        .addColumn('reset_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex(`${RATE_LIMIT_TABLE}_reset_at`).on(RATE_LIMIT_TABLE).column('reset_at').execute();
      // Counts for the current minute need no durability: unlogged, PostgreSQL writes them without the WAL
      // (no flush per request; a crash of the database empties the table, which only restarts the windows).
      if (dialect === 'postgres') await sql`alter table ${sql.table(RATE_LIMIT_TABLE)} set unlogged`.execute(db);
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable(RATE_LIMIT_TABLE).ifExists().execute();
    },
  };
}
