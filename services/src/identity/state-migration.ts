import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';
import { columnTypes } from '../db/column-types.js';

/**
 * Sign-in sessions, authorisation codes and login throttles, shared by every replica. Only digests of the
 * secrets are kept (the session cookie, the code): a copy of the tables signs nobody in. Times are
 * milliseconds since 1970 (bigint on PostgreSQL); each table has an index on what makes a row expire, for
 * the sweep that deletes them.
 */
export function createIdentityState(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text, bigint: time } = columnTypes(dialect);
      await db.schema
        .createTable('identity_session')
        .addColumn('id', text, (column) => column.primaryKey())
        .addColumn('secretDigest', text, (column) => column.notNull().unique())
        .addColumn('userId', text, (column) => column.notNull())
        /** Seconds, as tokens carry it (auth_time). */
        .addColumn('authTime', time, (column) => column.notNull())
        .addColumn('lastActive', time, (column) => column.notNull())
        /** lastActive + the realm's idle timeout: moves with activity. */
        .addColumn('idleEndsAt', time, (column) => column.notNull())
        /** authTime + the realm's maximum lifespan: fixed. */
        .addColumn('endsAt', time, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('identity_session_idle_ends').on('identity_session').column('idleEndsAt').execute();
      await db.schema.createIndex('identity_session_ends').on('identity_session').column('endsAt').execute();
      await db.schema.createIndex('identity_session_user').on('identity_session').column('userId').execute();

      await db.schema
        .createTable('identity_code')
        .addColumn('codeDigest', text, (column) => column.primaryKey())
        .addColumn('clientId', 'text', (column) => column.notNull())
        .addColumn('redirectUri', 'text', (column) => column.notNull())
        .addColumn('codeChallenge', 'text', (column) => column.notNull())
        .addColumn('nonce', 'text')
        .addColumn('scope', 'text', (column) => column.notNull())
        .addColumn('sessionId', text, (column) => column.notNull())
        .addColumn('userId', text, (column) => column.notNull())
        .addColumn('expiresAt', time, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('identity_code_expires').on('identity_code').column('expiresAt').execute();

      await db.schema
        .createTable('identity_login_failure')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (column) => column.primaryKey())
        /** user:{login} or ip:{address}. */
        .addColumn('throttleKey', text, (column) => column.notNull())
        .addColumn('failedAt', time, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('identity_login_failure_key').on('identity_login_failure').columns(['throttleKey', 'failedAt']).execute();
      await db.schema.createIndex('identity_login_failure_time').on('identity_login_failure').column('failedAt').execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable('identity_login_failure').ifExists().execute();
      await db.schema.dropTable('identity_code').ifExists().execute();
      await db.schema.dropTable('identity_session').ifExists().execute();
    },
  };
}
