import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { databaseCounters, memoryCounters, type Counters, type WindowCount } from './counters.js';

/** Requests a client IP may make per minute, per group of routes (0 = no limit). */
export interface RateLimits {
  /** Every service route not in another group. */
  default: number;
  /** The tariff finder (a model query per request). */
  finder: number;
  /** Print endpoints (each makes a file). */
  print: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { default: 1000, finder: 120, print: 30 };

const WINDOW_MS = 60_000;
/** Longest wait for the database's count before this replica counts the request itself. */
const DATABASE_TIMEOUT_MS = 1000;

type Group = keyof RateLimits;

export interface RateLimiter {
  /** Counts in this database from now on, with every replica using it (until then, in this process). */
  share(database: Database): void;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Per-IP fixed-window limits on the service routes (the built site's files are not limited: a CDN
 * serves them in production). Over the limit: 429 with Retry-After. The client IP is the one Fastify
 * resolves (X-Forwarded-For behind a trusted proxy).
 *
 * The counts live in the services' database once `share` gives it, so every replica behind a load balancer
 * sees the same count: one atomic upsert per request (see counters.ts), ended windows swept once a minute.
 * A bucket known to be over its limit is answered 429 without asking the database again until its window
 * ends, so a flood costs no database work. When the database fails or does not answer within a second,
 * the limit fails open to this replica's own count (the per-process limit of a single server) rather than
 * refusing service or letting everything through: an outage of the counters must not become an outage of
 * the portal, nor lift the limit. The failure is logged at most once a minute.
 */
export function rateLimit(
  app: FastifyInstance,
  options: {
    limits: RateLimits;
    prefixes: readonly string[];
    finderPrefixes: readonly string[];
    now?: () => number;
    timeoutMs?: number;
  },
): RateLimiter {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DATABASE_TIMEOUT_MS;
  const local = memoryCounters(WINDOW_MS);
  let shared: Counters | null = null;
  /** Buckets over their limit, and when their window ends. */
  const blocked = new Map<string, number>();
  let sweepAt = now() + WINDOW_MS;
  let warnedAt = -Infinity;

  const warn = (time: number, error: unknown, what: string) => {
    if (time - warnedAt < WINDOW_MS) return;
    warnedAt = time;
    app.log.warn({ err: error }, `rate limit: ${what}`);
  };

  const count = async (bucket: string, time: number): Promise<WindowCount> => {
    if (!shared) return local.hit(bucket, time);
    try {
      return await within(shared.hit(bucket, time), timeoutMs);
    } catch (error) {
      warn(time, error, 'the database did not count a request; this replica counts on its own until it does');
      return local.hit(bucket, time);
    }
  };

  const sweep = (time: number) => {
    sweepAt = time + WINDOW_MS;
    void local.sweep(time);
    for (const [bucket, resetAt] of blocked) if (resetAt <= time) blocked.delete(bucket);
    shared?.sweep(time).catch((error: unknown) => warn(time, error, 'ended windows not swept (the next sweep takes them)'));
  };

  const groupOf = (path: string): Group | null => {
    if (options.finderPrefixes.some((prefix) => path.startsWith(prefix))) return 'finder';
    if (!options.prefixes.some((prefix) => path.startsWith(prefix))) return null;
    if (/\/print(\/|$)/.test(path)) return 'print';
    return 'default';
  };

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const group = groupOf(request.url.split('?')[0]);
    const limit = group ? options.limits[group] : 0;
    if (!group || !limit) return;
    const time = now();
    if (time >= sweepAt) sweep(time);
    const bucket = `${group} ${request.ip}`;
    const blockedUntil = blocked.get(bucket);
    const window = blockedUntil && blockedUntil > time ? { hits: limit + 1, resetAt: blockedUntil } : await count(bucket, time);
    const reset = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
    reply.header('ratelimit-limit', limit);
    reply.header('ratelimit-remaining', Math.max(0, limit - window.hits));
    reply.header('ratelimit-reset', reset);
    if (window.hits > limit) {
      blocked.set(bucket, window.resetAt);
      return reply
        .code(429)
        .header('retry-after', reset)
        .send({ error: 'Too Many Requests', message: `At most ${limit} requests per minute from one address here; retry in ${reset} s` });
    }
  });

  return {
    share(database) {
      shared = databaseCounters(database, WINDOW_MS);
    },
  };
}

/** RATE_LIMIT, RATE_LIMIT_FINDER, RATE_LIMIT_PRINT: requests per minute per IP (0 = no limit). */
export function rateLimitsFrom(
  env: NodeJS.ProcessEnv,
  parse: (name: string, value: string | undefined, fallback: number) => number,
): RateLimits {
  return {
    default: parse('RATE_LIMIT', env.RATE_LIMIT, DEFAULT_RATE_LIMITS.default),
    finder: parse('RATE_LIMIT_FINDER', env.RATE_LIMIT_FINDER, DEFAULT_RATE_LIMITS.finder),
    print: parse('RATE_LIMIT_PRINT', env.RATE_LIMIT_PRINT, DEFAULT_RATE_LIMITS.print),
  };
}
