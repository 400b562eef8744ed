/**
 * Learning from use: the code a user picks after a finder search (the result they open or price) is kept as
 * the search text, the code, the page language and the time, nothing else (no address, account or
 * session). `npm run finder:train -- --usage` trains with these records like an administration's examples.
 */
import type { Database } from '../db/database.js';
import { FieldError } from '../http/request.js';
import type { Nomenclature } from './data.js';
import { USAGE_TABLE } from './usage-migration.js';
import { codeDigits, queryText } from './service.js';

export interface UsageRecord {
  query: string;
  /** The 6-digit HS 2022 subheading picked (an 8-digit national line is kept as its subheading). */
  code: string;
  language: string;
  createdAt: string;
}

/** A POSTed record, as its schema (plugin.ts) lets it through. */
export interface UsageBody {
  query: string;
  code: string;
  language: string;
}

/** The record to store: the text trimmed, the code as its 6-digit HS 2022 subheading (a 400 naming the field otherwise). */
export function usageRecordOf(body: UsageBody, nomenclature: Nomenclature, now = new Date()): UsageRecord {
  const query = queryText(body.query, 'query');
  const digits = codeDigits(body.code, 'code', [6, 8]);
  if (!nomenclature.subheadings.has(digits.slice(0, 6))) throw new FieldError('code', `${digits.slice(0, 6)} is not an HS 2022 subheading`);
  if (digits.length === 8 && !nomenclature.lines.get(digits.slice(0, 6))?.some((line) => line.code === digits))
    throw new FieldError('code', `${digits} is not a national tariff line`);
  return { query, code: digits.slice(0, 6), language: body.language, createdAt: now.toISOString() };
}

export async function recordUsage(database: Database, record: UsageRecord): Promise<void> {
  await database.db.insertInto(USAGE_TABLE).values(record).execute();
}

/** Every record, oldest first (time order: the latest are the ones a retraining holds out). */
export async function readUsage(database: Database): Promise<UsageRecord[]> {
  const rows = await database.db
    .selectFrom(USAGE_TABLE)
    .select(['query', 'code', 'language', 'createdAt'])
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    query: String(row.query),
    code: String(row.code),
    language: String(row.language),
    createdAt: String(row.createdAt),
  }));
}
