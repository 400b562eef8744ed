import { http } from './client';
import { serviceUrls } from '../config/services';
import { todayIso } from '@guichet/shared/i18n/language';
import { skipToken } from '@reduxjs/toolkit/query';
import { answer, api } from '../app/api';

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
  /** The relevance search by whole words (the tariff's: goods by their names, in any of the portal's languages). */
  keywords?: string;
  /** Commodity only: the page language, for the HS texts each line comes with. */
  lang?: string;
}

export type ReferenceRecord = Record<string, string | number | boolean | null>;

export interface ReferencePage {
  resultList: ReferenceRecord[];
  totalCount: number;
}

/** Page size of the search helper when the caller names none: 15 for commodity, 5000 for the other entities. */
export function referencePageSize(entity: string): number {
  return entity === 'commodity' ? 15 : 5000;
}

const DEFAULT_FIELDS = ['code', 'description', 'descriptionTranslated'];
const ADDRESS_FIELDS = ['address1', 'address1Translated', 'address2', 'address2Translated'];
const TAX_FIELDS = Array.from({ length: 20 }, (_, index) => `tax${String(index + 1).padStart(2, '0')}`);
const ENTITY_FIELDS: Record<string, string[]> = {
  company: [...DEFAULT_FIELDS, 'email', 'phoneNumber', ...ADDRESS_FIELDS],
  exchangeRate: [...DEFAULT_FIELDS, 'rate', 'validToDate'],
  taxRule: [...DEFAULT_FIELDS, 'tariffColumn'],
  commodity: [...DEFAULT_FIELDS, 'supplementaryUnit1Code', ...TAX_FIELDS],
  bank: [...DEFAULT_FIELDS, ...ADDRESS_FIELDS],
  customsOffice: [...DEFAULT_FIELDS, ...ADDRESS_FIELDS],
  declarant: [...DEFAULT_FIELDS, ...ADDRESS_FIELDS],
  extendedProcedure: ['description', 'descriptionTranslated', 'previousProcedureCode', 'requestedProcedureCode'],
  modelOfDeclaration: [...DEFAULT_FIELDS, 'generalProcedureCode', 'flow'],
};

/** The fields requested of an entity (SPEC section 3), plus `sample`, the flag the tools label sample data by. */
export function selectFieldsOf(entity: string): string[] {
  return [...(ENTITY_FIELDS[entity] ?? DEFAULT_FIELDS), 'sample'];
}

/**
 * The body of every reference search (SPEC section 7), built in this one place: the caller's criteria, and
 * what it leaves out from the contract's defaults: the page size of the helper, distinct false, OR between
 * restrictions, the entity's selected fields, code IS_NOT_NULL when nothing restricts, today's validity date.
 */
export function searchBody(entity: string, body: ReferenceSearch): ReferenceSearch & { distinct: boolean } {
  return {
    max: referencePageSize(entity),
    distinct: false,
    restrictBy: 'OR',
    selectFields: selectFieldsOf(entity),
    ...body,
    restrictions: body.restrictions?.length ? body.restrictions : [{ field: 'code', operator: 'IS_NOT_NULL' }],
    meta: { ...body.meta, validityDate: body.meta?.validityDate ?? todayIso() },
  };
}

export async function searchReference(entity: string, body: ReferenceSearch): Promise<ReferencePage> {
  const { data } = await http.post<ReferencePage>(`${serviceUrls.reference}${entity}/search`, searchBody(entity, body));
  return data;
}

/** The records of a list of codes, in one search (SPEC section 7: IN on code). */
export function lookupByCodes(entity: string, codes: string[], body: ReferenceSearch = {}): Promise<ReferencePage> {
  const unique = [...new Set(codes)];
  if (!unique.length) return Promise.resolve({ resultList: [], totalCount: 0 });
  return searchReference(entity, { max: unique.length, ...body, restrictions: [{ field: 'code', operator: 'IN', values: unique }] });
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
 * goes to the keyword search (goods by their everyday names, in any language), with the HS texts in the page
 * language; for the other entities, code starts with the text OR the description contains it, the translated
 * description when the translated flag is on.
 */
export function lookupRequest(entity: string, text: string, translated = false, max = 20, language = 'en'): ReferenceSearch {
  const value = text.trim();
  if (entity === 'commodity') {
    const digits = value.replace(/[.\s]/g, '');
    return /^\d+$/.test(digits)
      ? { max, restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: digits }], lang: language }
      : { max, keywords: value.slice(0, 2000), lang: language };
  }
  const description = translated ? 'descriptionTranslated' : 'description';
  return {
    max,
    restrictBy: 'OR',
    restrictions: [
      { field: 'code', operator: 'STARTS_WITH', value },
      { field: description, operator: 'CONTAINS', value },
    ],
  };
}

type HsText = { code: string; description: string; language: string } | null;

/**
 * A commodity's name as a lookup shows it, and the language it is in: its HS heading and subheading in the
 * page language when the service has them (the subheading's own text is often a fragment, so never alone),
 * else its description (the tenant's translation where the translated flag is on, else English).
 */
export function commodityName(row: ReferenceRecord, language: string, translated: boolean): { text: string; lang: string } {
  const hs = (row as unknown as { hs?: { heading: HsText; subheading: HsText } }).hs;
  const inPage = [hs?.heading, hs?.subheading].filter((text): text is NonNullable<HsText> => Boolean(text && text.language === language));
  if (language !== 'en' && inPage.length)
    return { text: [...new Map(inPage.map((text) => [text.code, text.description])).values()].join(' › '), lang: language };
  if (translated && row.descriptionTranslated) return { text: String(row.descriptionTranslated), lang: language };
  return { text: String(row.description ?? ''), lang: 'en' };
}

/** Reference lists kept for the whole visit: fetched once, then read from the data layer by every tool. */
export const CACHED_ENTITIES = [
  'commodity',
  'exchangeRate',
  'customsOffice',
  'extendedProcedure',
  'additionalProcedure',
  'modelOfDeclaration',
  'country',
  'attachedDocument',
] as const;
export type CachedEntity = (typeof CACHED_ENTITIES)[number];

/** A visit's length, in seconds, for the lists kept for the whole visit. */
const VISIT_SECONDS = 24 * 60 * 60;

export const referenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * A whole list in its default order, cached by entity alone: the notice is what the tool that asked
     * shows if it fails (a tool without one still works, without the list's suggestions).
     */
    referenceList: build.query<ReferencePage, { entity: CachedEntity; notice?: string }>({
      queryFn: ({ entity, notice }) =>
        answer(
          searchReference(entity, { sortByFields: defaultSort(entity) }).catch((error: unknown) => {
            console.error(`Reference list ${entity} could not be loaded`, (error as Error).message);
            throw error;
          }),
          notice,
        ),
      serializeQueryArgs: ({ queryArgs }) => queryArgs.entity,
      keepUnusedDataFor: VISIT_SECONDS,
    }),
    /** Records matching typed text (the lookup rule of SPEC section 5); a failed lookup gives none. */
    referenceLookup: build.query<ReferenceRecord[], { entity: string; text: string; translated: boolean; max: number; language: string }>({
      queryFn: ({ entity, text, translated, max, language }) =>
        answer(
          searchReference(entity, lookupRequest(entity, text, translated, max, language)).then(
            ({ resultList }) => resultList,
            () => [],
          ),
        ),
    }),
  }),
});

/** A reference list kept for the whole visit (empty until it arrives, and if it fails). */
export function useReferenceList(entity: CachedEntity | null, notice?: string): ReferenceRecord[] {
  const { data } = referenceApi.useReferenceListQuery(entity ? { entity, notice } : skipToken);
  return data?.resultList ?? EMPTY;
}
const EMPTY: ReferenceRecord[] = [];
