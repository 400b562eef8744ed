import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonErrors } from '../reference/request-fields.js';
import fp from 'fastify-plugin';
import { documented } from '../http/documented.js';
import { SERVICE_INFO } from '../http/service-info.js';
import { resolve } from 'node:path';
import { repoRoot } from '../config.js';
import type { Database } from '../db/database.js';
import {
  codeParameter,
  FieldError,
  FinderService,
  languageParameter,
  limitParameter,
  queryParameter,
  tenantParameter,
  type SearchAnswer,
} from './service.js';
import { loadHsTexts } from './corpus.js';
import { recordUsage, usageRecordOf } from './usage.js';
import { DEFAULT_FINDER_DATA_DIR, loadFinder, type Finder, type LoadOptions } from './store.js';

/** The finder service the site's tariff finder calls (search, tree). */
export const HS_FINDER_PREFIX = SERVICE_INFO.hsFinder.prefix;
/** The tool variant of the AI tariff search (list, details, notes). */
export const AI_TARIFF_PREFIX = SERVICE_INFO.aiTariff.prefix;

export const DEFAULT_NOTES_DIR = resolve(repoRoot, 'static', 'explanatory_note_htmls');

type Query = Record<string, unknown>;

/** Answers are computed per request: never cached by browsers or proxies (the client asks for no-cache too). */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

function tenantOf(request: FastifyRequest): string {
  return tenantParameter(request.headers.tenantkey);
}

// Unknown query parameters are ignored (a client may add its own, such as a cache buster).
const searchAnswer = (service: FinderService, query: Query): SearchAnswer =>
  service.search(queryParameter(query.query), limitParameter(query.limit), languageParameter(query.language));

function depthParameter(value: unknown): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^[0-3]$/.test(value)) throw new FieldError('querystring.depth', 'must be an integer from 0 to 3');
  return Number(value);
}

export interface FinderPluginOptions {
  service: FinderService;
  database?: Database;
}

/** Longest body of a usage record: the longest query and a code, with room for JSON escapes. */
const USAGE_BODY_LIMIT = 16 * 1024;

/** GET search?query=&limit=&language=, GET tree?code=&depth=&language= and POST usage */
export async function hsFinderPlugin(app: FastifyInstance, options: FinderPluginOptions): Promise<void> {
  const { service, database } = options;
  jsonErrors(app);
  app.get('/search', async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    return searchAnswer(service, request.query as Query);
  });
  app.get('/tree', async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    const query = request.query as Query;
    return service.tree(
      codeParameter(query.code, 'querystring.code', [2, 4, 6, 8], false),
      depthParameter(query.depth),
      languageParameter(query.language),
    );
  });
  // The code a user picked after a search: {query, code, language}; stored without anything personal.
  app.post('/usage', { bodyLimit: USAGE_BODY_LIMIT }, async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    const record = usageRecordOf(request.body, service.nomenclature);
    if (!database) throw new Error('Usage records need the services database');
    await recordUsage(database, record);
    return reply.code(201).send({ recorded: true, code: record.code });
  });
}

/** GET list?query=&limit=, GET details?hsCode= and GET notes?code= */
export async function aiTariffPlugin(app: FastifyInstance, options: FinderPluginOptions): Promise<void> {
  const { service, database } = options;
  jsonErrors(app);
  app.get('/list', async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    return searchAnswer(service, request.query as Query);
  });
  app.get('/details', async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    const query = request.query as Query;
    // A client that converts request keys to snake_case sends hs_code.
    const field = query.hsCode === undefined && query.hs_code !== undefined ? 'hs_code' : 'hsCode';
    const code = codeParameter(query[field], `querystring.${field}`, [4, 6, 8])!;
    if (!database) throw new Error('The tariff details need the reference database');
    return service.details(code, database);
  });
  app.get('/notes', async (request, reply) => {
    tenantOf(request);
    noStore(reply);
    const query = request.query as Query;
    return service.notes(codeParameter(query.code, 'querystring.code', [4, 6, 8])!);
  });
}

export interface FinderOptions {
  database?: Database;
  /** An already loaded model (tests); otherwise the current one is loaded, or trained when missing. */
  finder?: Finder;
  load?: LoadOptions;
  notesDir?: string;
  /** Where data/hs-i18n is read from (the HS texts in French, Spanish and Arabic). */
  dataDir?: string;
}

/** Loads the model and registers both services under their prefixes. */
async function finderServices(app: FastifyInstance, options: FinderOptions): Promise<void> {
  const finder = options.finder ?? loadFinder({ log: (message) => app.log.info(message), ...options.load });
  const service = new FinderService(
    finder,
    options.notesDir ?? DEFAULT_NOTES_DIR,
    loadHsTexts(options.dataDir ?? DEFAULT_FINDER_DATA_DIR, finder.nomenclature),
  );
  await app.register(documented(hsFinderPlugin, SERVICE_INFO.hsFinder), { prefix: HS_FINDER_PREFIX, service, database: options.database });
  await app.register(documented(aiTariffPlugin, SERVICE_INFO.aiTariff), { prefix: AI_TARIFF_PREFIX, service, database: options.database });
}

export const finderPlugin = fp(finderServices, { name: 'guichet-finder' });
