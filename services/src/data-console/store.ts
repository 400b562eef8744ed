/**
 * Uploads, previews, publications and rollbacks of the data console. A publication replaces the live lines of
 * the dates its file covers, keeps what it replaced, and takes effect on its validity date (a scheduled one
 * changes nothing before). Only the latest live publication of a kind is rolled back, which restores exactly
 * the state before it; earlier ones follow one at a time.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { AnyDatabase, Database } from '../db/database.js';
import { today } from '../http/request.js';
import type { TariffLine } from '../db/tariff-packs.js';
import type { Diff, DiffLine, Publication, PublicationStatus, Upload, UploadStatus } from '@guichet/shared/api/data-console';
import { KIND_DEFINITIONS, KINDS, type Kind, type Line, type RateLine } from './kinds.js';
import { liveBefore, liveOn, replaceLines } from './tables.js';
import { applyEdition, restoreDocuments, tariffDiff, undoEdition, type TariffUndo } from './tariff.js';

/** A day-on-day change larger than this (percent) is highlighted, and holds a feed for an officer. */
export const JUMP_PERCENT = 5;
/** Preview lines listed (all are counted). */
export const MAX_PREVIEW_LINES = 2000;

export class ConsoleError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const now = () => new Date().toISOString();
const round = (value: number) => Math.round(value * 10) / 10;

export const checksumOf = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/** The dates a set of lines covers, ascending. */
const datesOf = (lines: Line[]) => [...new Set((lines as RateLine[]).map((line) => line.date))].sort();

function uploadOf(row: Record<string, unknown>): Upload {
  return {
    id: String(row.id),
    kind: row.kind as Kind,
    source: row.source as Upload['source'],
    fileName: String(row.fileName),
    checksum: String(row.checksum),
    rowCount: Number(row.rowCount),
    status: row.status as UploadStatus,
    problems: row.problems ? JSON.parse(String(row.problems)) : null,
    createdBy: String(row.createdBy),
    createdAt: String(row.createdAt),
  };
}

export async function audit(database: Database | Transaction<AnyDatabase>, actor: string, action: string, kind: string, detail: unknown) {
  const db = 'db' in database ? database.db : database;
  await db
    .insertInto('data_audit')
    .values({ at: now(), actor, action, kind, detail: JSON.stringify(detail) })
    .execute();
}

/** Keeps a checked file's lines for preview and publication. */
export async function saveUpload(
  database: Database,
  input: {
    kind: Kind;
    source: Upload['source'];
    fileName: string;
    checksum: string;
    lines: Line[];
    actor: string;
    problems?: Upload['problems'];
  },
): Promise<Upload> {
  const row = {
    id: randomUUID(),
    kind: input.kind,
    source: input.source,
    fileName: input.fileName,
    checksum: input.checksum,
    rowCount: input.lines.length,
    lines: JSON.stringify(input.lines),
    problems: input.problems?.length ? JSON.stringify(input.problems) : null,
    status: input.problems?.length ? 'held' : 'checked',
    createdBy: input.actor,
    createdAt: now(),
  };
  await database.db.insertInto('data_upload').values(row).execute();
  return uploadOf(row);
}

async function uploadRow(db: Database['db'] | Transaction<AnyDatabase>, id: string) {
  const row = await db.selectFrom('data_upload').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ConsoleError(404, `No upload ${id}`);
  return row;
}

export async function getUpload(database: Database, id: string): Promise<Upload & { lines: Line[] }> {
  const row = await uploadRow(database.db, id);
  return { ...uploadOf(row), lines: JSON.parse(String(row.lines)) as Line[] };
}

/** New, changed, unchanged and removed lines against what is live, with each line's change on the day before. */
export async function diffAgainstLive(database: Database | Transaction<AnyDatabase>, kind: Kind, all: Line[]): Promise<Diff> {
  const db = 'db' in database ? database.db : database;
  if (kind === 'tariff') {
    const { counts, lines } = await tariffDiff(db, all as TariffLine[], today());
    return { counts, from: '', to: '', lines: lines.slice(0, MAX_PREVIEW_LINES), truncated: lines.length > MAX_PREVIEW_LINES };
  }
  const lines = all as RateLine[];
  const dates = datesOf(lines);
  const live = await liveOn(db, kind, dates);
  const liveByKey = new Map(live.map((line) => [`${line.date} ${line.currency}`, line.rate]));
  const fileKeys = new Set(lines.map((line) => `${line.date} ${line.currency}`));
  const sorted = [...lines].sort((a, b) => (a.currency === b.currency ? (a.date < b.date ? -1 : 1) : a.currency < b.currency ? -1 : 1));
  const firstDates = new Map<string, string>();
  for (const line of sorted) if (!firstDates.has(line.currency)) firstDates.set(line.currency, line.date);
  const before = await liveBefore(db, kind, firstDates, dates);
  const counts = { new: 0, changed: 0, unchanged: 0, removed: 0, jumps: 0 };
  const out: DiffLine[] = [];
  let previousLine: RateLine | undefined;
  for (const line of sorted) {
    const previous = previousLine?.currency === line.currency ? previousLine.rate : (before.get(line.currency)?.rate ?? null);
    const liveRate = liveByKey.get(`${line.date} ${line.currency}`) ?? null;
    const changePercent = previous ? round(((line.rate - previous) / previous) * 100) : null;
    const status = liveRate === null ? 'new' : liveRate === line.rate ? 'unchanged' : 'changed';
    const jump = changePercent !== null && Math.abs(changePercent) > JUMP_PERCENT;
    counts[status] += 1;
    if (jump) counts.jumps += 1;
    out.push({ date: line.date, currency: line.currency, rate: line.rate, live: liveRate, previous, changePercent, status, jump });
    previousLine = line;
  }
  for (const line of live) {
    if (fileKeys.has(`${line.date} ${line.currency}`)) continue;
    counts.removed += 1;
    out.push({
      date: line.date,
      currency: line.currency,
      rate: null,
      live: line.rate,
      previous: null,
      changePercent: null,
      status: 'removed',
      jump: false,
    });
  }
  // Lines an officer must look at come first: jumps, then removals and changes.
  const weight = (line: DiffLine) => (line.jump ? 0 : line.status === 'removed' ? 1 : line.status === 'changed' ? 2 : 3);
  out.sort((a, b) => weight(a) - weight(b));
  return {
    counts,
    from: dates[0] ?? '',
    to: dates[dates.length - 1] ?? '',
    lines: out.slice(0, MAX_PREVIEW_LINES),
    truncated: out.length > MAX_PREVIEW_LINES,
  };
}

/** One writer at a time on PostgreSQL (replicas); SQLite transactions are serialised already. */
async function lock(database: Database, trx: Transaction<AnyDatabase>) {
  if (database.dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${`guichet-data-console:${database.schema ?? ''}`}))`.execute(trx);
  else await sql`update data_feed set name = name where 1 = 0`.execute(trx);
}

async function applyPublication(
  database: Database,
  trx: Transaction<AnyDatabase>,
  id: number,
  kind: Kind,
  lines: Line[],
  validFrom: string,
) {
  let replaced: RateLine[] | TariffUndo;
  if (kind === 'tariff') replaced = await applyEdition(database, trx, lines as TariffLine[], validFrom);
  else {
    const dates = datesOf(lines);
    replaced = await liveOn(trx, kind, dates);
    await replaceLines(database, trx, kind, dates, lines as RateLine[]);
  }
  await trx
    .updateTable('data_publication')
    .set({ status: 'live', appliedAt: now(), replaced: JSON.stringify(replaced) })
    .where('id', '=', id)
    .execute();
}

/**
 * Publishes a checked (or held) upload, effective on validFrom: at once when that is today or earlier.
 * `removals`, when given (an officer's publication, not the feed's), must be the number of lines in force that
 * it removes, as its preview showed them: a one-line tariff file would otherwise replace the whole tariff with
 * one click.
 */
export async function publish(
  database: Database,
  uploadId: string,
  validFrom: string,
  actor: string,
  removals?: number,
): Promise<Publication> {
  const id = await database.db.transaction().execute(async (trx) => {
    await lock(database, trx);
    const row = await uploadRow(trx, uploadId);
    if (row.status !== 'checked' && row.status !== 'held')
      throw new ConsoleError(409, `This upload is ${row.status}: upload the file again to publish it`);
    const lines = JSON.parse(String(row.lines)) as Line[];
    const kind = row.kind as Kind;
    const { counts } = await diffAgainstLive(trx, kind, lines);
    if (removals !== undefined && counts.removed > 0 && removals !== counts.removed)
      throw new ConsoleError(
        409,
        `This publication removes ${counts.removed} ${counts.removed === 1 ? 'line' : 'lines'} in force: confirm with removals ${counts.removed}`,
        'removals',
      );
    await trx.updateTable('data_upload').set({ status: 'published' }).where('id', '=', uploadId).execute();
    const inserted = await trx
      .insertInto('data_publication')
      .values({
        uploadId,
        kind,
        validFrom,
        status: 'scheduled',
        checksum: row.checksum,
        rowCount: row.rowCount,
        summary: JSON.stringify(counts),
        publishedBy: actor,
        publishedAt: now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const publicationId = Number(inserted.id);
    if (validFrom <= today()) await applyPublication(database, trx, publicationId, kind, lines, validFrom);
    await audit(trx, actor, 'publish', kind, { publication: publicationId, upload: uploadId, validFrom, checksum: row.checksum, counts });
    return publicationId;
  });
  return (await history(database, { id }))[0];
}

/** Applies the scheduled publications whose validity date has come; returns how many. */
export async function applyDue(database: Database): Promise<number> {
  const due = await database.db
    .selectFrom('data_publication')
    .select(['id'])
    .where('status', '=', 'scheduled')
    .where('validFrom', '<=', today())
    // In the order of their dates (two editions due at once: the later-dated one ends in force), then of publishing.
    .orderBy('validFrom')
    .orderBy('id')
    .execute();
  let applied = 0;
  for (const { id } of due) {
    applied += await database.db.transaction().execute(async (trx) => {
      await lock(database, trx);
      const publication = await trx
        .selectFrom('data_publication')
        .select(['status', 'kind', 'uploadId', 'validFrom'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (publication?.status !== 'scheduled') return 0;
      const upload = await uploadRow(trx, String(publication.uploadId));
      await applyPublication(
        database,
        trx,
        Number(id),
        publication.kind as Kind,
        JSON.parse(String(upload.lines)),
        String(publication.validFrom),
      );
      await audit(trx, 'schedule', 'apply', String(publication.kind), { publication: Number(id) });
      return 1;
    });
  }
  return applied;
}

/** Rolls back the latest live publication of its kind (restoring what it replaced), or cancels a scheduled one. */
export async function rollBack(database: Database, id: number, actor: string): Promise<Publication> {
  await database.db.transaction().execute(async (trx) => {
    await lock(database, trx);
    const publication = await trx.selectFrom('data_publication').selectAll().where('id', '=', id).executeTakeFirst();
    if (!publication) throw new ConsoleError(404, `No publication ${id}`);
    const kind = publication.kind as Kind;
    if (publication.status === 'scheduled') {
      await trx
        .updateTable('data_publication')
        .set({ status: 'cancelled', rolledBackBy: actor, rolledBackAt: now() })
        .where('id', '=', id)
        .execute();
      await audit(trx, actor, 'cancel', kind, { publication: id });
      return;
    }
    if (publication.status !== 'live') throw new ConsoleError(409, `Publication ${id} is ${publication.status} already`);
    const latest = await trx
      .selectFrom('data_publication')
      .select(['id'])
      .where('kind', '=', kind)
      .where('status', '=', 'live')
      .orderBy('appliedAt', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (Number(latest?.id) !== id) throw new ConsoleError(409, `Publication ${latest?.id} came after this one: roll that back first`);
    const upload = await uploadRow(trx, String(publication.uploadId));
    const replaced = JSON.parse(String(publication.replaced ?? '[]'));
    if (kind === 'tariff') await undoEdition(database, trx, replaced as TariffUndo);
    else await replaceLines(database, trx, kind, datesOf(JSON.parse(String(upload.lines)) as Line[]), replaced as RateLine[]);
    await trx
      .updateTable('data_publication')
      .set({ status: 'rolledBack', rolledBackBy: actor, rolledBackAt: now() })
      .where('id', '=', id)
      .execute();
    await audit(trx, actor, 'rollback', kind, { publication: id });
  });
  return (await history(database, { id }))[0];
}

/**
 * Applies the live publications of a kind again, in order, after its data pack was re-imported from the files
 * (a new deployment's data): what officers published stays published.
 */
export async function reapply(database: Database, kind: Kind): Promise<number> {
  const live = await database.db
    .selectFrom('data_publication')
    .select(['id', 'uploadId', 'validFrom'])
    .where('kind', '=', kind)
    .where('status', '=', 'live')
    .orderBy('appliedAt')
    .orderBy('id')
    .execute();
  for (const publication of live) {
    await database.db.transaction().execute(async (trx) => {
      await lock(database, trx);
      const upload = await uploadRow(trx, String(publication.uploadId));
      await applyPublication(database, trx, Number(publication.id), kind, JSON.parse(String(upload.lines)), String(publication.validFrom));
    });
  }
  return live.length;
}

/**
 * After data packs were imported from the files: the publications of each kind whose pack was re-imported are
 * applied again, in order; when only the search documents were rebuilt, the live editions' codes get theirs.
 */
export async function afterImport(database: Database, imported: string[], log: (message: string) => void): Promise<void> {
  for (const kind of KINDS) {
    if (imported.includes(KIND_DEFINITIONS[kind].pack)) {
      const count = await reapply(database, kind);
      if (count) log(`data console: ${count} ${kind} publications applied again over the new data files`);
    } else if (kind === 'tariff' && imported.includes('search')) await restoreDocuments(database);
  }
}

/** Publications, newest first (optionally one, or one kind's). */
export async function history(database: Database, filter: { id?: number; kind?: Kind; limit?: number } = {}): Promise<Publication[]> {
  let query = database.db
    .selectFrom('data_publication as p')
    .innerJoin('data_upload as u', 'u.id', 'p.uploadId')
    .select([
      'p.id',
      'p.uploadId',
      'p.kind',
      'u.fileName',
      'p.validFrom',
      'p.status',
      'p.checksum',
      'p.rowCount',
      'p.summary',
      'p.publishedBy',
      'p.publishedAt',
      'p.appliedAt',
      'p.rolledBackBy',
      'p.rolledBackAt',
    ])
    .orderBy('p.id', 'desc')
    .limit(filter.limit ?? 100);
  if (filter.id !== undefined) query = query.where('p.id', '=', filter.id);
  if (filter.kind) query = query.where('p.kind', '=', filter.kind);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    uploadId: String(row.uploadId),
    kind: row.kind as Kind,
    fileName: String(row.fileName),
    validFrom: String(row.validFrom),
    status: row.status as PublicationStatus,
    checksum: String(row.checksum),
    rowCount: Number(row.rowCount),
    summary: JSON.parse(String(row.summary)),
    publishedBy: String(row.publishedBy),
    publishedAt: String(row.publishedAt),
    appliedAt: (row.appliedAt as string | null) ?? null,
    rolledBackBy: (row.rolledBackBy as string | null) ?? null,
    rolledBackAt: (row.rolledBackAt as string | null) ?? null,
  }));
}

/** Uploads waiting for an officer (checked, or held feeds), newest first. */
export async function pendingUploads(database: Database): Promise<Upload[]> {
  const rows = await database.db
    .selectFrom('data_upload')
    .select(['id', 'kind', 'source', 'fileName', 'checksum', 'rowCount', 'status', 'problems', 'createdBy', 'createdAt'])
    .where('status', 'in', ['checked', 'held'])
    .orderBy('createdAt', 'desc')
    .limit(50)
    .execute();
  return rows.map(uploadOf);
}

export async function discard(database: Database, id: string, actor: string): Promise<void> {
  const result = await database.db
    .updateTable('data_upload')
    .set({ status: 'discarded' })
    .where('id', '=', id)
    .where('status', 'in', ['checked', 'held'])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    // None: 404 as for a preview or a publication; one no longer waiting: 409.
    const row = await uploadRow(database.db, id);
    throw new ConsoleError(409, `Upload ${id} is ${row.status}: nothing waits to be published`);
  }
  await audit(database, actor, 'discard', '', { upload: id });
}
