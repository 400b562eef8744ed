import { MISSING, type ExportCell, type ExportTable } from './table';

/** Comma-separated, or semicolon-separated with decimal commas (what spreadsheets expect where 1,5 is a number). */
export type CsvDialect = 'comma' | 'semicolon';

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, a tab or CR first: "=HYPERLINK(...)" in a
 * description): it is written after an apostrophe, which spreadsheets read as "text follows" (CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(value: ExportCell, dialect: CsvDialect): string {
  const text =
    value === null || value === ''
      ? MISSING
      : typeof value === 'number'
        ? dialect === 'semicolon'
          ? String(value).replace('.', ',')
          : String(value)
        : FORMULA_START.test(value) && value !== MISSING
          ? `'${value}`
          : value;
  const needsQuotes = dialect === 'semicolon' ? /[";\r\n]/ : /[",\r\n]/;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV with a UTF-8 byte order mark, so that spreadsheets open Arabic and Bengali correctly. */
export function tableToCsv(table: ExportTable, dialect: CsvDialect = 'comma'): string {
  const separator = dialect === 'semicolon' ? ';' : ',';
  const lines = [
    // The details first, one "label,value" line each, then an empty line before the table.
    ...(table.details?.length ? [...table.details.map(({ label, value }) => [field(label, dialect), field(value, dialect)]), []] : []),
    table.columns.map((column) => field(column.header, dialect)),
    ...table.rows.map((row) => row.map((value) => field(value, dialect))),
  ];
  return `\uFEFF${lines.map((line) => line.join(separator)).join('\r\n')}\r\n`;
}
