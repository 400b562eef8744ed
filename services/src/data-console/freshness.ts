/** How current the data visitors see is: its latest date, where it came from, and whether it is older than its cadence. */
import type { Database } from '../db/database.js';
import { tenant } from '@guichet/shared/config/tenant';
import { today } from '../http/request.js';
import type { Kind } from './kinds.js';
import { latestDate } from './tables.js';
import type { Freshness } from '@guichet/shared/api/data-console';

export type { Freshness };

/** Expected cadence (days) and the grace before the data counts as late. */
const CADENCE: Record<Kind, { days: number; grace: number }> = {
  // The same limit as the rates page's "not current" notice (the tenant profile's).
  customsRates: { days: 1, grace: tenant.ratesStaleAfterDays - 1 },
  centralBankRates: { days: 1, grace: 4 },
  tariff: { days: 365, grace: 31 },
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

async function ofKind(database: Database, kind: Kind, day: string): Promise<Freshness> {
  const date = await latestDate(database.db, kind, day);
  const publication = await database.db
    .selectFrom('data_publication as p')
    .innerJoin('data_upload as u', 'u.id', 'p.uploadId')
    .select(['u.source', 'p.appliedAt'])
    .where('p.kind', '=', kind)
    .where('p.status', '=', 'live')
    .orderBy('p.appliedAt', 'desc')
    .executeTakeFirst();
  const { days, grace } = CADENCE[kind];
  return {
    date,
    source: publication ? (publication.source as 'upload' | 'feed') : 'pack',
    publishedAt: (publication?.appliedAt as string | null) ?? null,
    cadenceDays: days,
    stale: date === null || daysBetween(date, day) > days + grace,
  };
}

export async function freshness(database: Database): Promise<Record<Kind, Freshness> & { today: string }> {
  const day = today();
  return {
    today: day,
    customsRates: await ofKind(database, 'customsRates', day),
    centralBankRates: await ofKind(database, 'centralBankRates', day),
    tariff: await ofKind(database, 'tariff', day),
  };
}
