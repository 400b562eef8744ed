import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import type { CentralBankRate } from '@guichet/shared/api/rates';
import { answer, api } from '../../app/api';

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

export async function fetchExternalRates(
  search: ExternalRatesSearch,
): Promise<{ exchangeRates: CentralBankRate[]; totalCount: number; source?: string }> {
  const { data } = await http.get<{ exchangeRates: CentralBankRate[]; totalCount: number; source?: string }>(
    `${serviceUrls.externalRates}search`,
    {
      params: searchFields(search),
    },
  );
  return data;
}

/** The print URL of a search: every row of it (not only the page shown), in the page's language. */
export function printUrl(search: ExternalRatesSearch, format: PrintFormat, language: string): string {
  const { date, searchText } = search;
  const params = new URLSearchParams({ reportFormat: format, date, locale: language, max: '1000' });
  if (searchText.trim()) params.set('searchText', searchText.trim());
  return `${serviceUrls.externalRates}print?${params.toString()}`;
}

/** CSV comes back as text; the file keeps (or gets back) its byte order mark, which text decoding drops. */
export async function fetchCsv(search: ExternalRatesSearch, language: string): Promise<string> {
  const { data } = await http.get<string>(printUrl(search, 'csv', language), { responseType: 'text', headers: { Accept: 'text/csv' } });
  return `\uFEFF${data.replace(/^\uFEFF/, '')}`;
}

export const externalRatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    centralBankRates: build.query<Awaited<ReturnType<typeof fetchExternalRates>>, ExternalRatesSearch>({
      queryFn: (search) => answer(fetchExternalRates(search), 'notifications.centralBankFailed'),
    }),
  }),
});

export const { useCentralBankRatesQuery } = externalRatesApi;
