import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { textIndexOf, type AnyDatabase, type DialectName } from './database.js';
import { columnTypes } from './column-types.js';
import { SEARCH_TABLE } from '../search/documents.js';
import { createKeywordSearch, createListDocuments, narrowSearchVectors } from '../search/migrations.js';
import { createIdentityState } from '../identity/state-migration.js';
import { createRateLimits } from '../limits/migration.js';
import { createFinderUsage } from '../finder/usage-migration.js';
import { createDataConsole } from '../data-console/migration.js';
import { addHelpdeskIdempotency } from '../helpdesk/idempotency-migration.js';

type ColumnKind = 'string' | 'number' | 'integer' | 'date' | 'boolean';

/**
 * Reference tables as created by migration 0001. Every table also has id, code,
 * description, descriptionTranslated, validFrom, validTo and sample. This list is
 * frozen: later changes go in new migrations, never here.
 */
const REFERENCE_TABLES_0001: Record<string, string> = {
  ref_commodity: `supplementaryUnit1Code:string ${Array.from({ length: 20 }, (_, i) => `tax${String(i + 1).padStart(2, '0')}:number`).join(' ')}`,
  ref_package_type: '',
  ref_country: 'alpha3Code:string numericCode:string',
  ref_company: 'email:string phoneNumber:string address1:string address1Translated:string address2:string address2Translated:string',
  ref_terms_of_delivery: '',
  ref_exchange_rate: 'rate:number',
  ref_port: 'countryCode:string subdivision:string functions:string latitude:number longitude:number',
  ref_attached_document: '',
  ref_unit_of_measurement: 'symbol:string levelAndCategory:string',
  ref_ministry: '',
  ref_declarant: 'address1:string address1Translated:string address2:string address2Translated:string',
  ref_bank: 'address1:string address1Translated:string address2:string address2Translated:string',
  ref_container_type: '',
  ref_currency: 'numericCode:string minorUnit:integer',
  ref_customs_office: 'address1:string address1Translated:string address2:string address2Translated:string',
  ref_model_of_declaration: 'generalProcedureCode:string flow:string',
  ref_extended_procedure: 'previousProcedureCode:string requestedProcedureCode:string',
  ref_location: 'countryCode:string subdivision:string functions:string latitude:number longitude:number',
  ref_means_of_payment: '',
  ref_additional_procedure: '',
  ref_tax_rule: 'tariffColumn:string',
  ref_ministry_departments: 'ministryCode:string',
  ref_bank_branches: 'bankCode:string address1:string address1Translated:string address2:string address2Translated:string',
  ref_mode_of_transports: '',
  ref_transit_sheds: 'customsOfficeCode:string',
  ref_additional_regimes: 'extendedProcedureCode:string',
  ref_hs_nomenclature: 'level:integer parentCode:string sectionCode:string',
};

/** Extra indexes of migration 0001 (every table gets code and validity indexes). */
const EXTRA_INDEXES_0001: Array<[table: string, columns: string[]]> = [
  ['ref_exchange_rate', ['code', 'validFrom']],
  ['ref_location', ['countryCode']],
  ['ref_port', ['countryCode']],
  ['ref_model_of_declaration', ['generalProcedureCode', 'code']],
  ['ref_extended_procedure', ['requestedProcedureCode', 'previousProcedureCode']],
  ['ref_hs_nomenclature', ['parentCode']],
  ['ref_bank_branches', ['bankCode']],
];

function createReferenceTables(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      for (const [table, extra] of Object.entries(REFERENCE_TABLES_0001)) {
        const columns: Array<[string, ColumnKind]> = [
          ['code', 'string'],
          ['description', 'string'],
          ['descriptionTranslated', 'string'],
          ...extra
            .split(' ')
            .filter(Boolean)
            .map((spec) => spec.split(':') as [string, ColumnKind]),
          ['validFrom', 'date'],
          ['validTo', 'date'],
          ['sample', 'boolean'],
        ];
        let builder = db.schema.createTable(table).addColumn('id', columnTypes(dialect).serial, (column) => column.primaryKey());
        for (const [name, kind] of columns) {
          builder = builder.addColumn(
            name,
            kind === 'number'
              ? dialect === 'postgres'
                ? 'double precision'
                : 'real'
              : kind === 'integer' || kind === 'boolean'
                ? 'integer'
                : 'text',
            (column) => {
              // Byte order everywhere, so both databases sort and compare text the same way.
              let result =
                kind === 'string' || kind === 'date' ? (dialect === 'postgres' ? column.modifyFront(sql`collate "C"`) : column) : column;
              if (name === 'validFrom' || name === 'sample') result = result.notNull();
              return result;
            },
          );
        }
        await builder.execute();
        await db.schema.createIndex(`${table}_code`).on(table).column('code').execute();
        await db.schema.createIndex(`${table}_valid`).on(table).columns(['validFrom', 'validTo']).execute();
      }
      for (const [table, columns] of EXTRA_INDEXES_0001) {
        await db.schema
          .createIndex(`${table}_${columns.join('_')}`)
          .on(table)
          .columns(columns)
          .execute();
      }
      await db.schema
        .createTable('data_pack')
        .addColumn('name', 'text', (column) => column.primaryKey())
        .addColumn('version', 'text', (column) => column.notNull())
        .addColumn('importedAt', 'text', (column) => column.notNull())
        .addColumn('rowCount', 'integer', (column) => column.notNull())
        .addColumn('report', 'text')
        .execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable('data_pack').ifExists().execute();
      for (const table of Object.keys(REFERENCE_TABLES_0001)) await db.schema.dropTable(table).ifExists().execute();
    },
  };
}

/**
 * Substring search on descriptions: SQLite gets an FTS5 trigram table per reference
 * table (external content, rebuilt by each import); PostgreSQL gets pg_trgm GIN
 * indexes when the extension is available (searches work without them, only slower).
 */
function createTextSearch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const tables = Object.keys(REFERENCE_TABLES_0001);
      if (dialect === 'sqlite') {
        for (const table of tables) {
          await sql`create virtual table ${sql.id(textIndexOf(table))} using fts5(description, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
            db,
          );
          await sql`insert into ${sql.id(textIndexOf(table))}(${sql.id(textIndexOf(table))}) values ('rebuild')`.execute(db);
        }
        return;
      }
      const available = await sql<{ name: string }>`select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
      if (available.rows.length === 0) return;
      await sql`create extension if not exists pg_trgm schema public`.execute(db);
      for (const table of tables) {
        await sql`create index ${sql.id(`${table}_description_trgm`)} on ${sql.table(table)} using gin ("description" public.gin_trgm_ops)`.execute(
          db,
        );
      }
    },
    async down(db: Kysely<AnyDatabase>) {
      for (const table of Object.keys(REFERENCE_TABLES_0001)) {
        if (dialect === 'sqlite') await sql`drop table if exists ${sql.id(textIndexOf(table))}`.execute(db);
        else await sql`drop index if exists ${sql.id(`${table}_description_trgm`)}`.execute(db);
      }
    },
  };
}

/** The reference tables of migration 0001 and the keyword search documents (0007) have a text index. */
export const hasTextIndex = (table: string) => table in REFERENCE_TABLES_0001 || table === SEARCH_TABLE;

/** A central bank's daily reference rates: units of currency per unit of the bank's base currency. */
function createCentralBankRates(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text, serial } = columnTypes(dialect);
      await db.schema
        .createTable('central_bank_rate')
        .addColumn('id', serial, (column) => column.primaryKey())
        .addColumn('date', text, (column) => column.notNull())
        .addColumn('currency', text, (column) => column.notNull())
        .addColumn('rate', dialect === 'postgres' ? 'double precision' : 'real', (column) => column.notNull())
        .execute();
      await db.schema
        .createIndex('central_bank_rate_date_currency')
        .on('central_bank_rate')
        .columns(['date', 'currency'])
        .unique()
        .execute();
      await db.schema.createIndex('central_bank_rate_currency_date').on('central_bank_rate').columns(['currency', 'date']).execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable('central_bank_rate').ifExists().execute();
    },
  };
}

/** Accounts of the embedded identity server (a real Keycloak keeps its own). */
function createIdentityUsers(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text } = columnTypes(dialect);
      await db.schema
        .createTable('identity_user')
        .addColumn('id', text, (column) => column.primaryKey())
        .addColumn('username', text, (column) => column.notNull().unique())
        .addColumn('email', text, (column) => column.notNull().unique())
        .addColumn('firstName', 'text', (column) => column.notNull())
        .addColumn('lastName', 'text', (column) => column.notNull())
        .addColumn('passwordHash', 'text', (column) => column.notNull())
        /** JSON array of realm roles. */
        .addColumn('roles', 'text', (column) => column.notNull())
        .addColumn('createdAt', 'text', (column) => column.notNull())
        .execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable('identity_user').ifExists().execute();
    },
  };
}

/** Help desk requests (attachments kept with them, within the service's size limit). */
function createHelpdesk(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      await db.schema
        .createTable('helpdesk_request')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('userId', 'text', (column) => column.notNull())
        .addColumn('userName', 'text', (column) => column.notNull())
        .addColumn('userEmail', 'text', (column) => column.notNull())
        .addColumn('category', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .addColumn('answer', 'text')
        .addColumn('answeredBy', 'text')
        .addColumn('attachmentName', 'text')
        .addColumn('attachmentType', 'text')
        .addColumn('attachmentSize', 'integer')
        .addColumn('attachment', dialect === 'postgres' ? 'bytea' : 'blob')
        .addColumn('createdAt', 'text', (column) => column.notNull())
        .addColumn('updatedAt', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('helpdesk_request_user').on('helpdesk_request').columns(['userId', 'createdAt']).execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.dropTable('helpdesk_request').ifExists().execute();
    },
  };
}

/**
 * Whether an account's e-mail address was verified (0 until the owner opens the link mailed at
 * registration). Accounts made before this are treated as unverified.
 */
function addEmailVerified(): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      await db.schema
        .alterTable('identity_user')
        .addColumn('emailVerified', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<AnyDatabase>) {
      await db.schema.alterTable('identity_user').dropColumn('emailVerified').execute();
    },
  };
}

/** Versioned migrations, in order. Add new ones at the end with the next number. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_reference_tables': createReferenceTables(dialect),
    '0002_text_search': createTextSearch(dialect),
    '0003_central_bank_rates': createCentralBankRates(dialect),
    '0004_identity_users': createIdentityUsers(dialect),
    '0005_helpdesk': createHelpdesk(dialect),
    '0006_identity_email_verified': addEmailVerified(),
    '0007_keyword_search': createKeywordSearch(dialect),
    '0008_identity_state': createIdentityState(dialect),
    '0009_rate_limits': createRateLimits(dialect),
    '0010_finder_usage': createFinderUsage(dialect),
    '0011_data_console': createDataConsole(dialect),
    '0012_helpdesk_idempotency': addHelpdeskIdempotency(),
    '0013_narrow_search_vectors': narrowSearchVectors(dialect),
    '0014_list_documents': createListDocuments(dialect),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

export async function migrateToLatest(db: Kysely<AnyDatabase>, dialect: DialectName, schema?: string): Promise<string[]> {
  // PostgreSQL: name the schema, or the bookkeeping tables of another schema would be taken for ours.
  const migrator = new Migrator({ db, provider: new InCodeProvider(dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
