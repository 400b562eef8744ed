import { tableToCsv } from './csv';
import { tableToXlsx } from './xlsx';
import type { ExportTable } from './table';
import { decimalMarkOf } from '../i18n/language';

/** csv-semicolon: a .csv with ';' between fields and decimal commas, for languages that write 1,5. */
export type ExportFormat = 'csv' | 'csv-semicolon' | 'xlsx' | 'pdf';

/** The formats offered on a page of this language. */
export const exportFormatsFor = (language: string): ExportFormat[] =>
  decimalMarkOf(language) === ',' ? ['csv', 'csv-semicolon', 'xlsx', 'pdf'] : ['csv', 'xlsx', 'pdf'];

/** The file name extension of a format. */
export const extensionOf = (format: ExportFormat) => (format === 'csv-semicolon' ? 'csv' : format);

/** The one entry point of the export engine: a table in, a file out. */
export async function exportTable(table: ExportTable, format: ExportFormat): Promise<Blob> {
  switch (format) {
    case 'csv':
    case 'csv-semicolon':
      return new Blob([tableToCsv(table, format === 'csv' ? 'comma' : 'semicolon')], { type: 'text/csv;charset=utf-8' });
    case 'xlsx':
      return tableToXlsx(table);
    case 'pdf': {
      // The PDF engine and its fonts load only when someone exports a PDF.
      const { loadBrowserFonts, tableToPdf } = await import('./pdf');
      const bytes = await tableToPdf(table, await loadBrowserFonts());
      return new Blob([bytes as BlobPart], { type: 'application/pdf' });
    }
  }
}

export type { ExportTable, ExportColumn, ExportCell } from './table';
