import type { TFunction } from 'i18next';
import type { ExportTable } from '@guichet/shared/export/index';
import type { DocumentName, RequiredDocument } from './api';

/** The required documents as the export engine takes them; alternatives are one row, "One of these documents: ...". */
export function documentsTable(
  data: RequiredDocument[],
  typeOfDeclaration: string,
  consignmentCount: number,
  language: string,
  translated: boolean,
  t: TFunction<'tradersGuide'>,
): ExportTable {
  const nameOf = (name: DocumentName) => (translated && name.descriptionTranslated) || name.description;
  return {
    title: t('export.title'),
    subtitle: t('export.subtitle', { type: typeOfDeclaration, count: consignmentCount }),
    language,
    columns: [
      { header: t('columns.id'), numeric: true, decimals: 0 },
      { header: t('columns.code') },
      { header: t('columns.name') },
      { header: t('columns.applicable') },
    ],
    rows: data.map((row) => {
      const name = row.alternatives
        ? `${t('documents.oneOf')} ${row.alternatives.map((alternative) => `${alternative.code} ${nameOf(alternative.name)}`).join('; ')}`
        : nameOf(row.attDocName);
      return [row.id, row.attDocCode, name, row.applicableCommodityCodes.join(', ')];
    }),
  };
}
