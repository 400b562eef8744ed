import type { Kysely, Migration } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';
import { columnTypes } from '../db/column-types.js';

/**
 * The data console's records: checked uploads (their lines kept until published or discarded), publications
 * (what they replaced, for rollback) and an audit trail. Times are ISO 8601 UTC text on both databases.
 */
export function createDataConsole(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text, serial } = columnTypes(dialect);
      await db.schema
        .createTable('data_upload')
        .addColumn('id', text, (column) => column.primaryKey())
        .addColumn('kind', text, (column) => column.notNull())
        .addColumn('source', text, (column) => column.notNull())
        .addColumn('fileName', 'text', (column) => column.notNull())
        .addColumn('checksum', text, (column) => column.notNull())
        .addColumn('rowCount', 'integer', (column) => column.notNull())
        .addColumn('lines', 'text', (column) => column.notNull())
        .addColumn('problems', 'text')
        .addColumn('status', text, (column) => column.notNull())
        .addColumn('createdBy', 'text', (column) => column.notNull())
        .addColumn('createdAt', text, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('data_upload_kind_created').on('data_upload').columns(['kind', 'createdAt']).execute();
      await db.schema
        .createTable('data_publication')
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('uploadId', text, (column) => column.notNull())
        .addColumn('kind', text, (column) => column.notNull())
        .addColumn('validFrom', text, (column) => column.notNull())
        .addColumn('status', text, (column) => column.notNull())
        .addColumn('checksum', text, (column) => column.notNull())
        .addColumn('rowCount', 'integer', (column) => column.notNull())
        .addColumn('summary', 'text', (column) => column.notNull())
        .addColumn('replaced', 'text')
        .addColumn('publishedBy', 'text', (column) => column.notNull())
        .addColumn('publishedAt', text, (column) => column.notNull())
        .addColumn('appliedAt', text)
        .addColumn('rolledBackBy', 'text')
        .addColumn('rolledBackAt', text)
        .execute();
      await db.schema.createIndex('data_publication_kind_status').on('data_publication').columns(['kind', 'status', 'id']).execute();
      await db.schema
        .createTable('data_audit')
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('at', text, (column) => column.notNull())
        .addColumn('actor', 'text', (column) => column.notNull())
        .addColumn('action', text, (column) => column.notNull())
        .addColumn('kind', text, (column) => column.notNull())
        .addColumn('detail', 'text', (column) => column.notNull())
        .execute();
      // One row per scheduled feed: which replica holds it, and how its last run went.
      await db.schema
        .createTable('data_feed')
        .addColumn('name', text, (column) => column.primaryKey())
        .addColumn('leaseUntil', text)
        .addColumn('lastRunAt', text)
        .addColumn('lastStatus', text)
        .addColumn('lastMessage', 'text')
        .execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      for (const table of ['data_feed', 'data_audit', 'data_publication', 'data_upload'])
        await db.schema.dropTable(table).ifExists().execute();
    },
  };
}
