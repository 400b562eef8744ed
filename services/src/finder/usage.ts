import { LANGUAGES } from '../languages.js';
/**
 * Learning from use: the code a user picks after a finder search (the result they open or price) is kept as
 * the search text, the code, the page language and the time, nothing else (no address, account or
 * session). `npm run finder:train -- --usage` trains with these records like an administration's examples.
 */
import type { Database } from '../db/database.js';
import { FieldError, objectAt } from '../reference/request-fields.js';
import type { Nomenclature } from './data.js';
import { USAGE_TABLE } from './usage-migration.js';
import { queryParameter } from './service.js';

export const USAGE_LANGUAGES = LANGUAGES;

export interface UsageRecord {
  query: string;
  /** The 6-digit HS 2022 subheading picked (an 8-digit national line is kept as its subheading). */
  code: string;
  language: string;
  createdAt: string;
}

/** Checks a POSTed record `{query, code, language}`: a 400 naming the field for anything else. */
export function usageRecordOf(body: unknown, nomenclature: Nomenclature, now = new Date()): UsageRecord {
  const record = objectAt(body, 'body');
  for (const key of Object.keys(record))
    if (!['query', 'code', 'language'].includes(key)) throw new FieldError(`body.${key}`, 'is not a known field (query, code, language)');
  const query = queryParameter(record.query, 'body.query');
  const raw = record.code;
  if (raw === undefined || raw === null || raw === '') throw new FieldError('body.code', 'is required');
  if (typeof raw !== 'string' || raw.length > 20) throw new FieldError('body.code', 'must be an HS code of 6 or 8 digits, as text');
  const digits = raw.replace(/[.\s]/g, '');
  if (!/^\d{6}(\d{2})?$/.test(digits))
    throw new FieldError('body.code', `must be an HS code of 6 or 8 digits (dots allowed), got ${JSON.stringify(raw)}`);
  if (!nomenclature.subheadings.has(digits.slice(0, 6)))
    throw new FieldError('body.code', `${digits.slice(0, 6)} is not an HS 2022 subheading`);
  const language = record.language;
  if (typeof language !== 'string' || !(USAGE_LANGUAGES as readonly string[]).includes(language))
    throw new FieldError('body.language', `must be one of ${USAGE_LANGUAGES.join(', ')}`);
  return { query, code: digits.slice(0, 6), language, createdAt: now.toISOString() };
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
