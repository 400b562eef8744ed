/**
 * Tariff editions: a new edition closes the lines in force the day before its validity date and adds its own
 * from that date, so past editions stay queryable by date. Its new codes get keyword search documents.
 * Undoing it deletes its lines, puts back any it displaced and reopens those it closed.
 */
import { sql, type Transaction } from 'kysely';
import { textIndexOf, type AnyDatabase, type Database } from '../db/database.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { previousDay } from '../db/packs.js';
import { commodityRow, type TariffLine } from '../db/tariff-packs.js';
import type { TariffDiffLine, Taxes } from '@guichet/shared/api/data-console';
import { loadLexicon, loadNomenclature } from '../finder/data.js';
import { buildSearchDocuments, SEARCH_TABLE } from '../search/documents.js';

const CHUNK = 500;
const TABLE = 'ref_commodity';

/** What a published edition changed, to undo it. */
export interface TariffUndo {
  validFrom: string;
  /** Rows ended the day before validFrom, with the end they had (null: open). */
  closed: Array<{ id: number; validTo: string | null }>;
  /** Rows from validFrom on that the edition replaced. */
  displaced: Array<Record<string, unknown>>;
  documents: string[];
}

const taxesOf = (row: Record<string, unknown>): Taxes => ({
  cd: Number(row.tax01 ?? 0),
  sd: Number(row.tax02 ?? 0),
  vat: Number(row.tax03 ?? 0),
  ait: Number(row.tax04 ?? 0),
  at: Number(row.tax05 ?? 0),
  rd: Number(row.tax06 ?? 0),
  tti: Number(row.tax08 ?? 0),
});
const sameTaxes = (a: Taxes, b: Taxes) => (Object.keys(a) as Array<keyof Taxes>).every((key) => Math.abs(a[key] - b[key]) < 1e-9);

type Executor = Database['db'] | Transaction<AnyDatabase>;

/** The lines in force on a date. */
async function inForce(db: Executor, date: string) {
  return db
    .selectFrom(TABLE)
    .selectAll()
    .where('validFrom', '<=', date)
    .where((eb) => eb.or([eb('validTo', 'is', null), eb('validTo', '>=', date)]))
    .execute();
}

/** New, changed (taxes or text), unchanged and removed lines against the edition in force on a date, with taxes before and after. */
export async function tariffDiff(db: Executor, lines: TariffLine[], date: string) {
  const live = new Map((await inForce(db, date)).map((row) => [String(row.code), row]));
  const counts = { new: 0, changed: 0, unchanged: 0, removed: 0, jumps: 0 };
  const out: TariffDiffLine[] = [];
  const codes = new Set<string>();
  for (const line of lines) {
    codes.add(line.code);
    const row = live.get(line.code);
    const after: Taxes = { cd: line.cd, rd: line.rd, sd: line.sd, vat: line.vat, ait: line.ait, at: line.at, tti: line.tti };
    const before = row ? taxesOf(row) : null;
    const status = !before ? 'new' : sameTaxes(before, after) && row!.description === line.description ? 'unchanged' : 'changed';
    const jump = before !== null && Math.abs(before.tti - after.tti) > 1e-9;
    counts[status] += 1;
    if (jump) counts.jumps += 1;
    out.push({ code: line.code, description: line.description, status, before, after, jump });
  }
  for (const [code, row] of live) {
    if (codes.has(code)) continue;
    counts.removed += 1;
    out.push({ code, description: String(row.description), status: 'removed', before: taxesOf(row), after: null, jump: false });
  }
  const weight = (line: TariffDiffLine) =>
    line.jump ? 0 : line.status === 'removed' ? 1 : line.status === 'changed' ? 2 : line.status === 'new' ? 3 : 4;
  out.sort((a, b) => weight(a) - weight(b) || (a.code < b.code ? -1 : 1));
  return { counts, lines: out };
}

/** Search documents for the edition's codes that have none (their HS texts and lexicon names from the database and data files). */
async function addDocuments(trx: Transaction<AnyDatabase>, lines: TariffLine[]): Promise<string[]> {
  const known = new Set<string>();
  const codes = [...new Set(lines.map((line) => line.code))];
  for (let start = 0; start < codes.length; start += CHUNK) {
    const rows = await trx
      .selectFrom(SEARCH_TABLE)
      .select('code')
      .where('code', 'in', codes.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) known.add(String(row.code));
  }
  const missing = lines.filter((line) => !known.has(line.code));
  if (missing.length === 0) return [];
  const prefixes = [...new Set(missing.flatMap((line) => [line.code.slice(0, 2), line.code.slice(0, 4), line.code.slice(0, 6)]))];
  const english = await trx.selectFrom('ref_hs_nomenclature').select(['code', 'description']).where('code', 'in', prefixes).execute();
  const translated = await trx.selectFrom('hs_text').select(['code', 'language', 'description']).where('code', 'in', prefixes).execute();
  const wanted = new Set(prefixes);
  const lexicon = loadLexicon(DEFAULT_DATA_DIR, loadNomenclature(DEFAULT_DATA_DIR)).filter((entry) => wanted.has(entry.code));
  const documents = buildSearchDocuments({
    lines: missing.map(({ code, description }) => ({ code, description })),
    hsTexts: [
      ...english.map((row) => ({ code: String(row.code), language: 'en', description: String(row.description) })),
      ...translated.map((row) => ({ code: String(row.code), language: String(row.language), description: String(row.description) })),
    ],
    lexicon: lexicon.map(({ code, language, text }) => ({ code, language, text })),
  });
  for (let start = 0; start < documents.length; start += CHUNK)
    await trx
      .insertInto(SEARCH_TABLE)
      .values(documents.slice(start, start + CHUNK).map((document) => ({ ...document })))
      .execute();
  return documents.map((document) => document.code);
}

/** After the search documents were rebuilt from the data files: the live editions' new codes get theirs again. */
export async function restoreDocuments(database: Database): Promise<number> {
  const uploads = await database.db
    .selectFrom('data_publication as p')
    .innerJoin('data_upload as u', 'u.id', 'p.uploadId')
    .select('u.lines')
    .where('p.kind', '=', 'tariff')
    .where('p.status', '=', 'live')
    .execute();
  let added = 0;
  for (const upload of uploads)
    await database.db.transaction().execute(async (trx) => {
      const codes = await addDocuments(trx, JSON.parse(String(upload.lines)) as TariffLine[]);
      if (codes.length > 0) await rebuildTextIndexes(database, trx, true);
      added += codes.length;
    });
  return added;
}

async function rebuildTextIndexes(database: Database, trx: Transaction<AnyDatabase>, withDocuments: boolean) {
  if (database.dialect !== 'sqlite') return;
  for (const table of withDocuments ? [TABLE, SEARCH_TABLE] : [TABLE])
    await sql`insert into ${sql.id(textIndexOf(table))}(${sql.id(textIndexOf(table))}) values ('rebuild')`.execute(trx);
}

/** Puts an edition in force from validFrom; returns what it takes to undo it. */
export async function applyEdition(
  database: Database,
  trx: Transaction<AnyDatabase>,
  lines: TariffLine[],
  validFrom: string,
): Promise<TariffUndo> {
  const displaced = await trx.selectFrom(TABLE).selectAll().where('validFrom', '>=', validFrom).execute();
  await trx.deleteFrom(TABLE).where('validFrom', '>=', validFrom).execute();
  const closing = await trx
    .selectFrom(TABLE)
    .select(['id', 'validTo'])
    .where((eb) => eb.or([eb('validTo', 'is', null), eb('validTo', '>=', validFrom)]))
    .execute();
  const closed = closing.map((row) => ({ id: Number(row.id), validTo: (row.validTo as string | null) ?? null }));
  for (let start = 0; start < closed.length; start += CHUNK)
    await trx
      .updateTable(TABLE)
      .set({ validTo: previousDay(validFrom) })
      .where(
        'id',
        'in',
        closed.slice(start, start + CHUNK).map((row) => row.id),
      )
      .execute();
  const rows = lines.map((line) => commodityRow(line, validFrom));
  for (let start = 0; start < rows.length; start += CHUNK)
    await trx
      .insertInto(TABLE)
      .values(rows.slice(start, start + CHUNK))
      .execute();
  const documents = await addDocuments(trx, lines);
  await rebuildTextIndexes(database, trx, documents.length > 0);
  return { validFrom, closed, displaced, documents };
}

export async function undoEdition(database: Database, trx: Transaction<AnyDatabase>, undo: TariffUndo) {
  await trx.deleteFrom(TABLE).where('validFrom', '>=', undo.validFrom).execute();
  const restored = undo.displaced.map(({ id: _id, ...row }) => row);
  for (let start = 0; start < restored.length; start += CHUNK)
    await trx
      .insertInto(TABLE)
      .values(restored.slice(start, start + CHUNK))
      .execute();
  const byEnd = new Map<string | null, number[]>();
  for (const { id, validTo } of undo.closed) {
    const ids = byEnd.get(validTo) ?? [];
    ids.push(id);
    byEnd.set(validTo, ids);
  }
  for (const [validTo, ids] of byEnd)
    for (let start = 0; start < ids.length; start += CHUNK)
      await trx
        .updateTable(TABLE)
        .set({ validTo })
        .where('id', 'in', ids.slice(start, start + CHUNK))
        .execute();
  for (let start = 0; start < undo.documents.length; start += CHUNK)
    await trx
      .deleteFrom(SEARCH_TABLE)
      .where('code', 'in', undo.documents.slice(start, start + CHUNK))
      .execute();
  await rebuildTextIndexes(database, trx, undo.documents.length > 0);
}
