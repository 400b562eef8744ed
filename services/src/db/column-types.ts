import { sql } from 'kysely';
import type { DialectName } from './database.js';

/**
 * The column types a migration writes differently on each database: text that compares byte by byte (as
 * SQLite's does; the "C" collation on PostgreSQL), an auto-numbered key, and a 64-bit integer.
 */
export function columnTypes(dialect: DialectName) {
  const postgres = dialect === 'postgres';
  return {
    text: postgres ? sql`text collate "C"` : sql`text`,
    serial: postgres ? 'serial' : 'integer',
    bigint: postgres ? 'bigint' : 'integer',
  } as const;
}
