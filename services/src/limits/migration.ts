import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';

/** Rate-limit counters, shared by every replica. */
export function createRateLimits(dialect: DialectName): Migration {
  void dialect;
  return {
    async up(db: Kysely<AnyDatabase>) {
      void db;
    },
    async down(db: Kysely<AnyDatabase>) {
      void db;
    },
  };
}
