/**
 * The HS 2022 texts of chapters, headings and subheadings, in English (ref_hs_nomenclature) and in the
 * other languages (hs_text), held in memory per database: every keyword result and nomenclature record
 * shows three of them, and read with the search's statement they were a third of PostgreSQL's time (15
 * rows, six lookups each). The texts change only when their data packs are imported, so a copy older than
 * HS_TEXTS_TTL_MS is read again (another process may have imported them), beside the event loop on SQLite,
 * while the copy held goes on answering.
 */
import type { Database } from '../db/database.js';

/** An HS text of a result, in the page language, or in English (language "en") where none exists in it. */
export interface HsText {
  code: string;
  description: string;
  language: string;
}

export interface HsTextIndex {
  english: Map<string, HsText>;
  /** By language, then by code. */
  translated: Map<string, Map<string, HsText>>;
}

export const HS_TEXTS_TTL_MS = 60_000;

const held = new WeakMap<Database, { index: Promise<HsTextIndex>; readAt: number }>();

async function readIndex(database: Database): Promise<HsTextIndex> {
  const [english, translated] = await Promise.all([
    database.read(database.db.selectFrom('ref_hs_nomenclature').select(['code', 'description']).where('level', '>', 1).compile()),
    database.read(database.db.selectFrom('hs_text').select(['code', 'language', 'description']).compile()),
  ]);
  const index: HsTextIndex = { english: new Map(), translated: new Map() };
  for (const row of english) {
    const code = String(row.code);
    if (!index.english.has(code)) index.english.set(code, { code, description: String(row.description), language: 'en' });
  }
  for (const row of translated) {
    const language = String(row.language);
    let byCode = index.translated.get(language);
    if (!byCode) index.translated.set(language, (byCode = new Map()));
    byCode.set(String(row.code), { code: String(row.code), description: String(row.description), language });
  }
  return index;
}

/**
 * The database's HS texts, read at the first use. Once they are older than HS_TEXTS_TTL_MS they are read
 * again, and the copy held answers until the new one is read (a failed read keeps it).
 */
export function hsTextIndex(database: Database, now = Date.now()): Promise<HsTextIndex> {
  const entry = held.get(database);
  if (entry && now - entry.readAt < HS_TEXTS_TTL_MS) return entry.index;
  const fresh = { index: readIndex(database), readAt: now };
  if (!entry) {
    held.set(database, fresh);
    // A failed first read is not kept: the next request reads again.
    fresh.index.catch(() => held.get(database) === fresh && held.delete(database));
    return fresh.index;
  }
  entry.readAt = now;
  fresh.index.then(
    () => held.set(database, fresh),
    () => {},
  );
  return entry.index;
}
