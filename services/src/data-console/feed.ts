/**
 * The central bank's rates from a feed (the ECB's daily XML), fetched on a schedule by one replica at a time.
 * A clean day is published at once; a day that fails its checks (a jump, a missing currency) is held for an
 * officer, and a feed that cannot be fetched is logged; both are recorded for the console.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.js';
import { today } from '../http/request.js';
import { checkFeedDay, fetchEcbFeed, type FeedDay } from './ecb-feed.js';
import { liveOn, latestDate } from './tables.js';
import { audit, JUMP_PERCENT, publish, saveUpload } from './store.js';

export const FEED_NAME = 'centralBankRates';
const ACTOR = 'feed';

export interface FeedRun {
  status: 'published' | 'held' | 'unchanged' | 'failed';
  message: string;
  /** Days published by this run. */
  published: string[];
}

export interface FeedState {
  url: string | null;
  minutes: number;
  lastRunAt: string | null;
  lastStatus: string | null;
  lastMessage: string | null;
}

async function record(database: Database, run: FeedRun) {
  await database.db
    .updateTable('data_feed')
    .set({ lastRunAt: new Date().toISOString(), lastStatus: run.status, lastMessage: run.message })
    .where('name', '=', FEED_NAME)
    .execute();
}

async function ensureRow(database: Database) {
  await database.db
    .insertInto('data_feed')
    .values({ name: FEED_NAME, leaseUntil: null, lastRunAt: null, lastStatus: null, lastMessage: null })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

/** Fetches the feed and publishes each new clean day; the first day that fails its checks is held, with the days after it. */
export async function runFeed(database: Database, url: string): Promise<FeedRun> {
  await ensureRow(database);
  let days: FeedDay[];
  try {
    days = await fetchEcbFeed(url);
  } catch (error) {
    const run: FeedRun = { status: 'failed', message: `The feed could not be read: ${(error as Error).message}`, published: [] };
    await audit(database, ACTOR, 'feed failed', FEED_NAME, { url, message: run.message });
    await record(database, run);
    return run;
  }
  const day = today();
  const latest = await latestDate(database.db, 'centralBankRates', day);
  let previous: { date: string; rates: Record<string, number> } | null = latest
    ? {
        date: latest,
        rates: Object.fromEntries((await liveOn(database.db, 'centralBankRates', [latest])).map((line) => [line.currency, line.rate])),
      }
    : null;
  const fresh = days.filter((feedDay) => !latest || feedDay.date > latest);
  const published: string[] = [];
  for (const feedDay of fresh) {
    const problems = checkFeedDay(feedDay, previous, { today: day, jumpPercent: JUMP_PERCENT });
    const lines = Object.entries(feedDay.rates).map(([currency, rate]) => ({ date: feedDay.date, currency, rate }));
    const checksum = createHash('sha256').update(JSON.stringify(feedDay)).digest('hex');
    const upload = {
      kind: 'centralBankRates' as const,
      source: 'feed' as const,
      fileName: `${url} (${feedDay.date})`,
      checksum,
      lines,
      actor: ACTOR,
    };
    if (problems.length > 0) {
      const held = await database.db
        .selectFrom('data_upload')
        .select('id')
        .where('checksum', '=', checksum)
        .where('status', '=', 'held')
        .executeTakeFirst();
      if (!held) {
        await saveUpload(database, { ...upload, problems });
        await audit(database, ACTOR, 'feed held', FEED_NAME, { date: feedDay.date, problems });
      }
      const run: FeedRun = {
        status: 'held',
        message: `${feedDay.date} held for an officer: ${problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}`,
        published,
      };
      await record(database, run);
      return run;
    }
    await publish(database, (await saveUpload(database, upload)).id, day, ACTOR);
    published.push(feedDay.date);
    previous = { date: feedDay.date, rates: feedDay.rates };
  }
  const run: FeedRun =
    published.length > 0
      ? { status: 'published', message: `Published ${published.join(', ')}`, published }
      : { status: 'unchanged', message: `No day after ${latest ?? 'the live data'} in the feed`, published };
  await record(database, run);
  return run;
}

/** Takes the feed's lease when it is free (one replica fetches); true when this process holds it. */
export async function takeLease(database: Database, minutes: number): Promise<boolean> {
  await ensureRow(database);
  const now = new Date();
  const result = await database.db
    .updateTable('data_feed')
    .set({ leaseUntil: new Date(now.getTime() + minutes * 60_000 - 5_000).toISOString() })
    .where('name', '=', FEED_NAME)
    .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<', now.toISOString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function feedState(database: Database, url: string | undefined, minutes: number): Promise<FeedState> {
  const row = await database.db.selectFrom('data_feed').selectAll().where('name', '=', FEED_NAME).executeTakeFirst();
  return {
    url: url ?? null,
    minutes,
    lastRunAt: (row?.lastRunAt as string | null) ?? null,
    lastStatus: (row?.lastStatus as string | null) ?? null,
    lastMessage: (row?.lastMessage as string | null) ?? null,
  };
}
