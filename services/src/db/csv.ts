/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF; a leading BOM is dropped) into records keyed by the header. */
export function parseCsv(text: string): Array<Record<string, string>> {
  return parseCsvLines(text).records.map(({ record }) => record);
}

export interface CsvLine {
  /** Line of the file the record starts on (the header is line 1). */
  line: number;
  record: Record<string, string>;
}

/**
 * A text that is not RFC 4180 CSV, where reading on would put values under the wrong columns: a quote inside
 * a field that does not start with one (`5" tall`), text after a field's closing quote, a quote never closed,
 * or a line with more values than the header has columns (an unquoted `121,50`).
 */
export class CsvSyntaxError extends Error {
  constructor(
    /** Line of the file (the header is line 1). */
    readonly line: number,
    readonly problem: string,
    /** The column of the field, where the header names it. */
    readonly column?: string,
  ) {
    super(`line ${line}: ${problem}`);
    this.name = 'CsvSyntaxError';
  }
}

/**
 * Like parseCsv, with the header and each record's line number, for messages that point into the file.
 * `checkHeader` may refuse the header (by throwing) before any record is built. Values beyond the header's
 * columns are refused unless empty (a trailing comma).
 */
export function parseCsvLines(text: string, checkHeader?: (header: string[]) => void): { header: string[]; records: CsvLine[] } {
  const starts: number[] = [];
  const rows = parseCsvRows(text, starts);
  const header = rows[0] ?? [];
  checkHeader?.(header);
  const records: CsvLine[] = [];
  rows.forEach((row, index) => {
    if (index === 0 || (row.length === 1 && row[0] === '')) return;
    if (row.slice(header.length).some((value) => value !== ''))
      throw new CsvSyntaxError(starts[index], `has ${row.length} values where the header has ${header.length} columns`);
    records.push({ line: starts[index], record: Object.fromEntries(header.map((name, column) => [name, row[column] ?? ''])) });
  });
  return { header, records };
}

/** The rows of a CSV text; startLines, when given (empty), receives the line each row starts on. Throws CsvSyntaxError. */
export function parseCsvRows(text: string, startLines: number[] = []): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  /** The field's closing quote has been read: only a separator or a line end may follow. */
  let closed = false;
  let line = 1;
  let quoteLine = 1;
  const refuse = (problem: string, at = line): never => {
    throw new CsvSyntaxError(at, problem, rows.length > 0 ? rows[0][row.length] : undefined);
  };
  startLines.push(1);
  for (let index = 0; index < source.length; index++) {
    const char = source[index];
    if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) line++;
    if (quoted) {
      if (char === '"') {
        if (source[index + 1] === '"') {
          field += '"';
          index++;
        } else {
          quoted = false;
          closed = true;
        }
      } else {
        field += char;
      }
    } else if (char === ',') {
      row.push(field);
      field = '';
      closed = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') {
        index++;
        line++;
      }
      row.push(field);
      rows.push(row);
      startLines.push(line);
      row = [];
      field = '';
      closed = false;
    } else if (closed) {
      refuse('has text after the closing quote of a field');
    } else if (char === '"') {
      if (field !== '') refuse('has a quote inside a field that does not start with one');
      quoted = true;
      quoteLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) refuse('has a quote that is never closed', quoteLine);
  if (field !== '' || row.length > 0 || closed) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
