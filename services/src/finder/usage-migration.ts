import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';

/** The codes users pick after a finder search (text, code, language, time; nothing personal). */
export function createFinderUsage(dialect: DialectName): Migration {
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
