import {
  defaultSort,
  getReference,
  searchReference,
  type ReferencePage,
  type ReferenceRecord,
  type ReferenceSearch,
  type Restriction,
} from '../../http/reference';
import { answer, api } from '../../app/api';
import { westernDigits } from '@guichet/shared/i18n/language';
import { visibleText } from '@guichet/shared/api/text';
import { MAX_KEYWORDS_LENGTH, MAX_VALUE_LENGTH } from '@guichet/shared/api/search';

/** The reference tables the tool offers, in the order shown; address tables also filter and export addresses. */
export const REFERENCE_TABLES = [
  { value: 'extendedProcedure', address: false },
  { value: 'modelOfDeclaration', address: false },
  { value: 'bank', address: true },
  { value: 'customsOffice', address: true },
  { value: 'declarant', address: true },
  { value: 'attachedDocument', address: false },
  { value: 'commodity', address: false },
] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number]['value'];

export const hasAddress = (table: ReferenceTable) => REFERENCE_TABLES.some((item) => item.value === table && item.address);

/** A filter's condition; '' is All: the field's usual match (code starts with, text contains). */
export type Condition = '' | 'EQUALS' | 'STARTS_WITH' | 'CONTAINS';
export const CONDITIONS: Condition[] = ['', 'EQUALS', 'STARTS_WITH', 'CONTAINS'];

export interface CodificationFilter {
  referenceTable: ReferenceTable | null;
  code: string;
  codeCondition: Condition;
  description: string;
  descriptionCondition: Condition;
  address: string;
  addressCondition: Condition;
}

export interface CodificationPaging {
  /** 0-based: offset = pageNumber x size. */
  pageNumber: number;
  size: number;
  sort: string;
  order: 'ASC' | 'DESC';
}

/** Length of an extended procedure code: requested procedure (2) + previous procedure (2). */
export const EXTENDED_PROCEDURE_LENGTH = 4;

/** A code as typed: the data's codes have Latin digits, so digits typed in Arabic or Bengali script are read as them. */
const typedCode = (code: string) => westernDigits(code.trim());

/**
 * An extended procedure code that cannot match: longer than 4 characters, or EQUALS with other than
 * exactly 4. Such a search gives an empty result without calling the service.
 */
export function impossibleExtendedProcedure(filter: CodificationFilter): boolean {
  if (filter.referenceTable !== 'extendedProcedure') return false;
  const code = typedCode(filter.code);
  if (!code) return false;
  return code.length > EXTENDED_PROCEDURE_LENGTH || (filter.codeCondition === 'EQUALS' && code.length !== EXTENDED_PROCEDURE_LENGTH);
}

/**
 * A model of declaration's code as the table shows it, "IM-4": the code ("IM") and the general procedure
 * code ("4"), neither of which holds a dash. Equals matches both parts; All and Starts with match the whole
 * code and the start of the general procedure code; Contains matches the end of the code and the start of the
 * general procedure code. A code without a dash is matched on the code alone.
 */
function modelOfDeclarationRestrictions(code: string, operator: Exclude<Condition, ''>): Restriction[] {
  const dash = code.indexOf('-');
  if (dash < 0) return [{ field: 'code', operator, value: code }];
  const head = code.slice(0, dash).trim();
  const general = code.slice(dash + 1).trim();
  const list: Restriction[] = [];
  if (head) list.push({ field: 'code', operator: operator === 'CONTAINS' ? 'ENDS_WITH' : 'EQUALS', value: head });
  if (general) list.push({ field: 'generalProcedureCode', operator: operator === 'EQUALS' ? 'EQUALS' : 'STARTS_WITH', value: general });
  return list;
}

function codeRestrictions(table: ReferenceTable, code: string, condition: Condition): Restriction[] {
  const operator = condition || 'STARTS_WITH';
  if (table === 'modelOfDeclaration') return modelOfDeclarationRestrictions(code, operator);
  if (table !== 'extendedProcedure' || operator === 'CONTAINS') return [{ field: 'code', operator, value: code }];
  // The code splits into the requested procedure (first 2 characters) and the previous procedure (the rest).
  const requested = code.slice(0, 2);
  const previous = code.slice(2);
  const list: Restriction[] = [
    { field: 'requestedProcedureCode', operator: operator === 'EQUALS' || previous ? 'EQUALS' : 'STARTS_WITH', value: requested },
  ];
  if (previous) list.push({ field: 'previousProcedureCode', operator, value: previous });
  return list;
}

/**
 * The search request of a filter and a page: every filled field must match (AND). A description with the
 * All condition goes to the keyword search (whole words, in the description and its translation; the
 * tariff's also by everyday names in any language): best first until a column is sorted. The address
 * matches any of its lines, in either language.
 */
export function codificationRequest(
  filter: CodificationFilter,
  paging: CodificationPaging,
  translated: boolean,
  language = 'en',
): ReferenceSearch {
  const table = filter.referenceTable!;
  const restrictions: Restriction[] = [];
  const code = typedCode(filter.code);
  if (code) restrictions.push(...codeRestrictions(table, code, filter.codeCondition));
  // What shows of what was typed (no NUL pasted with it, which the service refuses), as long as it takes.
  const description = visibleText(filter.description);
  const keywords = description !== '' && filter.descriptionCondition === '';
  if (description && !keywords)
    restrictions.push({
      field: translated ? 'descriptionTranslated' : 'description',
      operator: filter.descriptionCondition || 'CONTAINS',
      value: description.slice(0, MAX_VALUE_LENGTH),
    });
  const address = visibleText(filter.address);
  if (address && hasAddress(table))
    restrictions.push({ field: 'address', operator: filter.addressCondition || 'CONTAINS', value: address.slice(0, MAX_VALUE_LENGTH) });
  const sorted = !(paging.sort === 'code' && paging.order === 'ASC');
  return {
    max: paging.size,
    offset: paging.pageNumber * paging.size,
    restrictBy: 'AND',
    restrictions: restrictions.length ? restrictions : [{ field: 'code', operator: 'IS_NOT_NULL' }],
    ...(keywords ? { keywords: description.slice(0, MAX_KEYWORDS_LENGTH), ...(table === 'commodity' ? { lang: language } : {}) } : {}),
    // The list's own default order (keywords: relevance) until the visitor sorts by a column.
    ...(keywords && !sorted ? {} : { sortByFields: sorted ? [{ field: paging.sort, order: paging.order }] : defaultSort(table) }),
  };
}

export function searchCodification(
  filter: CodificationFilter,
  paging: CodificationPaging,
  translated: boolean,
  language = 'en',
): Promise<ReferencePage> {
  return searchReference(filter.referenceTable!, codificationRequest(filter, paging, translated, language));
}

/** The code as the tool shows it: extended procedure = requested + previous; model of declaration = code-generalProcedureCode. */
export function shownCode(table: ReferenceTable, row: ReferenceRecord): string {
  if (table === 'extendedProcedure') return `${row.requestedProcedureCode ?? ''}${row.previousProcedureCode ?? ''}`;
  if (table === 'modelOfDeclaration') return `${row.code}-${row.generalProcedureCode}`;
  return String(row.code ?? '');
}

/**
 * A record's text as the tool shows it: the translated one where translated search applies (SPEC section 5)
 * and the record has one, else the base (English) one; `translatedText` says which.
 */
export function shownText(
  row: ReferenceRecord,
  field: 'description' | 'address1' | 'address2',
  translated: boolean,
): { text: string | null; translatedText: boolean } {
  const own = translated ? row[`${field}Translated`] : undefined;
  if (typeof own === 'string' && own.trim()) return { text: own, translatedText: true };
  const base = row[field];
  return { text: typeof base === 'string' && base ? base : null, translatedText: false };
}

/** The key of a record in the service's GET path. */
export function detailKey(table: ReferenceTable, row: ReferenceRecord): string {
  if (table === 'extendedProcedure') return `${row.requestedProcedureCode}/${row.previousProcedureCode}`;
  if (table === 'modelOfDeclaration') return `${row.code}/${row.generalProcedureCode}`;
  return String(row.code);
}

export function fetchDetail(table: ReferenceTable, key: string): Promise<ReferenceRecord> {
  return getReference(table, key);
}

/** Flow of a model of declaration: '0' export, '1' import. */
export function flowKey(flow: unknown): 'export' | 'import' | null {
  return flow === '0' ? 'export' : flow === '1' ? 'import' : null;
}

/** Rows an export may hold. */
export const EXPORT_LIMIT = 1000;

/** A search as the tool runs it: the filter applied, the page, and the language of the texts. */
export interface CodificationSearch {
  filter: CodificationFilter;
  paging: CodificationPaging;
  translated: boolean;
  language: string;
}

export const codificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The page of a search, with the table it comes from; a code that cannot exist gives an empty page without a call. */
    codification: build.query<ReferencePage & { table: ReferenceTable }, CodificationSearch>({
      queryFn: ({ filter, paging, translated, language }) =>
        answer(
          (impossibleExtendedProcedure(filter)
            ? Promise.resolve({ resultList: [], totalCount: 0 })
            : searchCodification(filter, paging, translated, language)
          ).then((page) => ({ ...page, table: filter.referenceTable! })),
          'notifications.somethingWentWrong',
        ),
    }),
    // The panel says when a record could not be read.
    codificationRecord: build.query<ReferenceRecord, { table: ReferenceTable; key: string }>({
      queryFn: ({ table, key }) => answer(fetchDetail(table, key)),
    }),
  }),
});

export const { useCodificationQuery, useCodificationRecordQuery } = codificationApi;
