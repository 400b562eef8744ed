import { tableToCsv } from './csv';
import { tableToXlsx } from './xlsx';
import type { ExportTable } from './table';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf';
export const EXPORT_FORMATS: ExportFormat[] = ['csv', 'xlsx', 'pdf'];

/** The one entry point of the export engine: a table in, a file out. */
export async function exportTable(table: ExportTable, format: ExportFormat): Promise<Blob> {
  switch (format) {
    case 'csv':
      return new Blob([tableToCsv(table)], { type: 'text/csv;charset=utf-8' });
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
