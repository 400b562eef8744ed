import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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

type Group = keyof RateLimits;

/**
 * Per-IP fixed-window limits on the service routes (the built site's files are not limited: a CDN
 * serves them in production). Over the limit: 429 with Retry-After. The client IP is the one Fastify
 * resolves (X-Forwarded-For behind a trusted proxy). Counts are per replica; a load balancer in front of
 * several replicas multiplies the effective limit by their number.
 */
export function rateLimit(
  app: FastifyInstance,
  options: { limits: RateLimits; prefixes: readonly string[]; finderPrefixes: readonly string[]; now?: () => number },
): void {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweepAt = now() + WINDOW_MS;

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
    if (time >= sweepAt) {
      for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
      sweepAt = time + WINDOW_MS;
    }
    const key = `${group} ${request.ip}`;
    let window = windows.get(key);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + WINDOW_MS };
      windows.set(key, window);
    }
    window.count += 1;
    const reset = Math.max(1, Math.ceil((window.resetAt - time) / 1000));
    reply.header('ratelimit-limit', limit);
    reply.header('ratelimit-remaining', Math.max(0, limit - window.count));
    reply.header('ratelimit-reset', reset);
    if (window.count > limit) {
      return reply
        .code(429)
        .header('retry-after', reset)
        .send({ error: 'Too Many Requests', message: `At most ${limit} requests per minute from one address here; retry in ${reset} s` });
    }
  });
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
