import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_DATA_DIR } from '../config.js';
import { textIndexOf, type Database } from './database.js';
import { hasTextIndex, migrateToLatest } from './migrations.js';
import { sql } from 'kysely';
import { SEARCH_TABLE, SEARCH_VECTOR_TABLE } from '../search/documents.js';
import { rebuildListDocuments } from '../search/lists.js';
import { DATA_PACKS, DataFileError, type DataPack, type Row } from './packs.js';

/** Rows per INSERT: stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const PARAMETERS_PER_STATEMENT = 30000;

export interface ImportResult {
  pack: string;
  /** refused: a data file of the pack cannot be imported as it is (error says where and why); the data already there stays. */
  status: 'imported' | 'unchanged' | 'refused';
  rows: number;
  error?: string;
  milliseconds: number;
  report?: Record<string, unknown>;
}

async function packVersion(pack: DataPack, dataDir: string): Promise<string> {
  const hash = createHash('sha256').update(`${pack.name}:${pack.revision}`);
  for (const file of pack.files) hash.update(await readFile(join(dataDir, file)));
  return hash.digest('hex').slice(0, 16);
}

export function findPack(name: string): DataPack | undefined {
  return DATA_PACKS.find((pack) => pack.name === name);
}

/**
 * Replaces the tables of one pack in a single transaction, so an interrupted import
 * leaves the previous data in place. A pack already imported at the same version is
 * left alone unless force is set (re-importing the same version gives the same rows).
 */
export async function importPack(
  database: Database,
  pack: DataPack,
  options: { dataDir?: string; force?: boolean } = {},
): Promise<ImportResult> {
  const started = performance.now();
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const version = await packVersion(pack, dataDir);
  const current = await database.db
    .selectFrom('data_pack')
    .select(['version', 'rowCount'])
    .where('name', '=', pack.name)
    .executeTakeFirst();
  if (current && current.version === version && !options.force) {
    return { pack: pack.name, status: 'unchanged', rows: Number(current.rowCount), milliseconds: Math.round(performance.now() - started) };
  }
  const content = await pack.build(dataDir);
  let total = 0;
  const imported = await database.db.transaction().execute(async (trx) => {
    // One importer at a time (two servers starting on one empty database): the second waits here,
    // then finds the pack already imported and leaves it.
    if (database.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext(${`guichet-data-packs:${database.schema ?? ''}`}))`.execute(trx);
    else await sql`update data_pack set name = name where 1 = 0`.execute(trx);
    const now = await trx.selectFrom('data_pack').select(['version', 'rowCount']).where('name', '=', pack.name).executeTakeFirst();
    if (now && now.version === version && !options.force) {
      total = Number(now.rowCount);
      return false;
    }
    for (const table of pack.tables) {
      const rows: Row[] = content.tables[table] ?? [];
      await trx.deleteFrom(table).execute();
      if (rows.length === 0) continue;
      const batch = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / Object.keys(rows[0]).length));
      for (let start = 0; start < rows.length; start += batch) {
        await trx
          .insertInto(table)
          .values(rows.slice(start, start + batch))
          .execute();
      }
      total += rows.length;
    }
    await rebuildListDocuments(trx, database.dialect, pack.tables);
    for (const table of pack.tables) {
      if (database.dialect === 'sqlite' && hasTextIndex(table))
        await sql`insert into ${sql.id(textIndexOf(table))}(${sql.id(textIndexOf(table))}) values ('rebuild')`.execute(trx);
      // Fresh statistics, so the planner picks the indexes (the documents' tsvectors too, kept by a trigger).
      await sql`analyze ${sql.table(table)}`.execute(trx);
      if (database.dialect === 'postgres' && table === SEARCH_TABLE) await sql`analyze ${sql.table(SEARCH_VECTOR_TABLE)}`.execute(trx);
    }
    const record = {
      version,
      importedAt: new Date().toISOString(),
      rowCount: total,
      report: content.report ? JSON.stringify(content.report) : null,
    };
    if (now) await trx.updateTable('data_pack').set(record).where('name', '=', pack.name).execute();
    else
      await trx
        .insertInto('data_pack')
        .values({ name: pack.name, ...record })
        .execute();
    return true;
  });
  if (!imported) return { pack: pack.name, status: 'unchanged', rows: total, milliseconds: Math.round(performance.now() - started) };
  return {
    pack: pack.name,
    status: 'imported',
    rows: total,
    milliseconds: Math.round(performance.now() - started),
    report: content.report,
  };
}

/**
 * Migrates, then imports every pack that is missing or out of date. A pack whose data files cannot be
 * imported as they are is refused (reported through warn) and the others go on, so that a bad line in
 * one file keeps the portal serving the data it had.
 */
export async function prepareDatabase(
  database: Database,
  options: { dataDir?: string; packs?: string[]; log?: (message: string) => void; warn?: (message: string) => void } = {},
): Promise<ImportResult[]> {
  await migrateToLatest(database.db, database.dialect, database.schema);
  const results: ImportResult[] = [];
  const packs = options.packs ? options.packs.map((name) => findPack(name) ?? unknownPack(name)) : DATA_PACKS;
  for (const pack of packs) {
    const result = await importPack(database, pack, { dataDir: options.dataDir }).catch((error: unknown) => {
      if (!(error instanceof DataFileError)) throw error;
      return { pack: pack.name, status: 'refused' as const, rows: 0, milliseconds: 0, error: error.message };
    });
    if (result.status === 'imported') options.log?.(`data pack ${pack.name}: ${result.rows} rows in ${result.milliseconds} ms`);
    if (result.status === 'refused') options.warn?.(`data pack ${pack.name} not imported, the data already there stays: ${result.error}`);
    results.push(result);
  }
  return results;
}

function unknownPack(name: string): never {
  throw new Error(`Unknown data pack "${name}". Known: ${DATA_PACKS.map((pack) => pack.name).join(', ')}`);
}
