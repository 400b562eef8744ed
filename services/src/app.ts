import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { sitePlugin } from './site/plugin.js';
import { cmsProxyPlugin, CMS_GRAPHQL_PATH } from './cms-proxy/plugin.js';
import { healthPlugin } from './health/plugin.js';
import { LANGUAGES } from './languages.js';
import { referencePlugin, REFERENCE_PREFIX } from './reference/plugin.js';

/** Path prefixes answered by services (JSON), as opposed to the site's pages. */
export const API_PREFIXES = [CMS_GRAPHQL_PATH, '/health', REFERENCE_PREFIX];

export async function buildApp(config: Config, logger: boolean | object = { level: config.logLevel }): Promise<FastifyInstance> {
  const app = Fastify({ logger, trustProxy: true, bodyLimit: 1024 * 1024 });
  // First: its error and not-found handling must cover the routes registered after it.
  await app.register(sitePlugin, { siteDir: config.siteDir, apiPrefixes: API_PREFIXES, languages: LANGUAGES });
  await app.register(healthPlugin, { siteDir: config.siteDir, cmsUrl: config.cmsUrl });
  await app.register(cmsProxyPlugin, { cmsUrl: config.cmsUrl, timeoutMs: config.cmsTimeoutMs });
  await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, databaseUrl: config.databaseUrl, cacheSize: config.referenceCacheSize });
  return app;
}
