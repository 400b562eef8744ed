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
 * Like parseCsv, with the header and each record's line number, for messages that point into the file.
 * `checkHeader` may refuse the header (by throwing) before any record is built.
 */
export function parseCsvLines(text: string, checkHeader?: (header: string[]) => void): { header: string[]; records: CsvLine[] } {
  const starts: number[] = [];
  const rows = parseCsvRows(text, starts);
  const header = rows[0] ?? [];
  checkHeader?.(header);
  const records: CsvLine[] = [];
  rows.forEach((row, index) => {
    if (index === 0 || (row.length === 1 && row[0] === '')) return;
    records.push({ line: starts[index], record: Object.fromEntries(header.map((name, column) => [name, row[column] ?? ''])) });
  });
  return { header, records };
}

/** The rows of a CSV text; startLines, when given (empty), receives the line each row starts on. */
export function parseCsvRows(text: string, startLines: number[] = []): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
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
        }
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
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
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
