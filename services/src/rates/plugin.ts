import { ERROR_SCHEMA } from '../http/errors.js';
import type { FastifyInstance } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import type { Database } from '../db/database.js';
import { previousDay } from '../db/packs.js';
import { runSearch } from '../reference/query.js';
import { isCalendarDate, RequestError, shiftDays, today } from '../http/request.js';
import { ENTITIES } from '../reference/registry.js';
import { AnswerCache } from '../reference/cache.js';
import { OFFSET_MAX, serviceContract } from '../http/schema.js';
import { HISTORY_MAX_DAYS, MAX_RATE_SEARCH_LENGTH, withDifference, type ExchangeRate } from '@guichet/shared/api/rates';

export const RATES_PREFIX = SERVICE_INFO.rates.prefix;

const SORTABLE = ['code', 'description', 'exchangeRate', 'difference'] as const;
type SortableField = (typeof SORTABLE)[number];

interface SearchQuery {
  validityDate?: string;
  showDifference?: boolean;
  searchText?: string;
  sortByFields?: string;
  max?: number;
  offset?: number;
  currencies?: string;
}

const dateParameter = { type: 'string', maxLength: 10 } as const;
const errorSchema = ERROR_SCHEMA;

function dateOf(value: string | undefined, name: string, fallback: () => string): string {
  if (value === undefined) return fallback();
  if (!isCalendarDate(value))
    throw new RequestError(`querystring.${name} must be a date YYYY-MM-DD, got ${JSON.stringify(value).slice(0, 40)}`, name);
  return value;
}

function sortOf(value: string | undefined): Array<{ field: SortableField; descending: boolean }> {
  if (!value) return [{ field: 'code', descending: false }];
  return value.split(',').map((item) => {
    const [field, order = 'asc'] = item.trim().split(':');
    if (!(SORTABLE as readonly string[]).includes(field))
      throw new RequestError(
        `querystring.sortByFields: unknown field ${JSON.stringify(field).slice(0, 40)}; allowed: ${SORTABLE.join(', ')}`,
        'sortByFields',
      );
    if (!/^(asc|desc)$/i.test(order))
      throw new RequestError(`querystring.sortByFields: order of ${field} must be asc or desc`, 'sortByFields');
    return { field: field as SortableField, descending: order.toLowerCase() === 'desc' };
  });
}

/** Every currency's rate valid on a date (the latest published rate on or before it). */
export async function ratesOn(database: Database, date: string): Promise<ExchangeRate[]> {
  const { resultList } = await runSearch(
    database,
    ENTITIES.get('exchangeRate')!,
    { max: 10000, meta: { validityDate: date } },
    { count: false },
  );
  return resultList.map((row) => ({
    code: String(row.code),
    description: (row.description as string | null) ?? null,
    descriptionTranslated: (row.descriptionTranslated as string | null) ?? null,
    exchangeRate: Number(row.rate),
    validFromDate: String(row.validFromDate),
    validToDate: (row.validToDate as string | null) ?? null,
  }));
}

function compare(a: ExchangeRate, b: ExchangeRate, field: SortableField): number {
  const x = a[field] ?? null;
  const y = b[field] ?? null;
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

export async function ratesPlugin(app: FastifyInstance, options: { database: Database; cacheSize?: number }): Promise<void> {
  serviceContract(app);
  const { database } = options;
  // A day's rates only change when a pack is imported: kept a minute, like the reference service's answers.
  const cache = new AnswerCache<ExchangeRate[]>(options.cacheSize ?? 400, 60_000);
  const ratesOf = async (date: string) => [...(await cache.get(date, () => ratesOn(database, date)))];

  app.get<{ Querystring: SearchQuery }>(
    '/search',
    {
      schema: {
        summary: 'Customs exchange rates valid on a date (BDT per unit), with the day-on-day difference on request',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            validityDate: dateParameter,
            showDifference: { type: 'boolean', default: false },
            searchText: { type: 'string', maxLength: MAX_RATE_SEARCH_LENGTH },
            sortByFields: { type: 'string', maxLength: 100 },
            max: { type: 'integer', minimum: 0, maximum: 10000, default: 10000 },
            offset: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 },
            currencies: { type: 'string', maxLength: 2000, pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$' },
          },
        },
        response: { 400: errorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const date = dateOf(query.validityDate, 'validityDate', today);
      const sort = sortOf(query.sortByFields);
      let rows = await ratesOf(date);
      if (query.currencies) {
        const wanted = new Set(query.currencies.toUpperCase().split(','));
        rows = rows.filter((row) => wanted.has(row.code));
      }
      const text = query.searchText?.trim().toLocaleLowerCase();
      if (text)
        rows = rows.filter((row) =>
          [row.code, row.description, row.descriptionTranslated].some((value) => value?.toLocaleLowerCase().includes(text)),
        );
      if (query.showDifference) {
        // The day before 0000-01-01 is no date: nothing to compare with.
        const before = previousDay(date);
        rows = withDifference(rows, isCalendarDate(before) ? await ratesOf(before) : []);
      }
      rows.sort((a, b) => {
        for (const { field, descending } of sort) {
          const order = compare(a, b, field);
          if (order) return descending ? -order : order;
        }
        return 0;
      });
      const offset = query.offset ?? 0;
      return { resultList: rows.slice(offset, offset + (query.max ?? 10000)), totalCount: rows.length };
    },
  );

  app.get<{ Querystring: { currency: string; from?: string; to?: string } }>(
    '/history',
    {
      schema: {
        summary: "One currency's customs rate on every day of a period (each day's applicable rate)",
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['currency'],
          properties: { currency: { type: 'string', pattern: '^[A-Za-z]{3}$' }, from: dateParameter, to: dateParameter },
        },
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const currency = request.query.currency.toUpperCase();
      const to = dateOf(request.query.to, 'to', today);
      const from = dateOf(request.query.from, 'from', () => shiftDays(to, -30));
      if (from > to) throw new RequestError('querystring.from must not be after querystring.to', 'from');
      const span = daysBetween(from, to);
      if (span > HISTORY_MAX_DAYS) throw new RequestError(`querystring.from: the period may span at most ${HISTORY_MAX_DAYS} days`, 'from');
      const rows = await database.db
        .selectFrom('ref_exchange_rate')
        .select(['description', 'descriptionTranslated', 'rate', 'validFrom', 'validTo'])
        .where('code', '=', currency)
        .where('validFrom', '<=', to)
        .where((eb) => eb.or([eb('validTo', 'is', null), eb('validTo', '>=', from)]))
        .orderBy('validFrom')
        .execute();
      if (rows.length === 0) {
        // A currency that has no rate on any day is unknown: the page says "Currency Not Found" then.
        const known = await database.db
          .selectFrom('ref_exchange_rate')
          .select('code')
          .where('code', '=', currency)
          .limit(1)
          .executeTakeFirst();
        return known
          ? reply.code(404).send({ error: 'Not Found', message: `No rate of ${currency} between ${from} and ${to}` })
          : reply.code(404).send({ error: 'Not Found', message: `No currency ${currency}`, field: 'currency' });
      }
      const points: Array<{ date: string; rate: number }> = [];
      let index = 0;
      // By day count, not by comparing strings: the day after 9999-12-31 is no date of four digits.
      for (let offset = 0; offset <= span; offset++) {
        const day = shiftDays(from, offset);
        while (index + 1 < rows.length && rows[index + 1].validFrom <= day) index += 1;
        const row = rows[index];
        if (row.validFrom <= day && (row.validTo === null || row.validTo >= day)) points.push({ date: day, rate: Number(row.rate) });
      }
      return { code: currency, description: rows[0].description, descriptionTranslated: rows[0].descriptionTranslated, from, to, points };
    },
  );
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
