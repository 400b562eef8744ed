import { LANGUAGES } from '../languages.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { repoRoot } from '../config.js';
// The portal's one export engine, shared with the browser: the same files whoever makes them.
import { tableToCsv } from '@guichet/shared/export/csv';
import { tableToXlsx } from '@guichet/shared/export/xlsx';
import { PDF_FONT_FILES, tableToPdf, type PdfFonts } from '@guichet/shared/export/pdf';
import type { ExportTable } from '@guichet/shared/export/table';

export const REPORT_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_LOCALES = LANGUAGES;
export type ReportLocale = (typeof REPORT_LOCALES)[number];

const CONTENT_TYPES: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

let fonts: Promise<PdfFonts> | undefined;
/** The PDF fonts the site serves (static/fonts), read once. */
function pdfFonts(): Promise<PdfFonts> {
  fonts ??= (async () => {
    const entries = await Promise.all(
      (Object.entries(PDF_FONT_FILES) as Array<[string, string]>).map(
        async ([key, file]) => [key, await readFile(join(repoRoot, 'static', 'fonts', file))] as const,
      ),
    );
    return Object.fromEntries(entries) as unknown as PdfFonts;
  })();
  return fonts;
}

/** A table as a downloadable file of the given format. */
export async function reportFile(format: ReportFormat, table: ExportTable): Promise<{ contentType: string; body: Buffer | string }> {
  switch (format) {
    case 'csv':
      return { contentType: CONTENT_TYPES.csv, body: tableToCsv(table) };
    case 'xlsx':
      return { contentType: CONTENT_TYPES.xlsx, body: Buffer.from(await (await tableToXlsx(table)).arrayBuffer()) };
    case 'pdf':
      return { contentType: CONTENT_TYPES.pdf, body: Buffer.from(await tableToPdf(table, await pdfFonts())) };
  }
}
