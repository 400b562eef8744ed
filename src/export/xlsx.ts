import writeExcelFile from 'write-excel-file/universal';
import { direction } from '../i18n/language';
import { MISSING, type ExportTable } from './table';

/** An XLSX workbook of one sheet: bold frozen header, numbers as numbers, right-to-left for Arabic. */
export async function tableToXlsx(table: ExportTable): Promise<Blob> {
  const header = table.columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) =>
    row.map((value, index) =>
      value === null || value === ''
        ? { value: MISSING }
        : table.columns[index]?.numeric && typeof value === 'number'
          ? { value, type: Number, format: `#,##0.${'0'.repeat(table.columns[index]?.decimals ?? 2)}` }
          : { value: String(value) },
    ),
  );
  const widths = table.columns.map((column, index) => ({
    width: Math.min(60, Math.max(column.header.length, ...table.rows.slice(0, 200).map((row) => String(row[index] ?? MISSING).length)) + 2),
  }));
  return writeExcelFile([header, ...rows], {
    sheet: table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '),
    columns: widths,
    stickyRowsCount: 1,
    rightToLeft: direction(table.language) === 'rtl',
  }).toBlob();
}
