import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import type { CentralBankRate } from '@guichet/shared/api/rates';
import { answer, api } from '../../app/api';
import { codesNamedOnPage } from '@guichet/shared/i18n/currency-search';

export type { CentralBankRate };

export interface ExternalRatesSearch {
  /** Rates of the latest quotation day on or before this date. */
  date: string;
  searchText: string;
  page: number;
  size: number;
}

export type PrintFormat = 'csv' | 'xlsx' | 'pdf';

/** The search fields as the service reads them (also for print). */
export function searchFields(search: ExternalRatesSearch): Record<string, string | number> {
  return {
    date: search.date,
    ...(search.searchText.trim() ? { searchText: search.searchText.trim() } : {}),
    max: search.size,
    offset: (search.page - 1) * search.size,
  };
}

export interface ExternalRatesPage {
  exchangeRates: CentralBankRate[];
  totalCount: number;
  source?: string;
  /** Every currency found, when the search text was also found in the names in the page language (for print). */
  currencies?: string[];
}

export async function fetchExternalRates(search: ExternalRatesSearch): Promise<ExternalRatesPage> {
  const { data } = await http.get<ExternalRatesPage>(`${serviceUrls.externalRates}search`, {
    params: searchFields(search),
  });
  return data;
}

/** Most rows the service answers in one call (its max); also the most a printed file has. */
const MAX_ROWS = 1000;
/** Most codes the service takes in its currency parameter. */
const MAX_PRINTED_CODES = 100;

/**
 * A search of the central bank's rates as the visitor reads the table: the service matches the text in the
 * code and the English name; the table names the currencies in the page language ("دولار أمريكي",
 * "livre sterling"), so a text found in those names finds their currencies too. The rates of the day are
 * then filtered to the currencies found both ways, in the service's order, and paged here (a day's feed has
 * far fewer currencies than the service answers in one call).
 */
export async function searchExternalRates(search: ExternalRatesSearch, language = 'en'): Promise<ExternalRatesPage> {
  const text = search.searchText.trim();
  const named = text ? codesNamedOnPage(text, language) : [];
  if (named.length === 0) return fetchExternalRates(search);
  const everyRow = { date: search.date, searchText: '', page: 1, size: MAX_ROWS };
  const [day, own] = await Promise.all([fetchExternalRates(everyRow), fetchExternalRates({ ...everyRow, searchText: text })]);
  const wanted = new Set([...own.exchangeRates.map((row) => row.currency), ...named]);
  const matches = day.exchangeRates.filter((row) => wanted.has(row.currency));
  const offset = (search.page - 1) * search.size;
  return {
    ...day,
    exchangeRates: matches.slice(offset, offset + search.size),
    totalCount: matches.length,
    currencies: matches.map((row) => row.currency),
  };
}

/**
 * The print URL of a search: every row of it (not only the page shown), in the page's language. With the
 * currencies a search found (see searchExternalRates), the file has those.
 */
export function printUrl(search: ExternalRatesSearch, format: PrintFormat, language: string, currencies?: string[]): string {
  const { date, searchText } = search;
  const params = new URLSearchParams({ reportFormat: format, date, locale: language, max: String(MAX_ROWS) });
  if (currencies && currencies.length > 0 && currencies.length <= MAX_PRINTED_CODES) params.set('currency', currencies.join(','));
  else if (searchText.trim()) params.set('searchText', searchText.trim());
  return `${serviceUrls.externalRates}print?${params.toString()}`;
}

/** CSV comes back as text; the file keeps (or gets back) its byte order mark, which text decoding drops. */
export async function fetchCsv(search: ExternalRatesSearch, language: string, currencies?: string[]): Promise<string> {
  const { data } = await http.get<string>(printUrl(search, 'csv', language, currencies), {
    responseType: 'text',
    headers: { Accept: 'text/csv' },
  });
  return `\uFEFF${data.replace(/^\uFEFF/, '')}`;
}

export const externalRatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** language: the page's, whose currency names the search text is also found in. */
    centralBankRates: build.query<ExternalRatesPage, ExternalRatesSearch & { language?: string }>({
      queryFn: ({ language, ...search }) => answer(searchExternalRates(search, language), 'notifications.centralBankFailed'),
    }),
  }),
});

export const { useCentralBankRatesQuery } = externalRatesApi;
