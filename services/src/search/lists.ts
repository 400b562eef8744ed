/**
 * Documents of the keyword search of the reference lists (codification): one per row of a list, with
 * the stems (search/text.ts) of its description (English), its translated description (Bengali) and,
 * for countries and currencies, their names in French, Spanish and Arabic (CLDR, through Intl). They
 * are rebuilt whenever a list is imported. The tariff lines have their own documents (documents.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { AnyDatabase, DialectName } from '../db/database.js';
import { ENTITIES } from '../reference/registry.js';
import { documentText } from './text.js';

/** Table of the documents: entity, the row's id in its list's table, and its stems (words). */
export const LIST_TABLE = 'list_document';
/** SQLite: the FTS5 index of the documents (external content, like the tariff's). */
export const LIST_INDEX = `${LIST_TABLE}_fts`;

/** Lists with their own keyword documents: every list but the tariff lines. */
const LISTS = new Map(
  [...ENTITIES.values()].filter((definition) => definition.name !== 'commodity').map((definition) => [definition.table, definition]),
);

/** CLDR display-name type of the lists whose codes it names. */
const CLDR_TYPES: Record<string, 'region' | 'currency'> = { country: 'region', currency: 'currency' };
const CLDR_LANGUAGES = ['fr', 'es', 'ar'] as const;

const displayNames = new Map(
  Object.entries(CLDR_TYPES).flatMap(([entity, type]) =>
    CLDR_LANGUAGES.map((language) => [`${entity}|${language}`, new Intl.DisplayNames([language], { type, fallback: 'none' })] as const),
  ),
);

/** A row's names in French, Spanish and Arabic where CLDR has them (countries, currencies). */
function cldrNames(entity: string, code: unknown): Array<{ language: (typeof CLDR_LANGUAGES)[number]; name: string }> {
  if (!(entity in CLDR_TYPES) || typeof code !== 'string') return [];
  return CLDR_LANGUAGES.flatMap((language) => {
    try {
      const name = displayNames.get(`${entity}|${language}`)?.of(code);
      return name ? [{ language, name }] : [];
    } catch {
      // A code CLDR cannot read (not a region or currency code) has no names.
      return [];
    }
  });
}

/** The stems of a row of a list. */
export function listDocumentWords(entity: string, row: { code?: unknown; description?: unknown; descriptionTranslated?: unknown }): string {
  const texts = [
    typeof row.description === 'string' ? documentText(row.description, 'en') : '',
    typeof row.descriptionTranslated === 'string' ? documentText(row.descriptionTranslated, 'bn') : '',
    ...cldrNames(entity, row.code).map(({ language, name }) => documentText(name, language)),
  ];
  return texts.filter(Boolean).join(' ');
}

/** Rows per insert statement (3 parameters each: far below both databases' limits). */
const CHUNK = 4000;

/** Replaces the documents of one list by those of its table's rows as they are. */
async function rebuildList(db: Kysely<AnyDatabase>, dialect: DialectName, entity: string, table: string): Promise<void> {
  // SQLite: the list's old documents leave the index, then its new ones enter it; the other lists' stay.
  const index = sql.id(LIST_INDEX);
  if (dialect === 'sqlite')
    await sql`insert into ${index}(${index}, rowid, words) select 'delete', id, words from ${sql.table(LIST_TABLE)} where entity = ${entity}`.execute(
      db,
    );
  await db.deleteFrom(LIST_TABLE).where('entity', '=', entity).execute();
  const rows = await db.selectFrom(table).select(['id', 'code', 'description', 'descriptionTranslated']).execute();
  const documents = rows
    .map((row) => ({ entity, rowId: Number(row.id), words: listDocumentWords(entity, row) }))
    .filter((document) => document.words !== '');
  for (let start = 0; start < documents.length; start += CHUNK)
    await db
      .insertInto(LIST_TABLE)
      .values(documents.slice(start, start + CHUNK))
      .execute();
  if (dialect === 'sqlite')
    await sql`insert into ${index}(rowid, words) select id, words from ${sql.table(LIST_TABLE)} where entity = ${entity}`.execute(db);
}

/**
 * Rebuilds the documents of the lists among these tables (an import's, in its transaction, or every list's
 * from the migration that adds them); other tables and lists are left.
 */
export async function rebuildListDocuments(
  db: Kysely<AnyDatabase>,
  dialect: DialectName,
  tables: Iterable<string> = LISTS.keys(),
): Promise<void> {
  let rebuilt = false;
  for (const table of tables) {
    const definition = LISTS.get(table);
    if (!definition) continue;
    await rebuildList(db, dialect, definition.name, table);
    rebuilt = true;
  }
  // Fresh statistics once, however many lists changed.
  if (rebuilt && dialect === 'postgres') await sql`analyze ${sql.table(LIST_TABLE)}`.execute(db);
}
