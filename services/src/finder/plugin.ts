import type { FastifyInstance } from 'fastify';
import { FieldError } from '../http/request.js';
import { ERROR_SCHEMA } from '../http/errors.js';
import { NO_NUL, serviceContract } from '../http/schema.js';
import fp from 'fastify-plugin';
import { documented } from '../http/documented.js';
import { SERVICE_INFO } from '../http/service-info.js';
import { resolve } from 'node:path';
import { repoRoot } from '../config.js';
import type { Database } from '../db/database.js';
import {
  codeDigits,
  DEFAULT_LIMIT,
  FinderService,
  MAX_LIMIT,
  MAX_QUERY_LENGTH,
  PAGE_LANGUAGES,
  queryText,
  TENANTS,
  type PageLanguage,
} from './service.js';
import { loadHsTexts } from './corpus.js';
import { recordUsage, usageRecordOf, type UsageBody } from './usage.js';
import { DEFAULT_FINDER_DATA_DIR, loadFinder, type Finder, type LoadOptions } from './store.js';

/** The finder service the site's tariff finder calls (search, tree). */
export const HS_FINDER_PREFIX = SERVICE_INFO.hsFinder.prefix;
/** The tool variant of the AI tariff search (list, details, notes). */
export const AI_TARIFF_PREFIX = SERVICE_INFO.aiTariff.prefix;

export const DEFAULT_NOTES_DIR = resolve(repoRoot, 'static', 'explanatory_note_htmls');

/**
 * The contract of both finder services, and their answers (errors too) never cached by browsers or proxies:
 * they are computed per request (the client asks for no-cache too).
 */
function finderContract(app: FastifyInstance): void {
  serviceContract(app);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/** GET {path}?query=&limit=&language=: the likeliest subheadings of a description (search, and the tool variant's list). */
function searchRoute(app: FastifyInstance, service: FinderService, path: string, summary: string): void {
  app.get<{ Querystring: SearchQuery }>(path, { schema: { summary, ...searchSchema } }, async (request) =>
    service.search(queryText(request.query.query), request.query.limit, request.query.language),
  );
}

/** Every route: the tenant, absent, `default` or `gn` (the demonstration tenant). */
const headers = {
  type: 'object',
  properties: { tenantkey: { type: 'string', enum: [...TENANTS], description: 'The tenant (default when absent)' } },
} as const;
const language = { type: 'string', enum: [...PAGE_LANGUAGES], default: 'en', description: 'Language of the HS texts' } as const;
/** Text of a query or usage record: 1 to MAX_QUERY_LENGTH characters, not blank, no NUL. */
const queryProperty = { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH, pattern: NO_NUL } as const;
/** A code as typed: digits with dots or spaces; its length is checked per route. */
const codeProperty = { type: 'string', maxLength: 20, pattern: '^[0-9. ]*$' } as const;

// Unknown query parameters are ignored (a client may add its own, such as a cache buster).
interface SearchQuery {
  query: string;
  limit: number;
  language: PageLanguage;
}
const searchSchema = {
  headers,
  querystring: {
    type: 'object',
    required: ['query'],
    properties: {
      query: { ...queryProperty, description: 'The goods description' },
      limit: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
      language,
    },
  },
};

export interface FinderPluginOptions {
  service: FinderService;
  database?: Database;
}

/** Longest body of a usage record: the longest query and a code, with room for JSON escapes. */
const USAGE_BODY_LIMIT = 16 * 1024;

/** GET search?query=&limit=&language=, GET tree?code=&depth=&language= and POST usage */
export async function hsFinderPlugin(app: FastifyInstance, options: FinderPluginOptions): Promise<void> {
  const { service, database } = options;
  finderContract(app);
  searchRoute(app, service, '/search', 'The likeliest HS 2022 subheadings of a goods description');
  app.get<{ Querystring: { code?: string; depth?: number; language: PageLanguage } }>(
    '/tree',
    {
      schema: {
        summary: 'A code with its path and subtree, or the chapters',
        headers,
        querystring: {
          type: 'object',
          properties: { code: codeProperty, depth: { type: 'integer', minimum: 0, maximum: 3 }, language },
        },
      },
    },
    async (request) => {
      const { code, depth } = request.query;
      return service.tree(code ? codeDigits(code, 'code', [2, 4, 6, 8]) : undefined, depth, request.query.language);
    },
  );
  // The code a user picked after a search: {query, code, language}; stored without anything personal.
  app.post<{ Body: UsageBody }>(
    '/usage',
    {
      bodyLimit: USAGE_BODY_LIMIT,
      schema: {
        summary: 'Records the code a user picked after a search (text, code, language, time)',
        headers,
        body: {
          type: 'object',
          required: ['query', 'code', 'language'],
          additionalProperties: false,
          properties: {
            query: queryProperty,
            code: { ...codeProperty, description: '6 or 8 digits, dots allowed' },
            language: { ...language, default: undefined },
          },
        },
        response: {
          201: {
            description: 'Recorded',
            type: 'object',
            required: ['recorded', 'code'],
            properties: { recorded: { type: 'boolean' }, code: { type: 'string', description: 'The 6-digit subheading recorded' } },
          },
          400: ERROR_SCHEMA,
        },
      },
    },
    async (request, reply) => {
      const record = usageRecordOf(request.body, service.nomenclature);
      if (!database) throw new Error('Usage records need the services database');
      await recordUsage(database, record);
      return reply.code(201).send({ recorded: true, code: record.code });
    },
  );
}

/** GET list?query=&limit=, GET details?hsCode= and GET notes?code= */
export async function aiTariffPlugin(app: FastifyInstance, options: FinderPluginOptions): Promise<void> {
  const { service, database } = options;
  finderContract(app);
  searchRoute(app, service, '/list', 'The same answer as hs-finder search');
  app.get<{ Querystring: { hsCode?: string; hs_code?: string } }>(
    '/details',
    {
      schema: {
        summary: 'A code and its national lines with their taxes',
        headers,
        querystring: { type: 'object', properties: { hsCode: codeProperty, hs_code: codeProperty } },
      },
    },
    async (request) => {
      // A client that converts request keys to snake_case sends hs_code.
      const { hsCode, hs_code } = request.query;
      const field = hsCode === undefined && hs_code !== undefined ? 'hs_code' : 'hsCode';
      const value = hsCode ?? hs_code;
      if (!value) throw new FieldError(field, 'is required');
      if (hsCode !== undefined && hs_code !== undefined) throw new FieldError('hs_code', 'give hsCode or hs_code, not both');
      if (!database) throw new Error('The tariff details need the reference database');
      return service.details(codeDigits(value, field, [4, 6, 8]), database);
    },
  );
  app.get<{ Querystring: { code: string } }>(
    '/notes',
    {
      schema: {
        summary: 'The explanatory note of a heading or subheading',
        headers,
        querystring: { type: 'object', required: ['code'], properties: { code: codeProperty } },
      },
    },
    async (request) => {
      return service.notes(codeDigits(request.query.code, 'code', [4, 6, 8]));
    },
  );
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
