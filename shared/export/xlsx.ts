import writeExcelFile from 'write-excel-file/universal';
import { direction } from '../i18n/language';
import { MISSING, type ExportTable } from './table';

/** An XLSX workbook of one sheet: bold frozen header, numbers as numbers, right-to-left for Arabic. */
export async function tableToXlsx(table: ExportTable): Promise<Blob> {
  const header = table.columns.map((column) => ({ value: column.header, fontWeight: 'bold' as const }));
  const rows = table.rows.map((row) =>
    row.map((value, index) => {
      const column = table.columns[index];
      if (value === null || value === '') return { value: MISSING };
      if (column?.numeric && typeof value === 'number') return { value, type: Number, format: `#,##0.${'0'.repeat(column.decimals ?? 2)}` };
      const day = column?.date && typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      if (day) return { value: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), type: Date, format: 'yyyy-mm-dd' };
      return { value: String(value) };
    }),
  );
  const widths = table.columns.map((column, index) => ({
    width: Math.min(60, Math.max(column.header.length, ...table.rows.slice(0, 200).map((row) => String(row[index] ?? MISSING).length)) + 2),
  }));
  // The details above the table (label in bold, then its value), an empty row, then the frozen header.
  const details = (table.details ?? []).map(({ label, value }) => [{ value: label, fontWeight: 'bold' as const }, { value }]);
  const above = details.length ? [...details, []] : [];
  return writeExcelFile([...above, header, ...rows], {
    sheet: table.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '),
    columns: widths,
    stickyRowsCount: above.length + 1,
    rightToLeft: direction(table.language) === 'rtl',
  }).toBlob();
}
