import { westernDigits } from '@guichet/shared/i18n/language';
import { visibleText } from '@guichet/shared/api/text';
import { DEFAULT_QUERY } from './slice';
import { TAX_COLUMNS, type SortField, type TariffQuery } from './api';

/** Keywords are ranked by relevance unless another order is chosen; a code search runs in code order. */
export const defaultSortFor = (keyword: string): SortField => (keyword.trim() ? 'relevance' : DEFAULT_QUERY.sort);

/** The search state lives in the query string, so a link reproduces the results. */
export function queryFromSearch(search: string): TariffQuery | null {
  const params = new URLSearchParams(search);
  // A link's line breaks are spaces and its other control characters nothing, as the search box shows them
  // ("horse\r\nmeat" read "horsemeat" there, and the service refuses NUL).
  const text = (name: string) => {
    const value = params.get(name);
    return value === null ? undefined : visibleText(value).replace(/\s+/g, ' ');
  };
  let keyword = text('keyword') ?? '';
  let code = text('code') ?? '';
  // The home page's single box sends q: digits are a code, anything else keywords.
  const q = text('q')?.trim();
  if (q) {
    if (/^[\d.\s]+$/.test(westernDigits(q))) code = q;
    else keyword = q;
  }
  if (!keyword && !code) return null;
  const positive = (value: string | null, fallback: number, max: number) => {
    const number = Number(value);
    return Number.isInteger(number) && number >= 1 ? Math.min(number, max) : fallback;
  };
  const sort = params.get('sort') ?? defaultSortFor(keyword);
  return {
    keyword,
    code,
    page: positive(params.get('page'), DEFAULT_QUERY.page, 100000),
    size: [10, 25, 50, 100].includes(Number(params.get('size'))) ? Number(params.get('size')) : DEFAULT_QUERY.size,
    // The columns the results can be sorted by: a tax column the tariff has no label for is not one.
    sort: (['code', 'description', 'relevance', ...TAX_COLUMNS.map((column) => column.field)].includes(sort)
      ? sort
      : defaultSortFor(keyword)) as SortField,
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

export function searchFromQuery(query: TariffQuery): string {
  const params = new URLSearchParams();
  if (query.keyword) params.set('keyword', query.keyword);
  if (query.code) params.set('code', query.code);
  if (query.page !== DEFAULT_QUERY.page) params.set('page', String(query.page));
  if (query.size !== DEFAULT_QUERY.size) params.set('size', String(query.size));
  if (query.sort !== defaultSortFor(query.keyword)) params.set('sort', query.sort);
  if (query.order !== DEFAULT_QUERY.order) params.set('order', query.order);
  const text = params.toString();
  return text ? `?${text}` : '';
}
