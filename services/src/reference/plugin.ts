import { serviceContract } from '../http/schema.js';
import { SERVICE_INFO } from '../http/service-info.js';
import type { FastifyInstance, FastifySchema } from 'fastify';
import swagger from '@fastify/swagger';
import type { Database } from '../db/database.js';
import { AnswerCache } from './cache.js';
import { findOne, runSearch, type SearchRequest, type SearchResult } from './query.js';
import { validityDateOf } from '../http/request.js';
import { refusedMethod } from '../http/methods.js';
import { ENTITIES, type EntityDefinition } from './registry.js';
import { TEXT_PATTERN, errorSchema, itemSchema, searchBodySchema, searchResponseSchema, validityQuerySchema } from './schemas.js';
import { keywordSearch, tariffSearch, type KeywordSearchRequest } from '../search/keyword-search.js';
import { keywordBodySchema, keywordResponseSchema, listKeywordBodySchema } from '../search/schema.js';
import { withLangProperty, withNomenclatureTexts, withTextInResults, withTextProperty } from '../search/nomenclature.js';

export const REFERENCE_PREFIX = SERVICE_INFO.reference.prefix;

export interface ReferencePluginOptions {
  /** An open database holding the imported data packs. */
  database: Database;
  /** Answers kept in memory (0 turns the cache off); default 2000. */
  cacheSize?: number;
  /** How long a kept answer is reused, in milliseconds; default 60000. */
  cacheTtlMs?: number;
}

export async function referencePlugin(app: FastifyInstance, options: ReferencePluginOptions): Promise<void> {
  const ready = options.database;
  const cache = new AnswerCache<SearchResult | Record<string, unknown> | undefined>(
    options.cacheSize ?? 2000,
    options.cacheTtlMs ?? 60_000,
  );

  serviceContract(app);

  app.setNotFoundHandler((request, reply) => {
    if (refusedMethod(request, reply)) return reply;
    const entity = request.url.slice(REFERENCE_PREFIX.length).split(/[/?]/)[1] ?? '';
    const known = ENTITIES.has(entity);
    reply.code(404).send({
      error: 'Not Found',
      message: known ? `No route ${request.method} ${request.url.split('?')[0]}` : `Unknown entity ${JSON.stringify(entity.slice(0, 60))}`,
    });
  });
  // Bodiless POSTs search with every default.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Guichet reference-data service',
        version: '1.0.0',
        description:
          'Reference data of the single window: tariff lines, nomenclature, currencies, countries, exchange rates, code lists and trader registers. ' +
          'Records carry a validity range; meta.validityDate (default today) selects what was valid that day. Rows with sample = true are sample data.',
      },
      servers: [{ url: '/' }],
    },
  });

  const errors = { 400: errorSchema, 404: errorSchema };
  for (const definition of ENTITIES.values()) {
    const tags = [definition.name];
    // Every list has the keyword search (keywords); the tariff's also gives HS texts in the page language (lang).
    const tariff = definition.name === 'commodity';
    const searchSchema: FastifySchema = {
      summary: `Search ${definition.name}: ${definition.summary}`,
      tags,
      body: tariff ? keywordBodySchema(searchBodySchema(definition)) : listKeywordBodySchema(searchBodySchema(definition)),
      response: { 200: keywordResponseSchema(searchResponseSchema(definition), tariff), ...errors },
    };
    // The nomenclature has its HS texts in the page language (lang).
    const nomenclature = definition.name === 'hsNomenclature';
    if (nomenclature) {
      searchSchema.body = withLangProperty(listKeywordBodySchema(searchBodySchema(definition)));
      searchSchema.response = { 200: withTextInResults(keywordResponseSchema(searchResponseSchema(definition), false)), ...errors };
    }
    const search = async (body: KeywordSearchRequest) => {
      if (tariff) return tariffSearch(ready, definition, body);
      const { lang, ...request } = body;
      const result =
        request.keywords !== undefined ? await keywordSearch(ready, definition, request) : await runSearch(ready, definition, request);
      if (nomenclature && lang !== undefined) await withNomenclatureTexts(ready, result.resultList, lang);
      return result;
    };
    app.post<{ Body: SearchRequest }>(`/${definition.name}/search`, { schema: searchSchema }, async (request) => {
      const key = `${definition.name}|${validityDateOf(request.body.meta?.validityDate)}|${JSON.stringify(request.body)}`;
      return cache.get(key, () => search(request.body));
    });

    const get = (path: string, params: string[], toKey: (values: Record<string, string>) => string[]) => {
      app.get<{ Params: Record<string, string>; Querystring: { validityDate?: string; lang?: string } }>(
        `/${definition.name}/${path}`,
        {
          schema: {
            summary: `One ${definition.name} by ${params.join(' and ')}`,
            tags,
            params: {
              type: 'object',
              properties: Object.fromEntries(params.map((name) => [name, { type: 'string', maxLength: 200, pattern: TEXT_PATTERN }])),
            },
            querystring: nomenclature ? withLangProperty(validityQuerySchema) : validityQuerySchema,
            response: { 200: nomenclature ? withTextProperty(itemSchema(definition)) : itemSchema(definition), ...errors },
          },
        },
        async (request, reply) => {
          const validityDate = validityDateOf(request.query.validityDate, 'querystring.validityDate');
          const key = toKey(request.params);
          const lang = nomenclature ? request.query.lang : undefined;
          const item =
            key.length === definition.key.length
              ? await cache.get(`${definition.name}|${validityDate}|get|${JSON.stringify(key)}|${lang ?? ''}`, async () => {
                  const found = await findOne(ready, definition, key, validityDate);
                  if (found && lang !== undefined) await withNomenclatureTexts(ready, [found], lang, 'querystring.lang');
                  return found;
                })
              : undefined;
          if (!item)
            return reply.code(404).send({ error: 'Not Found', message: `No ${definition.name} ${key.join('/')} valid on ${validityDate}` });
          return item;
        },
      );
    };
    if (definition.key.length === 2) {
      get(`:${definition.key[0]}/:${definition.key[1]}`, definition.key, (values) => definition.key.map((name) => values[name]));
      // The shown code in one segment: "4000" (extended procedure, 2 + rest) or "IM-4" (model of declaration).
      get(':code', ['code'], ({ code }) => compositeKey(definition, code));
    } else {
      get(':code', ['code'], ({ code }) => [code]);
    }
  }

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

function compositeKey(definition: EntityDefinition, code: string): string[] {
  if (definition.name === 'extendedProcedure') return code.length > 2 ? [code.slice(0, 2), code.slice(2)] : [code];
  const dash = code.lastIndexOf('-');
  return dash > 0 ? [code.slice(0, dash), code.slice(dash + 1)] : [code];
}
