import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { usesTranslatedSearch } from '@guichet/shared/config/tenant';
import { currencyName, formatNumber } from '@guichet/shared/i18n/language';
import { withDifference, type ExchangeRate } from '@guichet/shared/api/rates';
import { notify } from '../../app/notificationsSlice';
import { answer, api, ToolError } from '../../app/api';
import { codesNamedOnPage } from '@guichet/shared/i18n/currency-search';

/** The union of code lists, each once, in the order of the first list then the others. */
const union = (...lists: string[][]): string[] => [...new Set(lists.flat())];

export type { ExchangeRate };

export interface RatesSearch {
  /** Search text (code or name). */
  key: string;
  /** Date of validity, YYYY-MM-DD. */
  dov: string;
  page: number;
  size: number;
  sort: 'code' | 'description' | 'exchangeRate';
  /** '' = the service's default order. */
  order: '' | 'asc' | 'desc';
}

export interface RatesPage {
  resultList: ExchangeRate[];
  totalCount: number;
}

export { isDay, todayIso } from '@guichet/shared/i18n/language';

/**
 * A currency's name in the page language, for files that carry one name only: the browser's CLDR name
 * (Bengali "মার্কিন ডলার" for USD), else the tenant's translation where the language searches it, else English.
 */
export function currencyNameIn(rate: Pick<ExchangeRate, 'code' | 'description' | 'descriptionTranslated'>, language: string): string {
  const local = language === 'en' ? null : currencyName(rate.code, language);
  if (local && local !== rate.code) return local;
  if (usesTranslatedSearch(language) && rate.descriptionTranslated) return rate.descriptionTranslated;
  return rate.description ?? rate.code;
}

/** A day-on-day difference with its sign: "+0.12", "-0.09", and "0.00" (no sign) for a change that rounds to nothing. */
export function formatDifference(value: number | null | undefined): string {
  const shown = formatNumber(value);
  return typeof value === 'number' && value > 0 && shown !== '0.00' ? `+${shown}` : shown;
}

export function shiftDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The rate service's parameters for a search: offset = (page - 1) x size. */
export function ratesParams(search: RatesSearch): Record<string, string | number> {
  return {
    validityDate: search.dov,
    ...(search.key.trim() ? { searchText: search.key.trim() } : {}),
    sortByFields: search.order ? `${search.sort}:${search.order}` : search.sort,
    max: search.size,
    offset: (search.page - 1) * search.size,
  };
}

export async function fetchRates(params: Record<string, string | number>): Promise<RatesPage> {
  const { data } = await http.get<RatesPage>(`${serviceUrls.rates}search`, { params });
  return data;
}

/** Most rows the rate service answers in one call. */
const MAX_ROWS = 10000;
/** Longest list of codes the rate service takes (its currencies parameter). */
const MAX_CURRENCIES_LENGTH = 2000;

/**
 * A search of the rates as the visitor reads the table: the service matches the text in the code, the
 * English name and the tenant's translation; the table also shows each currency's name in the page
 * language ("دولار أمريكي", "libra esterlina"), so a text found in those names finds their currencies too.
 * Then the service sorts and pages the currencies found both ways, and counts them all.
 */
export async function searchRates(search: RatesSearch, language = 'en'): Promise<RatesPage> {
  const text = search.key.trim();
  const named = text ? codesNamedOnPage(text, language) : [];
  if (named.length === 0) return fetchRates(ratesParams(search));
  const own = await fetchRates({ validityDate: search.dov, searchText: text, max: MAX_ROWS });
  let codes = union(
    own.resultList.map((row) => row.code),
    named,
  ).filter((code) => /^[A-Za-z]{3}$/.test(code));
  if (codes.join(',').length > MAX_CURRENCIES_LENGTH) {
    // A text found in very many names: only the currencies with a rate that day are asked for.
    const { resultList } = await fetchRates({ validityDate: search.dov, max: MAX_ROWS });
    const rated = new Set(resultList.map((row) => row.code));
    codes = codes.filter((code) => rated.has(code));
  }
  if (codes.length === 0) return { resultList: [], totalCount: 0 };
  const { searchText: _text, ...params } = ratesParams(search);
  return fetchRates({ ...params, currencies: codes.join(',') });
}

/** The date the rates shown were published (a date without publication shows the latest earlier rates). */
export function publishedDateOf(rows: ExchangeRate[]): string | null {
  return rows.reduce<string | null>((latest, row) => (latest === null || row.validFromDate > latest ? row.validFromDate : latest), null);
}

/** Whole days from one date to a later one. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The rates in force the day before a publication date, for the given currencies (the second call of a
 * search with the difference): so the difference compares two published days, also when the chosen date
 * is after the last publication.
 */
export async function fetchPreviousDay(published: string, codes: string[]): Promise<ExchangeRate[]> {
  if (codes.length === 0) return [];
  const { resultList } = await fetchRates({ validityDate: shiftDays(published, -1), currencies: codes.join(','), max: codes.length });
  return resultList;
}

/** The rows with their difference to the previous publication; fails when there is none to compare with. */
export async function addDifference(rows: ExchangeRate[]): Promise<ExchangeRate[]> {
  const published = publishedDateOf(rows);
  if (published === null) return rows;
  const previous = await fetchPreviousDay(
    published,
    rows.map((row) => row.code),
  );
  if (previous.length === 0) throw new Error('no rates before the publication');
  return withDifference(rows, previous);
}

export interface RateHistory {
  code: string;
  description: string | null;
  descriptionTranslated: string | null;
  from: string;
  to: string;
  points: Array<{ date: string; rate: number }>;
}

export async function fetchHistory(currency: string, from: string, to: string): Promise<RateHistory> {
  const { data } = await http.get<RateHistory>(`${serviceUrls.rates}history`, { params: { currency, from, to } });
  return data;
}

/** Whether the reference data knows this currency code at all (ISO 4217). */
export async function currencyExists(code: string): Promise<boolean> {
  try {
    await http.get(`${serviceUrls.reference}currency/${encodeURIComponent(code)}`);
    return true;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return false;
    throw error;
  }
}

/** A currency the converter offers, with its rate on the chosen date. */
export interface CurrencyOption {
  label: string;
  value: string;
  rate: number;
  /** The day the rate was published (the rate in force on a date is the latest published on or before it). */
  published?: string;
}

/** A conversion asked for: the amount in a currency (code, and the label the visitor chose) on a date. */
export interface ConversionRequest {
  dov: string;
  amount: number;
  code: string;
  label: string;
}

/** Total = amount x the currency's rate on the date; no rate that day fails with why (rates namespace key). */
export async function convert(request: ConversionRequest): Promise<{ currency: CurrencyOption; total: number }> {
  const { resultList } = await fetchRates({ validityDate: request.dov, currencies: request.code, max: 1 });
  const rate = resultList[0]?.exchangeRate;
  if (rate !== undefined && rate !== null)
    return {
      currency: { label: request.label, value: request.code, rate, published: resultList[0].validFromDate },
      total: request.amount * rate,
    };
  const known = await currencyExists(request.code).catch(() => {
    throw new ToolError('converter.failed', null, null, 'notifications.currencyCodeFailed');
  });
  if (!known) throw new ToolError('converter.notFound');
  throw new ToolError('converter.noRate', null, null, 'notifications.convertFailed');
}

export const ratesApi = api.injectEndpoints({
  endpoints: (build) => ({
    rates: build.query<
      RatesPage & { previousDayMissing: boolean; publishedDate: string | null },
      /** language: the page's, whose currency names the search text is also found in. */
      { search: RatesSearch; showDifference: boolean; language?: string }
    >({
      queryFn: ({ search, showDifference, language }, { dispatch }) =>
        answer(
          searchRates(search, language).then(async (page) => {
            const publishedDate = publishedDateOf(page.resultList);
            if (!showDifference) return { ...page, previousDayMissing: false, publishedDate };
            // The second call: the rates of the day before that publication. Its failure only costs the difference.
            try {
              return {
                resultList: await addDifference(page.resultList),
                totalCount: page.totalCount,
                previousDayMissing: false,
                publishedDate,
              };
            } catch {
              dispatch(notify('error', 'notifications.previousDayFailed'));
              return { ...page, previousDayMissing: true, publishedDate };
            }
          }),
          'notifications.ratesFailed',
        ),
    }),
    /** The currencies with a rate on a date, for the converter's choice. */
    currencies: build.query<CurrencyOption[], string>({
      queryFn: (dov) =>
        answer(
          fetchRates({ validityDate: dov, max: MAX_ROWS }).then(({ resultList }) =>
            resultList.map((row) => ({ label: `${row.code} — ${row.description ?? row.code}`, value: row.code, rate: row.exchangeRate })),
          ),
          'notifications.currenciesFailed',
        ),
    }),
    conversion: build.query<{ currency: CurrencyOption; total: number }, ConversionRequest>({
      queryFn: (request) => answer(convert(request), 'notifications.convertFailed'),
    }),
    // A currency without rates in the period is said on the page (404), anything else notified.
    rateHistory: build.query<RateHistory, { currency: string; from: string; to: string }>({
      queryFn: ({ currency, from, to }) =>
        answer(
          fetchHistory(currency, from, to).catch((error: unknown) => {
            const response = (error as { response?: { status?: number; data?: { field?: string } } }).response;
            if (response?.status === 404) throw new ToolError(response.data?.field === 'currency' ? 'unknownCurrency' : 'noRates', 404);
            throw error;
          }),
          'notifications.ratesFailed',
        ),
    }),
  }),
});

export const { useRatesQuery, useCurrenciesQuery, useConversionQuery, useRateHistoryQuery } = ratesApi;
