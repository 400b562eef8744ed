/** How current the data visitors see is: its latest date, where it came from, and whether it is older than its cadence. */
import type { Database } from '../db/database.js';
import { tenant } from '@guichet/shared/config/tenant';
import { today } from '../http/request.js';
import type { Kind } from './kinds.js';
import { latestDate } from './tables.js';

export interface Freshness {
  /** Latest date of the data in effect today (null: none). */
  date: string | null;
  /** pack: the data files the portal was deployed with; upload: published by an officer; feed: fetched from the feed. */
  source: 'pack' | 'upload' | 'feed';
  /** When an officer or the feed published it (null for the data files). */
  publishedAt: string | null;
  /** Days between two publications expected of the source. */
  cadenceDays: number;
  /** Older than the cadence allows (with a grace for weekends and holidays). */
  stale: boolean;
}

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
