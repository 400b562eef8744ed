import { MISSING, type ExportCell, type ExportTable } from './table';

function field(value: ExportCell): string {
  const text = value === null || value === '' ? MISSING : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a UTF-8 byte order mark, so that spreadsheets open Arabic and Bengali correctly. */
export function tableToCsv(table: ExportTable): string {
  const lines = [table.columns.map((column) => field(column.header)), ...table.rows.map((row) => row.map(field))];
  return `\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`;
}
