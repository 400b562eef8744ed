import type { FastifyInstance } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import type { Database } from '../db/database.js';
import { isCalendarDate, RequestError, today } from '../http/request.js';
import { contentDisposition } from '../http/download.js';
import { reportFile, REPORT_FORMATS, type ReportFormat, type ReportLocale, REPORT_LOCALES } from '../reports/report.js';
import { OFFSET_MAX, serviceContract } from '../http/schema.js';
import type { CentralBankRate } from '@guichet/shared/api/rates';

export const EXTERNAL_RATES_PREFIX = SERVICE_INFO.externalRates.prefix;

/** The central bank whose reference rates this service publishes, and the currency they are quoted against. */
export const CENTRAL_BANK = { name: 'European Central Bank', base: 'EUR' } as const;

/** A currency's name in the file's language (CLDR, through Node's ICU), else the reference name in English. */
function nameIn(code: string, english: string | null, locale: ReportLocale): string | null {
  if (locale === 'en') return english;
  try {
    return new Intl.DisplayNames([locale], { type: 'currency', fallback: 'none' }).of(code) ?? english;
  } catch {
    return english;
  }
}

interface SearchFields {
  date?: string;
  currency?: string;
  searchText?: string;
  max?: number;
  offset?: number;
}

const searchProperties = {
  date: { type: 'string', maxLength: 10 },
  currency: { type: 'string', maxLength: 400, pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$' },
  searchText: { type: 'string', maxLength: 100 },
  max: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
  offset: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 },
} as const;

const HEADERS: Record<ReportLocale, { title: string; currency: string; name: string; rate: string; date: string; source: string }> = {
  en: {
    title: 'Central bank exchange rates',
    currency: 'Currency',
    name: 'Name',
    rate: 'Units per EUR',
    date: 'Date',
    source: 'European Central Bank',
  },
  fr: {
    title: 'Taux de change de la banque centrale',
    currency: 'Devise',
    name: 'Nom',
    rate: 'Unités pour 1 EUR',
    date: 'Date',
    source: 'Banque centrale européenne',
  },
  es: {
    title: 'Tipos de cambio del banco central',
    currency: 'Moneda',
    name: 'Nombre',
    rate: 'Unidades por EUR',
    date: 'Fecha',
    source: 'Banco Central Europeo',
  },
  ar: {
    title: 'أسعار صرف البنك المركزي',
    currency: 'العملة',
    name: 'الاسم',
    rate: 'وحدات لكل يورو',
    date: 'التاريخ',
    source: 'البنك المركزي الأوروبي',
  },
  bn: {
    title: 'কেন্দ্রীয় ব্যাংকের বিনিময় হার',
    currency: 'মুদ্রা',
    name: 'নাম',
    rate: 'প্রতি ইউরোতে একক',
    date: 'তারিখ',
    source: 'ইউরোপীয় কেন্দ্রীয় ব্যাংক',
  },
};

/** Rates of the latest quotation day on or before the date, filtered and paged. */
async function search(
  database: Database,
  fields: SearchFields,
): Promise<{ exchangeRates: CentralBankRate[]; totalCount: number; date: string | null }> {
  const asked = fields.date ?? today();
  if (!isCalendarDate(asked))
    throw new RequestError(`querystring.date must be a date YYYY-MM-DD, got ${JSON.stringify(asked).slice(0, 40)}`, 'date');
  const { db } = database;
  const latest = await db
    .selectFrom('central_bank_rate')
    .select((eb) => eb.fn.max('date').as('date'))
    .where('date', '<=', asked)
    .executeTakeFirst();
  const date = (latest?.date as string | null | undefined) ?? null;
  if (!date) return { exchangeRates: [], totalCount: 0, date: null };
  const rows = await db
    .selectFrom('central_bank_rate as r')
    .leftJoin('ref_currency as c', (join) => join.onRef('c.code', '=', 'r.currency'))
    .select(['r.currency as currency', 'r.rate as rate', 'c.description as currencyName'])
    .where('r.date', '=', date)
    .orderBy('r.currency')
    .execute();
  const wanted = fields.currency ? new Set(fields.currency.toUpperCase().split(',')) : null;
  const text = fields.searchText?.trim().toLocaleLowerCase();
  // Several currency rows may exist over time (validity ranges): keep one per code.
  const seen = new Set<string>();
  const matches = rows
    .filter((row) => {
      if (seen.has(row.currency)) return false;
      seen.add(row.currency);
      return true;
    })
    .filter((row) => !wanted || wanted.has(row.currency))
    .filter(
      (row) =>
        !text ||
        row.currency.toLowerCase().includes(text) ||
        String(row.currencyName ?? '')
          .toLowerCase()
          .includes(text),
    )
    .map((row) => ({
      currency: row.currency,
      currencyName: row.currencyName ?? null,
      date,
      rate: Number(row.rate),
      baseCurrency: CENTRAL_BANK.base,
    }));
  const offset = fields.offset ?? 0;
  return { exchangeRates: matches.slice(offset, offset + (fields.max ?? 100)), totalCount: matches.length, date };
}

export async function externalRatesPlugin(app: FastifyInstance, options: { database: Database }): Promise<void> {
  serviceContract(app);
  const { database } = options;

  app.get<{ Querystring: SearchFields }>(
    '/search',
    {
      schema: {
        summary: `${CENTRAL_BANK.name} reference rates (units per ${CENTRAL_BANK.base}) of the latest quotation day on or before date`,
        querystring: { type: 'object', additionalProperties: false, properties: searchProperties },
      },
    },
    async (request) => {
      const result = await search(database, request.query);
      return { ...result, source: CENTRAL_BANK.name };
    },
  );

  app.get<{ Querystring: SearchFields & { reportFormat: ReportFormat; locale?: string } }>(
    '/print',
    {
      schema: {
        summary: 'The same search as a file: CSV (UTF-8 with BOM), XLSX or PDF',
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['reportFormat'],
          properties: {
            ...searchProperties,
            max: { type: 'integer', minimum: 1, maximum: 1000, default: 1000 },
            reportFormat: { type: 'string', enum: REPORT_FORMATS },
            locale: { type: 'string', enum: [...REPORT_LOCALES, ...REPORT_LOCALES.map((l) => l.toUpperCase())], default: 'en' },
          },
        },
      },
    },
    async (request, reply) => {
      const locale = (request.query.locale ?? 'en').toLowerCase() as ReportLocale;
      const { exchangeRates, date } = await search(database, request.query);
      const text = HEADERS[locale];
      const file = await reportFile(request.query.reportFormat, {
        title: text.title,
        subtitle: `${text.source}${date ? ` · ${date}` : ''}`,
        language: locale,
        columns: [
          { header: text.currency },
          { header: text.name },
          { header: text.rate, numeric: true, decimals: 4 },
          { header: text.date, date: true },
        ],
        rows: exchangeRates.map((row) => [row.currency, nameIn(row.currency, row.currencyName, locale), row.rate, row.date]),
      });
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          contentDisposition(request.query.reportFormat === 'csv' ? 'attachment' : 'inline', `rates.${request.query.reportFormat}`),
        )
        .send(file.body);
    },
  );
}
