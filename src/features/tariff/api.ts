import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { tenant } from '@guichet/shared/config/tenant';
import { codeAsTyped } from '@guichet/shared/i18n/language';
import { visibleText } from '@guichet/shared/api/text';
import { finderGet } from '../../http/finder';
import { searchBody, searchReference } from '../../http/reference';
import { answer, api, ToolError } from '../../app/api';

/** An HS 2022 text of a line's chapter, heading or subheading, in the page language or (where none exists) English. */
export interface HsText {
  code: string;
  description: string;
  language: string;
}

/** A tariff line as the tool shows it. */
export interface TariffCode {
  code: string;
  /** The official national text (English). */
  description: string;
  descriptionTranslated: string | null;
  supplementaryUnitCode: string | null;
  /** Non-empty tax columns, in column order (tax01, tax02, ...). */
  taxCodes: Array<{ name: string; value: number }>;
  /** Its HS texts in the page language, when the service sends them. */
  hs?: { chapter: HsText | null; heading: HsText | null; subheading: HsText | null };
}

/** 'relevance' is the service's keyword ranking (best match first); the other sorts are columns. */
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

/**
 * The search request: the code STARTS_WITH, and the keywords as the service's relevance search (whole
 * words, in any of the portal's languages, everyday names through the finder's lexicon), with the HS texts
 * in the page language. Relevance order is the service's own ranking: no sortByFields.
 */
export function tariffRequest(query: TariffQuery, language: string) {
  const restrictions: Restriction[] = [];
  const code = codeAsTyped(query.code);
  if (code) restrictions.push({ field: 'code', operator: 'STARTS_WITH', value: code });
  // What shows of the keywords: no NUL pasted with them, which the service refuses.
  const keywords = visibleText(query.keyword);
  const ranked = query.sort === 'relevance' && keywords !== '';
  return searchBody('commodity', {
    max: query.size,
    offset: (query.page - 1) * query.size,
    restrictBy: 'AND',
    selectFields: ['code', 'description', 'descriptionTranslated', 'supplementaryUnit1Code', ...TAX_FIELDS, 'sample'],
    restrictions,
    ...(keywords ? { keywords } : {}),
    lang: language,
    ...(ranked
      ? {}
      : {
          sortByFields: [
            { field: query.sort === 'relevance' ? 'code' : query.sort, order: query.order.toUpperCase() as 'ASC' | 'DESC' },
            ...(query.sort === 'code' || query.sort === 'relevance' ? [] : [{ field: 'code', order: 'ASC' as const }]),
          ],
        }),
  });
}

type CommodityRecord = Record<string, string | number | null> & { code: string; description: string; hs?: TariffCode['hs'] };

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
    ...(record.hs ? { hs: record.hs } : {}),
  };
}

export async function searchTariff(query: TariffQuery, language: string): Promise<{ items: TariffCode[]; totalCount: number }> {
  const response = await http.post<{ resultList: CommodityRecord[]; totalCount: number }>(
    `${serviceUrls.reference}commodity/search`,
    tariffRequest(query, language),
  );
  return { items: response.data.resultList.map(toTariffCode), totalCount: response.data.totalCount };
}

/** A node of the HS nomenclature: section (level 1), chapter (2), heading (4) or subheading (6). */
export interface NomenclatureNode {
  code: string;
  description: string;
  descriptionTranslated: string | null;
  level: number;
  parentCode: string | null;
  sectionCode: string;
  /** Its HS text in the page language (English, language "en", where none exists), when asked with a language. */
  text?: HsText;
}

/** A node's text as a page in `language` shows it, and the language it is in. */
export const nodeText = (node: NomenclatureNode): HsText => node.text ?? { code: node.code, description: node.description, language: 'en' };

/** What was asked for does not exist (the service's 404, or a code of another level than asked). */
export class NotFound extends ToolError {
  constructor() {
    super('notFound', 404);
  }
}

async function getOne<T>(entity: string, code: string, params?: Record<string, string>): Promise<T> {
  try {
    const response = await http.get<T>(`${serviceUrls.reference}${entity}/${encodeURIComponent(code)}`, params ? { params } : {});
    return response.data;
  } catch (error) {
    if ((error as { response?: { status?: number } }).response?.status === 404) throw new NotFound();
    throw error;
  }
}

export const getTariffCode = async (code: string): Promise<TariffCode> => toTariffCode(await getOne<CommodityRecord>('commodity', code));
/** The line as the tariff edition in force on a date had it (NotFound: no such line then). */
export const getTariffCodeOn = async (code: string, validityDate: string): Promise<TariffCode> =>
  toTariffCode(await getOne<CommodityRecord>('commodity', code, { validityDate }));
/** A node of the nomenclature, with its text in the language. */
export const getNomenclature = (code: string, language: string): Promise<NomenclatureNode> =>
  getOne<NomenclatureNode>('hsNomenclature', code, { lang: language });

export async function listNomenclature(
  restrictions: Array<{ field: string; operator: 'EQUALS'; value: string | number }>,
  language: string,
): Promise<NomenclatureNode[]> {
  const response = await http.post<{ resultList: NomenclatureNode[] }>(
    `${serviceUrls.reference}hsNomenclature/search`,
    searchBody('hsNomenclature', {
      max: 2000,
      offset: 0,
      restrictBy: 'AND',
      selectFields: ['code', 'description', 'descriptionTranslated', 'level', 'parentCode', 'sectionCode', 'sample'],
      restrictions,
      lang: language,
    }),
  );
  return response.data.resultList;
}

/** Every national line under a code prefix (a heading has a few dozen at most), with its HS texts in the language. */
export async function linesUnder(prefix: string, language: string): Promise<TariffCode[]> {
  const response = await http.post<{ resultList: CommodityRecord[] }>(
    `${serviceUrls.reference}commodity/search`,
    searchBody('commodity', {
      max: 1000,
      offset: 0,
      restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: prefix }],
      lang: language,
    }),
  );
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

/** A subheading the tariff finder suggests, with its HS text in the page language (or English). */
export interface FinderSuggestion {
  code: string;
  hsCode: string;
  description: string;
  language: string;
}

/** The tariff finder's suggestions for keywords (SPEC section 7: GET {hs-finder-service}/search with query and the tenant key). */
export async function finderSuggestions(keywords: string, language: string): Promise<FinderSuggestion[]> {
  const answer = await finderGet<{ predictions: FinderSuggestion[] }>(`${serviceUrls.finder}search`, {
    query: keywords,
    limit: '3',
    language,
  });
  return answer.predictions.map(({ code, hsCode, description, language: textLanguage }) => ({
    code,
    hsCode,
    description,
    language: textLanguage,
  }));
}

/** Sections with their chapters, in section order, with their texts in the language. */
export async function sectionsTree(language: string) {
  const [sections, chapters] = await Promise.all([
    listNomenclature([{ field: 'level', operator: 'EQUALS', value: 1 }], language),
    listNomenclature([{ field: 'level', operator: 'EQUALS', value: 2 }], language),
  ]);
  return sections
    .sort((a, b) => romanValue(a.code) - romanValue(b.code))
    .map((section) => ({ section, chapters: chapters.filter((chapter) => chapter.parentCode === section.code) }));
}

/** A chapter and its headings (NotFound: no such chapter). */
export async function chapterOf(code: string, language: string) {
  const node = await getNomenclature(code, language);
  if (node.level !== 2) throw new NotFound();
  const headings = await listNomenclature(
    [
      { field: 'level', operator: 'EQUALS', value: 4 },
      { field: 'parentCode', operator: 'EQUALS', value: code },
    ],
    language,
  );
  return { node, headings };
}

/** A heading, its national lines and its subheadings by code (NotFound: no such heading). */
export async function headingOf(code: string, language: string) {
  const node = await getNomenclature(code, language);
  if (node.level !== 4) throw new NotFound();
  const [lines, subheadings] = await Promise.all([
    linesUnder(code, language),
    listNomenclature(
      [
        { field: 'level', operator: 'EQUALS', value: 6 },
        { field: 'parentCode', operator: 'EQUALS', value: code },
      ],
      language,
    ),
  ]);
  return { node, lines, subheadings: Object.fromEntries(subheadings.map((subheading) => [subheading.code, subheading])) };
}

/** A national line with its heading, chapter and (where the HS of 2022 has it) subheading. */
export async function lineOf(code: string, language: string) {
  const line = await getTariffCode(code);
  const [heading, chapter, subheading] = await Promise.all([
    getNomenclature(code.slice(0, 4), language),
    getNomenclature(code.slice(0, 2), language),
    // A national line may sit under no HS subheading of 2022 (a national split of a heading).
    getNomenclature(code.slice(0, 6), language).catch((error: unknown) => {
      if (error instanceof NotFound) return null;
      throw error;
    }),
  ]);
  return { line, heading, chapter, subheading };
}

/**
 * The line in the edition in force on a date; 'line' when that edition has no such line, 'edition' when no
 * edition of the tariff loaded here is in force on that date (an earlier one was never published here).
 */
export async function lineOn(code: string, validityDate: string): Promise<TariffCode | { missing: 'line' | 'edition' }> {
  try {
    return await getTariffCodeOn(code, validityDate);
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    const inForce = await searchReference('commodity', { max: 1, selectFields: ['code'], meta: { validityDate } });
    return { missing: inForce.totalCount > 0 ? 'line' : 'edition' };
  }
}

export const tariffApi = api.injectEndpoints({
  endpoints: (build) => ({
    tariffSearch: build.query<{ items: TariffCode[]; totalCount: number }, { query: TariffQuery; language: string }>({
      queryFn: ({ query, language }) => answer(searchTariff(query, language), 'notifications.somethingWentWrong'),
    }),
    sections: build.query<Awaited<ReturnType<typeof sectionsTree>>, string>({ queryFn: (language) => answer(sectionsTree(language)) }),
    chapter: build.query<Awaited<ReturnType<typeof chapterOf>>, { code: string; language: string }>({
      queryFn: ({ code, language }) => answer(chapterOf(code, language)),
    }),
    heading: build.query<Awaited<ReturnType<typeof headingOf>>, { code: string; language: string }>({
      queryFn: ({ code, language }) => answer(headingOf(code, language)),
    }),
    line: build.query<Awaited<ReturnType<typeof lineOf>>, { code: string; language: string }>({
      queryFn: ({ code, language }) => answer(lineOf(code, language)),
    }),
    lineOn: build.query<Awaited<ReturnType<typeof lineOn>>, { code: string; date: string }>({
      queryFn: ({ code, date }) => answer(lineOn(code, date)),
    }),
    notes: build.query<string | null, string>({ queryFn: (heading) => answer(getNotes(heading)) }),
    // The suggestions are a help: without them the page says nothing more.
    finderSuggestions: build.query<FinderSuggestion[], { keywords: string; language: string }>({
      queryFn: ({ keywords, language }) => answer(finderSuggestions(keywords, language).catch(() => [])),
    }),
  }),
});

export const {
  useTariffSearchQuery,
  useSectionsQuery,
  useChapterQuery,
  useHeadingQuery,
  useLineQuery,
  useLineOnQuery,
  useNotesQuery,
  useFinderSuggestionsQuery,
} = tariffApi;
