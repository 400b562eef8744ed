/** Migrations of the keyword search (0007, 0013, 0014), listed with the others in db/migrations.ts. */
import { sql, type Kysely, type Migration } from 'kysely';
import { textIndexOf, type AnyDatabase, type DialectName } from '../db/database.js';
import { columnTypes } from '../db/column-types.js';
import { SEARCH_FIELDS, SEARCH_TABLE, SEARCH_VECTOR_TABLE } from './documents.js';
import { LIST_INDEX, LIST_TABLE, rebuildListDocuments } from './lists.js';

/**
 * HS 2022 texts in French, Spanish and Arabic (hs_text), and the documents of the tariff keyword search
 * (one per tariff line, already normalised and stemmed) with their full-text index: an FTS5 table on
 * SQLite (external content, rebuilt by each import; word tokens, combining marks kept inside words so
 * Bengali words stay whole), a weighted tsvector column with a GIN index on PostgreSQL ('simple'
 * configuration: no stemming or stop words of its own, so both databases match the same words).
 */
export function createKeywordSearch(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { text, serial: id } = columnTypes(dialect);
      await db.schema
        .createTable('hs_text')
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('code', text, (column) => column.notNull())
        .addColumn('level', 'integer', (column) => column.notNull())
        .addColumn('language', text, (column) => column.notNull())
        .addColumn('description', 'text', (column) => column.notNull())
        .addColumn('source', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('hs_text_language_code').on('hs_text').columns(['language', 'code']).unique().execute();
      let documents = db.schema
        .createTable(SEARCH_TABLE)
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('code', text, (column) => column.notNull());
      for (const field of SEARCH_FIELDS) documents = documents.addColumn(field, 'text', (column) => column.notNull().defaultTo(''));
      await documents.execute();
      await db.schema.createIndex(`${SEARCH_TABLE}_code`).on(SEARCH_TABLE).column('code').execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table ${sql.id(textIndexOf(SEARCH_TABLE))} using fts5(${sql.raw(SEARCH_FIELDS.join(', '))}, content=${sql.lit(SEARCH_TABLE)}, content_rowid='id', tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'")`.execute(
          db,
        );
        return;
      }
      await addDocumentColumn(db);
    },
    async down(db: Kysely<AnyDatabase>) {
      if (dialect === 'sqlite') await sql`drop table if exists ${sql.id(textIndexOf(SEARCH_TABLE))}`.execute(db);
      await db.schema.dropTable(SEARCH_TABLE).ifExists().execute();
      await db.schema.dropTable('hs_text').ifExists().execute();
    },
  };
}

/** The weighted tsvector of a search document's fields, as SQL over `row.field` (row '' = the row itself). */
function documentVector(row: string): string {
  const weights = { national: 'A', names: 'A', lexicon: 'B', subheading: 'B', heading: 'C', chapter: 'D' } as const;
  return SEARCH_FIELDS.map((field) => `setweight(to_tsvector('simple', ${row}"${field}"), '${weights[field]}')`).join(' || ');
}

/** PostgreSQL (0007): search_document's tsvector as a generated column with its GIN index. */
async function addDocumentColumn(db: Kysely<AnyDatabase>) {
  await sql`alter table ${sql.table(SEARCH_TABLE)} add column document tsvector generated always as (${sql.raw(documentVector(''))}) stored`.execute(
    db,
  );
  await sql`create index ${sql.id(`${SEARCH_TABLE}_document`)} on ${sql.table(SEARCH_TABLE)} using gin (document) with (fastupdate = off)`.execute(
    db,
  );
}

/**
 * PostgreSQL: the tsvectors of the keyword search move out of search_document into a narrow table
 * (id, code, document) kept by a trigger. Ranking reads the tsvector of every match, and beside the six
 * text fields of a search_document row it cost twice as much: ranking the 318 matches of "cotton" took
 * 0.9–1.1 ms there and 0.41–0.45 ms in the narrow table (EXPLAIN ANALYZE). The document is the same
 * weighted 'simple' tsvector as in 0007. SQLite keeps its FTS5 index, which holds no row text.
 */
export function narrowSearchVectors(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      if (dialect === 'sqlite') return;
      await sql`create table ${sql.table(SEARCH_VECTOR_TABLE)} (id integer primary key, code text collate "C" not null, document tsvector not null)`.execute(
        db,
      );
      await sql`insert into ${sql.table(SEARCH_VECTOR_TABLE)} (id, code, document) select id, code, document from ${sql.table(SEARCH_TABLE)}`.execute(
        db,
      );
      await sql`create index ${sql.id(`${SEARCH_VECTOR_TABLE}_document`)} on ${sql.table(SEARCH_VECTOR_TABLE)} using gin (document) with (fastupdate = off)`.execute(
        db,
      );
      await sql`alter table ${sql.table(SEARCH_TABLE)} drop column document`.execute(db);
      // Table names resolve through the connection's search path, as every statement of the services does.
      await sql`create function search_vector_sync() returns trigger language plpgsql as $$
        begin
          if tg_op in ('UPDATE', 'DELETE') then delete from ${sql.table(SEARCH_VECTOR_TABLE)} where id = old.id; end if;
          if tg_op in ('INSERT', 'UPDATE') then
            insert into ${sql.table(SEARCH_VECTOR_TABLE)} (id, code, document) values (new.id, new.code, ${sql.raw(documentVector('new.'))});
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger search_vector_sync after insert or update or delete on ${sql.table(SEARCH_TABLE)} for each row execute function search_vector_sync()`.execute(
        db,
      );
      await sql`analyze ${sql.table(SEARCH_VECTOR_TABLE)}`.execute(db);
    },
    async down(db: Kysely<AnyDatabase>) {
      if (dialect === 'sqlite') return;
      await sql`drop trigger if exists search_vector_sync on ${sql.table(SEARCH_TABLE)}`.execute(db);
      await sql`drop function if exists search_vector_sync()`.execute(db);
      await sql`drop table if exists ${sql.table(SEARCH_VECTOR_TABLE)}`.execute(db);
      await addDocumentColumn(db);
    },
  };
}

/**
 * Keyword documents of the reference lists (search/lists.ts), built from the lists as they are: an FTS5
 * index on SQLite (external content, the tariff documents' tokenizer), a 'simple' tsvector column with a
 * GIN index on PostgreSQL.
 */
export function createListDocuments(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<AnyDatabase>) {
      const { serial: id } = columnTypes(dialect);
      await db.schema
        .createTable(LIST_TABLE)
        .addColumn('id', id, (column) => column.primaryKey())
        .addColumn('entity', 'text', (column) => column.notNull())
        .addColumn('rowId', 'integer', (column) => column.notNull())
        .addColumn('words', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex(`${LIST_TABLE}_entity`).on(LIST_TABLE).columns(['entity', 'rowId']).execute();
      if (dialect === 'sqlite')
        await sql`create virtual table ${sql.id(LIST_INDEX)} using fts5(words, content=${sql.lit(LIST_TABLE)}, content_rowid='id', tokenize="unicode61 remove_diacritics 2 categories 'L* N* Co M*'")`.execute(
          db,
        );
      else {
        await sql`alter table ${sql.table(LIST_TABLE)} add column document tsvector generated always as (to_tsvector('simple', words)) stored`.execute(
          db,
        );
        await sql`create index ${sql.id(`${LIST_TABLE}_document`)} on ${sql.table(LIST_TABLE)} using gin (document)`.execute(db);
      }
      await rebuildListDocuments(db, dialect);
    },
    async down(db: Kysely<AnyDatabase>) {
      if (dialect === 'sqlite') await sql`drop table if exists ${sql.id(LIST_INDEX)}`.execute(db);
      await db.schema.dropTable(LIST_TABLE).ifExists().execute();
    },
  };
}
