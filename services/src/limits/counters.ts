import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { RATE_LIMIT_TABLE } from './migration.js';

/** A bucket's count in its current window, this request included, and when that window ends (ms). */
export interface WindowCount {
  hits: number;
  resetAt: number;
}

/** Fixed-window counters: a bucket's window starts at its first request and lasts `windowMs`. */
export interface Counters {
  hit(bucket: string, now: number): Promise<WindowCount>;
  /** Forgets the windows that ended before `now`. */
  sweep(now: number): Promise<void>;
}

/** Counters of this process only: what a replica falls back to when the database does not answer. */
export function memoryCounters(windowMs: number): Counters {
  const windows = new Map<string, WindowCount>();
  return {
    async hit(bucket, now) {
      let window = windows.get(bucket);
      if (!window || window.resetAt <= now) {
        window = { hits: 0, resetAt: now + windowMs };
        windows.set(bucket, window);
      }
      window.hits += 1;
      return { ...window };
    },
    async sweep(now) {
      for (const [bucket, window] of windows) if (window.resetAt <= now) windows.delete(bucket);
    },
  };
}

/**
 * Counters in the services' database, shared by every replica using it. One statement per request: an
 * atomic upsert that starts a new window when the stored one has ended and otherwise adds one, returning
 * the new count (SQLite and PostgreSQL both evaluate the SET expressions on the row as it was, and lock it
 * for the statement, so two replicas counting at once never lose a hit).
 */
export function databaseCounters(database: Database, windowMs: number): Counters {
  const { db } = database;
  const table = sql.table(RATE_LIMIT_TABLE);
  return {
    async hit(bucket, now) {
      const resetAt = now + windowMs;
      const result = await sql<{ hits: number | string; reset_at: number | string }>`
        insert into ${table} (bucket, hits, reset_at) values (${bucket}, 1, ${resetAt})
        on conflict (bucket) do update set
          hits = case when ${table}.reset_at > ${now} then ${table}.hits + 1 else 1 end,
          reset_at = case when ${table}.reset_at > ${now} then ${table}.reset_at else excluded.reset_at end
        returning hits, reset_at`.execute(db);
      const row = result.rows[0];
      // PostgreSQL hands bigint columns over as strings.
      return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
    },
    async sweep(now) {
      await sql`delete from ${table} where reset_at <= ${now}`.execute(db);
    },
  };
}
