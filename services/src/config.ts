import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { rateLimitsFrom, type RateLimits } from './limits/rate-limit.js';

/** Repository root: services/src -> ../.. */
export const repoRoot = resolve(import.meta.dirname, '..', '..');
/** The data packs and rules files (data/ of the repository). */
export const DEFAULT_DATA_DIR = resolve(repoRoot, 'data');

export interface Config {
  host: string;
  port: number;
  /** Folder holding the built site (Gatsby's public/). */
  siteDir: string;
  /** Base URL of the CMS (its GraphQL endpoint is {cmsUrl}/graphql). */
  cmsUrl: string;
  /** Time-out for calls to the CMS, in milliseconds. */
  cmsTimeoutMs: number;
  logLevel: string;
  /** DATABASE_URL: postgres://... to use PostgreSQL; unset = SQLite file var/services/guichet.db. */
  databaseUrl: string | undefined;
  /** Reference-service answers kept in memory (REFERENCE_CACHE_SIZE, 0 = off). */
  referenceCacheSize: number;
  /** The portal's public origin (SITE_URL, default http://localhost:PORT): base of the embedded realm's issuer. */
  publicUrl: string;
  /** Where the embedded identity server keeps its signing key. */
  identityKeyFile: string;
  /** Access token lifetime of the embedded identity server, seconds (ACCESS_TOKEN_LIFETIME, default the realm's 300). */
  accessTokenLifetime: number | undefined;
  /** A real Keycloak instead of the embedded realm: its issuer (IDENTITY_ISSUER) and JWKS URL (IDENTITY_JWKS_URL). */
  identityIssuer: string | undefined;
  identityJwksUrl: string | undefined;
  /** Where the CMS seed keeps the services' API token for staff-only content (CMS_API_TOKEN overrides it). */
  cmsTokenFile: string;
  /** Requests per minute per client IP on the services (RATE_LIMIT, RATE_LIMIT_FINDER, RATE_LIMIT_PRINT; 0 = no limit). */
  rateLimits: RateLimits;
  /**
   * Which proxies' X-Forwarded-For is believed (TRUST_PROXY): unset = none (the socket's address is the
   * client), a hop count (`1`: the address the nearest proxy saw), or a comma list of proxy addresses and
   * CIDRs (`10.0.0.0/8,127.0.0.1`).
   */
  trustProxy: false | number | string[];
  /** FAULT_INJECTION=1: the end-to-end tests' fault switch (services/src/faults/); never in a deployment. */
  faultInjection: boolean;
  /** SITE_BUILDS=1: this server runs the site builds the CMS's webhook asks for (one server only; `npm start` sets it). */
  siteBuilds: boolean;
  /** The secret shared with the CMS (webhook, preview links): PUBLISHING_SECRET, else the file `npm start` writes. */
  publishingSecretFile: string;
  /** Origins of the CMS admin panel (CMS_PUBLIC_URL and CMS_URL), allowed to read the site build state. */
  cmsAdminOrigins: string[];
  /** CENTRAL_BANK_FEED_URL: the central bank's daily rates in the ECB's XML format, fetched on a schedule (none: no feed). */
  centralBankFeedUrl: string | undefined;
  /** CENTRAL_BANK_FEED_MINUTES: minutes between two fetches of the feed (default 60). */
  centralBankFeedMinutes: number;
  /** DRAIN_MS: behind nginx, how long a stopping server sends GETs elsewhere before it closes (default 0: at once). */
  drainMs: number;
}

/** The live site: what scripts/build-site.mjs publishes, else a plain build in public/ (an image, a manual gatsby build). */
function defaultSiteDir(): string {
  const live = resolve(repoRoot, 'var', 'site', 'live');
  return existsSync(live) || !existsSync(resolve(repoRoot, 'public', 'page-data', 'app-data.json')) ? live : resolve(repoRoot, 'public');
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  }
  return parsed;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    host: env.HOST || 'localhost',
    port: integer('PORT', env.PORT, 8000),
    siteDir: env.SITE_DIR ? resolve(repoRoot, env.SITE_DIR) : defaultSiteDir(),
    cmsUrl: (env.CMS_URL || `http://127.0.0.1:${env.CMS_PORT || 1337}`).replace(/\/+$/, ''),
    cmsTimeoutMs: integer('CMS_TIMEOUT_MS', env.CMS_TIMEOUT_MS, 30000),
    logLevel: env.LOG_LEVEL || 'info',
    databaseUrl: env.DATABASE_URL || undefined,
    referenceCacheSize: integer('REFERENCE_CACHE_SIZE', env.REFERENCE_CACHE_SIZE, 2000),
    publicUrl: (env.SITE_URL || `http://localhost:${integer('PORT', env.PORT, 8000)}`).replace(/\/+$/, ''),
    identityKeyFile: resolve(repoRoot, 'var', 'identity', 'signing-key.json'),
    accessTokenLifetime: env.ACCESS_TOKEN_LIFETIME ? integer('ACCESS_TOKEN_LIFETIME', env.ACCESS_TOKEN_LIFETIME, 300) : undefined,
    identityIssuer: env.IDENTITY_ISSUER || undefined,
    identityJwksUrl: env.IDENTITY_JWKS_URL || undefined,
    cmsTokenFile: resolve(repoRoot, 'var', 'cms', 'services-api-token'),
    rateLimits: rateLimitsFrom(env, integer),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    faultInjection: env.FAULT_INJECTION === '1',
    siteBuilds: env.SITE_BUILDS === '1',
    publishingSecretFile: resolve(repoRoot, 'var', 'publishing-secret'),
    centralBankFeedUrl: feedUrlFrom(env.CENTRAL_BANK_FEED_URL),
    centralBankFeedMinutes: Math.max(1, integer('CENTRAL_BANK_FEED_MINUTES', env.CENTRAL_BANK_FEED_MINUTES, 60)),
    drainMs: Math.min(30_000, integer('DRAIN_MS', env.DRAIN_MS, 0)),
    cmsAdminOrigins: [
      ...new Set(
        [env.CMS_PUBLIC_URL, env.CMS_URL, `http://localhost:${env.CMS_PORT || 1337}`, `http://127.0.0.1:${env.CMS_PORT || 1337}`]
          .filter((url): url is string => Boolean(url))
          .map(originOf)
          .filter((origin): origin is string => Boolean(origin)),
      ),
    ],
  };
}

function feedUrlFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const url = originOf(value) && new URL(value);
  if (!url || !/^https?:$/.test(url.protocol)) throw new Error(`CENTRAL_BANK_FEED_URL must be an http(s) URL, got "${value}"`);
  return url.toString();
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** TRUST_PROXY: none by default; a hop count; or proxy addresses/CIDRs. Anything else stops the start with a message. */
export function trustProxyFrom(value: string | undefined): false | number | string[] {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const ipv6 = address.includes(':') && /^[0-9a-f:.]+$/i.test(address);
    const named = ['loopback', 'linklocal', 'uniquelocal'].includes(address) && bits === undefined;
    const maxBits = ipv6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!(named || ((IPV4.test(address) || ipv6) && bitsOk)) || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY must be a hop count or a comma list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1), got "${entry}"`,
      );
    }
  }
  return entries;
}
