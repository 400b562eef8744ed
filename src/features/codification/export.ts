import type { ExportTable } from '@guichet/shared/export/index';
import type { ReferencePage } from '../../http/reference';
import { EXPORT_LIMIT, hasAddress, shownCode, shownText, type ReferenceTable } from './api';

/** The tool's texts (its namespace's translation function). */
type Texts = (key: string, options?: Record<string, unknown>) => string;

/** A count as the page writes it: grouped in the page language's way, with the Latin digits of the codes. */
export const countText = (value: number, language: string) => new Intl.NumberFormat(`${language}-u-nu-latn`).format(value);

/** What the export leaves out, said before it is made: null when every matching record fits in it. */
export function exportLimitNote(t: Texts, totalCount: number, language: string): string | null {
  if (totalCount <= EXPORT_LIMIT) return null;
  return t('export.limited', { limit: countText(EXPORT_LIMIT, language), total: countText(totalCount, language) });
}

/**
 * The export of a search's first rows (at most EXPORT_LIMIT): code and name, plus the address lines for
 * banks, customs offices and declarants. Its subtitle says how many records it holds, and, when the search
 * found more, of how many.
 */
export function exportTableOf(t: Texts, table: ReferenceTable, page: ReferencePage, language: string, translated = false): ExportTable {
  const { resultList, totalCount } = page;
  const address = hasAddress(table);
  const counted =
    totalCount > resultList.length
      ? t('export.subtitleLimited', { limit: countText(resultList.length, language), total: countText(totalCount, language) })
      : t('export.subtitle', { count: resultList.length });
  return {
    title: t(`tables.${table}`),
    // Generated records say so in the file as on the page.
    subtitle: resultList.some((row) => row.sample === true) ? `${counted} · ${t('export.sample')}` : counted,
    language,
    columns: [
      { header: t('columns.code') },
      { header: t('columns.name') },
      ...(address ? [{ header: t('columns.address1') }, { header: t('columns.address2') }] : []),
    ],
    rows: resultList.map((row) => [
      shownCode(table, row),
      shownText(row, 'description', translated).text,
      ...(address ? [shownText(row, 'address1', translated).text, shownText(row, 'address2', translated).text] : []),
    ]),
  };
}
