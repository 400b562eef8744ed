import { CONDITIONS, hasAddress, REFERENCE_TABLES, type CodificationFilter, type Condition, type ReferenceTable } from './api';
import { DEFAULT_PAGING, EMPTY_FILTER } from './slice';

/** Page sizes the pager offers. */
const PAGE_SIZES = [10, 25, 50, 100];
/** The highest page number an address may ask for (a larger one shows the last page). */
const MAX_PAGE = 100000;
/** Longest text a field of the address is read with. */
const MAX_TEXT = 2000;

/** A search as the address keeps it: the list, the filters with their conditions, and the page (0-based). */
export interface AddressedSearch {
  filter: CodificationFilter;
  pageNumber: number;
  size: number;
}

const condition = (value: string | null): Condition => (CONDITIONS.includes(value as Condition) ? (value as Condition) : '');
const text = (value: string | null) => (value ?? '').slice(0, MAX_TEXT);

/**
 * The search in the query string (?table=declarant&description=shipping&descriptionCondition=CONTAINS&page=2),
 * or null without a reference list the tool offers. A value it does not know falls back to its default: the
 * All condition, page 1, 10 rows a page; an address filter is read only for the lists with addresses.
 */
export function searchFromQuery(
  query: string,
  tables: readonly ReferenceTable[] = REFERENCE_TABLES.map((item) => item.value),
): AddressedSearch | null {
  const params = new URLSearchParams(query);
  const table = params.get('table');
  if (!table || !tables.includes(table as ReferenceTable)) return null;
  const referenceTable = table as ReferenceTable;
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  const address = hasAddress(referenceTable);
  return {
    filter: {
      ...EMPTY_FILTER,
      referenceTable,
      code: text(params.get('code')),
      codeCondition: condition(params.get('codeCondition')),
      description: text(params.get('description')),
      descriptionCondition: condition(params.get('descriptionCondition')),
      address: address ? text(params.get('address')) : '',
      addressCondition: address ? condition(params.get('addressCondition')) : '',
    },
    pageNumber: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) - 1 : DEFAULT_PAGING.pageNumber,
    size: PAGE_SIZES.includes(size) ? size : DEFAULT_PAGING.size,
  };
}

/** The query string of a search ('' without one): only what differs from the defaults. */
export function queryFromSearch(search: AddressedSearch | null): string {
  if (!search?.filter.referenceTable) return '';
  const { filter } = search;
  const params = new URLSearchParams({ table: filter.referenceTable! });
  const add = (name: string, value: string) => {
    if (value.trim()) params.set(name, value);
  };
  add('code', filter.code);
  add('codeCondition', filter.codeCondition);
  add('description', filter.description);
  add('descriptionCondition', filter.descriptionCondition);
  if (hasAddress(filter.referenceTable!)) {
    add('address', filter.address);
    add('addressCondition', filter.addressCondition);
  }
  if (search.pageNumber !== DEFAULT_PAGING.pageNumber) params.set('page', String(search.pageNumber + 1));
  if (search.size !== DEFAULT_PAGING.size) params.set('size', String(search.size));
  return `?${params.toString()}`;
}
