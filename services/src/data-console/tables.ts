/**
 * How each kind's lines sit in the live tables: read the lines of some dates, and replace the lines of some dates.
 * Customs rates are ref_exchange_rate rows valid from their date until the day before the currency's next one;
 * central bank rates are central_bank_rate rows, one per day and currency.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { textIndexOf, type AnyDatabase, type Database } from '../db/database.js';
import { displayName } from '../db/pack-files.js';
import { previousDay } from '../db/packs.js';
import type { Kind, RateLine } from './kinds.js';

type Executor = Kysely<AnyDatabase> | Transaction<AnyDatabase>;

/** IN lists are cut in chunks well under both databases' bound-parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) out.push(items.slice(start, start + CHUNK));
  return out;
}

const TABLE: Record<Kind, { table: string; date: string; currency: string }> = {
  customsRates: { table: 'ref_exchange_rate', date: 'validFrom', currency: 'code' },
  centralBankRates: { table: 'central_bank_rate', date: 'date', currency: 'currency' },
  // Only its dates are read here (latestDate); its lines are kept by tariff.ts.
  tariff: { table: 'ref_commodity', date: 'validFrom', currency: 'code' },
};

/** The live lines on the given dates. */
export async function liveOn(db: Executor, kind: Kind, dates: string[]): Promise<RateLine[]> {
  const { table, date, currency } = TABLE[kind];
  const lines: RateLine[] = [];
  for (const part of chunks(dates)) {
    const rows = await db
      .selectFrom(table)
      .select([`${date} as date`, `${currency} as currency`, 'rate'])
      .where(date, 'in', part)
      .execute();
    for (const row of rows) lines.push({ date: String(row.date), currency: String(row.currency), rate: Number(row.rate) });
  }
  return lines;
}

/** Each currency's latest live rate strictly before a date, leaving out the given dates (those the upload replaces). */
export async function liveBefore(
  db: Executor,
  kind: Kind,
  firstDates: Map<string, string>,
  replacedDates: string[],
): Promise<Map<string, RateLine>> {
  const { table, date, currency } = TABLE[kind];
  const found = new Map<string, RateLine>();
  for (const [code, first] of firstDates) {
    let query = db
      .selectFrom(table)
      .select([`${date} as date`, 'rate'])
      .where(currency, '=', code)
      .where(date, '<', first)
      .orderBy(date, 'desc')
      .limit(1);
    const earlier = replacedDates.filter((day) => day < first);
    if (earlier.length > 0 && earlier.length <= CHUNK) query = query.where(date, 'not in', earlier);
    const row = await query.executeTakeFirst();
    if (row) found.set(code, { date: String(row.date), currency: code, rate: Number(row.rate) });
  }
  return found;
}

/** The latest date with live lines on or before a day (null when none). */
export async function latestDate(db: Executor, kind: Kind, onOrBefore: string): Promise<string | null> {
  const { table, date } = TABLE[kind];
  const row = await db
    .selectFrom(table)
    .select(sql<string | null>`max(${sql.ref(date)})`.as('latest'))
    .where(date, '<=', onOrBefore)
    .executeTakeFirst();
  return row?.latest ? String(row.latest) : null;
}

/** Replaces the live lines of the given dates with these lines (the lines' own dates are among them). */
export async function replaceLines(database: Database, trx: Transaction<AnyDatabase>, kind: Kind, dates: string[], lines: RateLine[]) {
  const { table, date } = TABLE[kind];
  const touched = new Set(lines.map((line) => line.currency));
  if (kind === 'customsRates') for (const line of await liveOn(trx, kind, dates)) touched.add(line.currency);
  for (const part of chunks(dates)) await trx.deleteFrom(table).where(date, 'in', part).execute();
  if (kind === 'centralBankRates') {
    for (const part of chunks(lines))
      await trx
        .insertInto(table)
        .values(part.map((line) => ({ ...line })))
        .execute();
    return;
  }
  const names = new Map<string, string>();
  for (const part of chunks([...touched])) {
    const rows = await trx.selectFrom('ref_currency').select(['code', 'description']).where('code', 'in', part).execute();
    for (const row of rows) names.set(String(row.code), String(row.description));
  }
  for (const part of chunks(lines)) {
    await trx
      .insertInto(table)
      .values(
        part.map((line) => ({
          code: line.currency,
          description: names.get(line.currency) ?? displayName('en', 'currency', line.currency) ?? line.currency,
          descriptionTranslated: displayName('bn', 'currency', line.currency),
          rate: line.rate,
          validFrom: line.date,
          validTo: null,
          sample: 0,
        })),
      )
      .execute();
  }
  await closeValidity(trx, [...touched]);
  if (database.dialect === 'sqlite')
    await sql`insert into ${sql.id(textIndexOf(table))}(${sql.id(textIndexOf(table))}) values ('rebuild')`.execute(trx);
}

/** Each rate of these currencies is valid until the day before the currency's next rate; the last stays open. */
async function closeValidity(trx: Transaction<AnyDatabase>, currencies: string[]) {
  for (const part of chunks(currencies)) {
    const rows = await trx
      .selectFrom('ref_exchange_rate')
      .select(['id', 'code', 'validFrom', 'validTo'])
      .where('code', 'in', part)
      .orderBy('code')
      .orderBy('validFrom')
      .execute();
    for (let index = 0; index < rows.length; index++) {
      const next = rows[index + 1];
      const validTo = next && next.code === rows[index].code ? previousDay(String(next.validFrom)) : null;
      if ((rows[index].validTo ?? null) !== validTo)
        await trx.updateTable('ref_exchange_rate').set({ validTo }).where('id', '=', rows[index].id).execute();
    }
  }
}
