import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { tenant, usesTranslatedSearch } from '../../config/tenant';

/** A tariff line as the tool shows it. */
export interface TariffCode {
  code: string;
  description: string;
  descriptionTranslated: string | null;
  supplementaryUnitCode: string | null;
  /** Non-empty tax columns, in column order (tax01, tax02, ...). */
  taxCodes: Array<{ name: string; value: number }>;
}

/** 'relevance' ranks keyword matches here, the other sorts are the service's. */
export type SortField = 'code' | 'description' | 'relevance' | `tax${string}`;

export interface TariffQuery {
  keyword: string;
  code: string;
  page: number;
  size: number;
  sort: SortField;
  order: 'asc' | 'desc';
}

interface Restriction {
  field: string;
  operator: 'STARTS_WITH' | 'CONTAINS';
  value: string;
}

export const TAX_FIELDS = Array.from({ length: 20 }, (_, index) => `tax${String(index + 1).padStart(2, '0')}`);

/** The tax columns the tenant labels, in order: [{ field: 'tax01', label: 'CD' }, ...]. */
export const TAX_COLUMNS = tenant.taxLabels.map((label, index) => ({ field: TAX_FIELDS[index], label }));

/** A stem of an English word that its singular and plural both contain: batteries -> batter, boxes -> box, shirts -> shirt. */
export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z-]+$/.test(word)) return word;
  if (word.endsWith('ies')) return word.slice(0, -3);
  if (/(ch|sh|x|z|s|o)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Words of a keyword search: every one must appear, in any order, singular or plural. */
export function keywordTerms(keyword: string): string[] {
  return [
    ...new Set(
      keyword
        .toLocaleLowerCase()
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map(stem),
    ),
  ];
}

/** HS codes are written with or without dots or spaces: 0901.11 -> 090111. */
export function normaliseCode(code: string): string {
  return code.replace(/[\s.]/g, '');
}

export function tariffRequest(query: TariffQuery, language: string) {
  const restrictions: Restriction[] = [];
  const code = normaliseCode(query.code);
  if (code) restrictions.push({ field: 'code', operator: 'STARTS_WITH', value: code });
  const field = usesTranslatedSearch(language) ? 'descriptionTranslated' : 'description';
  for (const term of keywordTerms(query.keyword)) restrictions.push({ field, operator: 'CONTAINS', value: term });
  return {
    max: query.size,
    offset: (query.page - 1) * query.size,
    distinct: false,
    restrictBy: 'AND',
    selectFields: ['code', 'description', 'descriptionTranslated', 'supplementaryUnit1Code', ...TAX_FIELDS],
    restrictions,
    sortByFields: [
      { field: query.sort, order: query.order.toUpperCase() },
      ...(query.sort === 'code' ? [] : [{ field: 'code', order: 'ASC' }]),
    ],
    meta: { validityDate: new Date().toISOString().slice(0, 10) },
  };
}

type CommodityRecord = Record<string, string | number | null> & { code: string; description: string };

export function toTariffCode(record: CommodityRecord): TariffCode {
  return {
    code: record.code,
    description: record.description,
    descriptionTranslated: (record.descriptionTranslated as string | null) ?? null,
    supplementaryUnitCode: (record.supplementaryUnit1Code as string | null) ?? null,
    taxCodes: TAX_FIELDS.filter((field) => record[field] !== null && record[field] !== undefined && record[field] !== '').map((field) => ({
      name: field,
      value: Number(record[field]),
    })),
  };
}

/** Most matches ranked by relevance; a search with more matches is ranked within its first ones in code order. */
export const RELEVANCE_WINDOW = 1000;

/**
 * How well a line matches the keywords: whole words beat word starts, which beat
 * fragments; a description that begins with the first keyword comes first.
 */
export function relevance(line: TariffCode, terms: string[], translated: boolean): number {
  const text = ((translated ? line.descriptionTranslated : line.description) ?? '').toLocaleLowerCase();
  let score = 0;
  for (const term of terms) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(s|es)?($|[^\\p{L}\\p{N}])`, 'u').test(text)) score += 4;
    else if (new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}`, 'u').test(text)) score += 2;
    else if (text.includes(term)) score += 1;
  }
  if (terms[0] && text.startsWith(terms[0])) score += 2;
  return score;
}

export async function searchTariff(query: TariffQuery, language: string): Promise<{ items: TariffCode[]; totalCount: number }> {
  const ranked = query.sort === 'relevance';
  const request = tariffRequest(ranked ? { ...query, sort: 'code', order: 'asc', page: 1, size: RELEVANCE_WINDOW } : query, language);
  const response = await http.post<{ resultList: CommodityRecord[]; totalCount: number }>(
    `${serviceUrls.reference}commodity/search`,
    request,
  );
  const items = response.data.resultList.map(toTariffCode);
  if (!ranked) return { items, totalCount: response.data.totalCount };
  const terms = keywordTerms(query.keyword);
  const translated = usesTranslatedSearch(language);
  const order = query.order === 'desc' ? -1 : 1;
  const scored = items.map((item, index) => ({ item, index, score: relevance(item, terms, translated) }));
  scored.sort((a, b) => order * (b.score - a.score) || a.index - b.index);
  const start = (query.page - 1) * query.size;
  return {
    items: scored.slice(start, start + query.size).map((s) => s.item),
    totalCount: Math.min(response.data.totalCount, RELEVANCE_WINDOW),
  };
}

/** A node of the HS nomenclature: section (level 1), chapter (2), heading (4) or subheading (6). */
export interface NomenclatureNode {
  code: string;
  description: string;
  descriptionTranslated: string | null;
  level: number;
  parentCode: string | null;
  sectionCode: string;
}

export class NotFound extends Error {}

async function getOne<T>(entity: string, code: string): Promise<T> {
  try {
    const response = await http.get<T>(`${serviceUrls.reference}${entity}/${encodeURIComponent(code)}`);
    return response.data;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) throw new NotFound(code);
    throw error;
  }
}

export const getTariffCode = async (code: string): Promise<TariffCode> => toTariffCode(await getOne<CommodityRecord>('commodity', code));
export const getNomenclature = (code: string): Promise<NomenclatureNode> => getOne<NomenclatureNode>('hsNomenclature', code);

export async function listNomenclature(
  restrictions: Array<{ field: string; operator: 'EQUALS'; value: string | number }>,
): Promise<NomenclatureNode[]> {
  const response = await http.post<{ resultList: NomenclatureNode[] }>(`${serviceUrls.reference}hsNomenclature/search`, {
    max: 2000,
    offset: 0,
    restrictBy: 'AND',
    restrictions,
    meta: { validityDate: new Date().toISOString().slice(0, 10) },
  });
  return response.data.resultList;
}

/** Every national line under a code prefix (a heading has a few dozen at most). */
export async function linesUnder(prefix: string): Promise<TariffCode[]> {
  const response = await http.post<{ resultList: CommodityRecord[] }>(`${serviceUrls.reference}commodity/search`, {
    max: 1000,
    offset: 0,
    restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: prefix }],
    meta: { validityDate: new Date().toISOString().slice(0, 10) },
  });
  return response.data.resultList.map(toTariffCode);
}

const ROMAN: Record<string, number> = { I: 1, V: 5, X: 10, L: 50 };
/** Section numbers are Roman numerals: XXI -> 21. */
export function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i += 1) {
    const value = ROMAN[numeral[i]] ?? 0;
    total += value < (ROMAN[numeral[i + 1]] ?? 0) ? -value : value;
  }
  return total;
}

/** Explanatory notes of a heading, or null when there are none. */
export async function getNotes(heading: string): Promise<string | null> {
  try {
    const response = await http.get<string>(`/explanatory_note_htmls/psn${heading}.html`, {
      responseType: 'text',
      headers: { Accept: 'text/html' },
    });
    return response.data;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) return null;
    throw error;
  }
}
