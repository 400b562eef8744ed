import { http } from './client';
import { serviceUrls } from '../config/services';

/** The reference-data service's search contract (SPEC section 7): one place for every tool that reads it. */
export type Operator =
  | 'EQUALS'
  | 'NOT_EQUALS'
  | 'IN'
  | 'NOT_IN'
  | 'IS_NULL'
  | 'IS_NOT_NULL'
  | 'STARTS_WITH'
  | 'CONTAINS'
  | 'ENDS_WITH'
  | 'GREATER_THAN'
  | 'LESS_THAN'
  | 'BETWEEN'
  | 'EMPTY';

export interface Restriction {
  field: string;
  operator: Operator;
  value?: string | number;
  values?: Array<string | number>;
}

/**
 * The spec's default order of a reference list: code ascending; models of declaration by general
 * procedure code, then code; extended procedures by requested, then previous procedure code.
 */
export function defaultSort(entity: string): Array<{ field: string; order: 'ASC' | 'DESC' }> {
  if (entity === 'modelOfDeclaration')
    return [
      { field: 'generalProcedureCode', order: 'ASC' },
      { field: 'code', order: 'ASC' },
    ];
  if (entity === 'extendedProcedure')
    return [
      { field: 'requestedProcedureCode', order: 'ASC' },
      { field: 'previousProcedureCode', order: 'ASC' },
    ];
  return [{ field: 'code', order: 'ASC' }];
}

export interface ReferenceSearch {
  max?: number;
  offset?: number;
  restrictBy?: 'AND' | 'OR';
  selectFields?: string[];
  restrictions?: Restriction[];
  sortByFields?: Array<{ field: string; order: 'ASC' | 'DESC' }>;
  meta?: { validityDate?: string };
}

export type ReferenceRecord = Record<string, string | number | boolean | null>;

export interface ReferencePage {
  resultList: ReferenceRecord[];
  totalCount: number;
}

/** The shared maximum of one search. */
export const REFERENCE_MAX = 10000;

/** Page size of the search helper when the caller names none: 15 for commodity, 5000 for the other entities. */
export function referencePageSize(entity: string): number {
  return entity === 'commodity' ? 15 : 5000;
}

export async function searchReference(entity: string, body: ReferenceSearch): Promise<ReferencePage> {
  const { data } = await http.post<ReferencePage>(`${serviceUrls.reference}${entity}/search`, {
    max: referencePageSize(entity),
    ...body,
  });
  return data;
}

/** One record; keyPath is its code, or its key parts joined by '/' (extended procedure: "40/00"). */
export async function getReference(entity: string, keyPath: string): Promise<ReferenceRecord> {
  const path = keyPath.split('/').map(encodeURIComponent).join('/');
  const { data } = await http.get<ReferenceRecord>(`${serviceUrls.reference}${entity}/${path}`);
  return data;
}

/** Fewest characters a suggest field needs before it looks anything up. */
export const SUGGEST_MIN_LENGTH = 2;

/**
 * A lookup by typed text (SPEC section 5): for commodity, all digits search the code's start, anything else
 * the description; for the other entities, code starts with the text OR the description contains it. The
 * translated description is searched when the translated flag is on.
 */
export function lookupRequest(entity: string, text: string, translated = false, max = 20): ReferenceSearch {
  const value = text.trim();
  const description = translated ? 'descriptionTranslated' : 'description';
  if (entity === 'commodity') {
    const digits = value.replace(/[.\s]/g, '');
    return /^\d+$/.test(digits)
      ? { max, restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: digits }] }
      : { max, restrictions: [{ field: description, operator: 'CONTAINS', value }] };
  }
  return {
    max,
    restrictBy: 'OR',
    restrictions: [
      { field: 'code', operator: 'STARTS_WITH', value },
      { field: description, operator: 'CONTAINS', value },
    ],
  };
}
