import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { clientErrorHandler, sendError } from './http/errors.js';
import { securityHeaders } from './site/security-headers.js';
import type { Config } from './config.js';
import { isApiPath, sendBadAddressPage, sitePlugin } from './site/plugin.js';
import { refuseMalformedQueries } from './http/request.js';
import { cmsProxyPlugin } from './cms-proxy/plugin.js';
import { sql } from 'kysely';
import { healthPlugin } from './health/plugin.js';
import { LANGUAGES } from './languages.js';
import { referencePlugin, REFERENCE_PREFIX } from './reference/plugin.js';
import { ratesPlugin, RATES_PREFIX } from './rates/plugin.js';
import { externalRatesPlugin, EXTERNAL_RATES_PREFIX } from './external-rates/plugin.js';
import { taxationPlugin, TAXATION_PREFIX } from './taxation/plugin.js';
import { tradersGuidePlugin, TRADERS_GUIDE_PREFIX } from './traders-guide/plugin.js';
import { finderPlugin, HS_FINDER_PREFIX, AI_TARIFF_PREFIX } from './finder/plugin.js';
import { openDatabase, type Database } from './db/database.js';
import { prepareDatabase } from './db/import.js';
import { createSessionStore, identityPlugin, issuerOf, REALM, SERVICES_AUDIENCE } from './identity/plugin.js';
import { SigningKey } from './identity/tokens.js';
import { createVerifier } from './identity/verify.js';
import { helpdeskPlugin, HELPDESK_PREFIX } from './helpdesk/plugin.js';
import { cmsTokenFrom, portalPlugin, PORTAL_PREFIX } from './portal/plugin.js';
import { manifestPlugin, MANIFEST_PREFIX } from './manifest/plugin.js';
import { publishingPlugin } from './publishing/plugin.js';
import { uploadsPlugin } from './publishing/uploads.js';
import { secretFrom, siteBuilder } from './publishing/builder.js';
import { rateLimit } from './limits/rate-limit.js';
import { injectFaults } from './faults/plugin.js';
import { trackInFlight, type InFlight } from './lifecycle/in-flight.js';
import { guardReplies } from './lifecycle/reply-guard.js';
import { limitJsonDepth } from './limits/json-body.js';
import { drainable } from './lifecycle/drain.js';
import { documented } from './http/documented.js';
import { trackMethods } from './http/methods.js';
import { API_PREFIXES, SERVICE_INFO } from './http/service-info.js';
import { dataConsolePlugin, DATA_CONSOLE_PREFIX } from './data-console/plugin.js';
import { afterImport } from './data-console/store.js';
import { AnswerCache } from './reference/cache.js';

/** The longest path parameter a route takes: above the schemas' own limits (a reference code of 200 characters). */
const MAX_PARAM_LENGTH = 256;
/** Bytes of a request line and its headers: a finder query of 2,000 Bengali or Arabic characters is 18 KB of percent-encoded URL, above Node's 16 KB. */
const MAX_HEADER_SIZE = 32 * 1024;

/** The finder's routes, limited more tightly than the other services. */
const FINDER_PREFIXES = [HS_FINDER_PREFIX, AI_TARIFF_PREFIX];

export { API_PREFIXES };

/**
 * A connection idle for 60 s is closed. A request not received in full within 30 s (a client sending it a byte
 * at a time) is answered 408: Node checks every connectionsCheckingInterval (30 s by default) and, while its
 * headersTimeout (60 s by default) is longer, only then (up to 87 s were measured). With both set, 30 to 35 s.
 */
export const SERVER_TIMEOUTS = {
  connectionTimeout: 60_000,
  requestTimeout: 30_000,
  http: { connectionsCheckingInterval: 5_000, headersTimeout: 30_000 },
} as const;

export async function buildApp(config: Config, logger: boolean | object = { level: config.logLevel }): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // A long path parameter is answered by its route's validation, not taken for a route that does not exist.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    ...SERVER_TIMEOUTS,
    http: { maxHeaderSize: MAX_HEADER_SIZE, ...SERVER_TIMEOUTS.http },
    // A URL that is not valid percent-encoding ("/%ff") gets the one error answer too, not Fastify's own; a
    // page's address ("/fr/%ZZ", a link cut short), the site's 404 page in its language, as a 400.
    frameworkErrors: (error, request, reply) => {
      const page = reply as unknown as FastifyReply;
      if (isApiPath(request.url, API_PREFIXES) || !sendBadAddressPage(config.siteDir, LANGUAGES, request, page))
        sendError(error, request, reply);
    },
    // So does a request that is not HTTP it can read (a bad Content-Length, a NUL in a header).
    clientErrorHandler: clientErrorHandler(securityHeaders(false), MAX_HEADER_SIZE),
  });
  guardReplies(app);
  trackMethods(app, MAX_PARAM_LENGTH);
  limitJsonDepth(app);
  refuseMalformedQueries(app, (url) => isApiPath(url, API_PREFIXES));
  const inFlight = trackInFlight(app);
  app.decorate('drainer', drainable(app));
  const limiter = rateLimit(app, { limits: config.rateLimits, prefixes: API_PREFIXES, finderPrefixes: FINDER_PREFIXES });
  if (config.faultInjection) injectFaults(app);
  // First: its error and not-found handling must cover the routes registered after it.
  await app.register(sitePlugin, {
    siteDir: config.siteDir,
    apiPrefixes: API_PREFIXES,
    languages: LANGUAGES,
    previewFramers: config.cmsAdminOrigins,
  });
  await app.register(documented(cmsProxyPlugin, SERVICE_INFO.cms), { cmsUrl: config.cmsUrl, timeoutMs: config.cmsTimeoutMs });
  const database = await openServiceDatabase(app, config.databaseUrl, inFlight);
  await app.register(documented(healthPlugin, SERVICE_INFO.health), {
    siteDir: config.siteDir,
    cmsUrl: config.cmsUrl,
    pingDatabase: () => sql`select 1`.execute(database.db),
  });
  // Rate-limit counts shared with every replica using this database.
  limiter.share(database);
  await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, database, cacheSize: config.referenceCacheSize });
  await app.register(documented(ratesPlugin, SERVICE_INFO.rates), {
    prefix: RATES_PREFIX,
    database,
    cacheSize: Math.min(config.referenceCacheSize, 400),
  });
  await app.register(documented(externalRatesPlugin, SERVICE_INFO.externalRates), { prefix: EXTERNAL_RATES_PREFIX, database });
  await app.register(documented(taxationPlugin, SERVICE_INFO.taxation), { prefix: TAXATION_PREFIX, database });
  await app.register(documented(tradersGuidePlugin, SERVICE_INFO.tradersGuide), { prefix: TRADERS_GUIDE_PREFIX, database });
  // The tariff finder: loads its model (trains one first when there is none for this data and code).
  await app.register(finderPlugin, { database });
  const key = await SigningKey.load(config.identityKeyFile);
  const sessions = createSessionStore(database);
  await app.register(documented(identityPlugin, SERVICE_INFO.identity), {
    database,
    key,
    sessions,
    publicUrl: config.publicUrl,
    accessTokenLifetime: config.accessTokenLifetime,
  });
  // Protected services verify tokens of the embedded realm, or of the Keycloak that IDENTITY_ISSUER names.
  const verifier = createVerifier({
    issuer: config.identityIssuer ?? issuerOf(config.publicUrl),
    audience: SERVICES_AUDIENCE,
    keys: config.identityJwksUrl ?? key,
    clientId: REALM.clients[0].clientId,
    // A token of the embedded realm stops working when its session ends (sign-out); a real Keycloak's lasts its lifetime.
    sessionActive: config.identityIssuer ? undefined : (sid) => sessions.active(sid),
  });
  app.decorate('verifier', verifier);
  await app.register(documented(helpdeskPlugin, SERVICE_INFO.helpdesk), { prefix: HELPDESK_PREFIX, database, verifier });
  await app.register(documented(manifestPlugin, SERVICE_INFO.manifest), { prefix: MANIFEST_PREFIX, verifier });
  await app.register(documented(dataConsolePlugin, SERVICE_INFO.dataConsole), {
    prefix: DATA_CONSOLE_PREFIX,
    database,
    verifier,
    onChange: () => AnswerCache.clearAll(),
    feedUrl: config.centralBankFeedUrl,
    feedMinutes: config.centralBankFeedMinutes,
  });
  await app.register(uploadsPlugin, { cmsUrl: config.cmsUrl, timeoutMs: config.cmsTimeoutMs });
  // The staff content and the publishing routes share the portal service's prefix and its description,
  // each in a context of its own (each sets its service contract).
  const portalService = async (scope: FastifyInstance) => {
    await scope.register(portalPlugin, {
      verifier,
      cmsUrl: config.cmsUrl,
      timeoutMs: config.cmsTimeoutMs,
      cmsToken: cmsTokenFrom(process.env, config.cmsTokenFile),
    });
    await scope.register(publishingPlugin, {
      cmsUrl: config.cmsUrl,
      timeoutMs: config.cmsTimeoutMs,
      secret: secretFrom(process.env.PUBLISHING_SECRET, config.publishingSecretFile),
      cmsToken: cmsTokenFrom(process.env, config.cmsTokenFile),
      builder: config.siteBuilds ? siteBuilder((message) => app.log.info(message)) : undefined,
      adminOrigins: config.cmsAdminOrigins,
    });
  };
  await app.register(documented(portalService, SERVICE_INFO.portal), { prefix: PORTAL_PREFIX });
  return app;
}

/** Opens the services' database (closed with the app, once no handler uses it) and imports the data packs that are missing or out of date. */
async function openServiceDatabase(app: FastifyInstance, url: string | undefined, inFlight: InFlight): Promise<Database> {
  const database = await openDatabase({ url });
  app.addHook('onClose', async () => {
    await inFlight.idle(10_000);
    await database.close();
  });
  const started = performance.now();
  const results = await prepareDatabase(database, { log: (message) => app.log.info(message), warn: (message) => app.log.error(message) });
  // Data files newer than the database's: what officers published since is applied again on top.
  const imported = results.filter((result) => result.status === 'imported').map((result) => result.pack);
  await afterImport(database, imported, (message) => app.log.info(message));
  for (const result of results) {
    const mismatches = (result.report?.ttiMismatches as unknown[] | undefined)?.length;
    if (mismatches) app.log.warn(`data pack ${result.pack}: ${mismatches} tariff lines whose computed TTI differs from the published one`);
  }
  app.log.info(`reference data ready in ${Math.round(performance.now() - started)} ms (${database.dialect}: ${database.location})`);
  return database;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Leaves nginx's rotation before the server closes (DRAIN_MS; see lifecycle/drain.ts). */
    drainer: ReturnType<typeof drainable>;
    /** Verifies the bearer tokens protected services require. */
    verifier: import('./identity/verify.js').Verifier;
  }
}
