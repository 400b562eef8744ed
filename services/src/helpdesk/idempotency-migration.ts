import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase } from '../db/database.js';

/** A help-desk request remembers the Idempotency-Key it was sent with: the same key from the same user gives it back. */
export function addHelpdeskIdempotency(): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      await db.schema.alterTable('helpdesk_request').addColumn('idempotencyKey', 'text').execute();
      await db.schema
        .createIndex('helpdesk_request_idempotency')
        .on('helpdesk_request')
        .columns(['userId', 'idempotencyKey'])
        .unique()
        .execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropIndex('helpdesk_request_idempotency').ifExists().execute();
      await db.schema.alterTable('helpdesk_request').dropColumn('idempotencyKey').execute();
    },
  };
}
