/**
 * What an officer can publish: customs exchange rates (the exchangeRate pack's long CSV) and central bank rates
 * (the ECB's wide CSV). Both come down to dated rates per currency; each line is checked the way the data packs
 * check theirs, and every error is reported (file, line, field, why), not only the first.
 */
import { checkHeader, CsvRecord, csvRecords, DataFileError, uniqueKeys } from '../db/pack-files.js';
import { TARIFF_COLUMNS, tariffLineOf, type TariffLine } from '../db/tariff-packs.js';
import { loadTaxRules, type TaxRules } from '../taxation/rules.js';
import { readXlsxRows, SpreadsheetError } from './xlsx.js';
import { KINDS, MAX_FILE_BYTES, type Kind } from '@guichet/shared/api/data-console';

export { KINDS, MAX_FILE_BYTES, type Kind };

/** One dated rate: customs rates in BDT per unit; central bank rates in units per EUR. */
export interface RateLine {
  date: string;
  currency: string;
  rate: number;
}

/** A line of a kind: a dated rate, or a tariff line. */
export type Line = RateLine | TariffLine;

export interface LineError {
  file: string;
  /** Line of the file (the header is line 1); absent for the file as a whole. */
  line?: number;
  field?: string;
  message: string;
  /** What is wrong, as a code the console translates (absent: only the message says). */
  reason?: Reason;
  /** The value refused, and for a repeat the line it repeats. */
  value?: string;
  repeats?: number;
}

/** The checks' findings, by the words of their messages. */
let rules: TaxRules | undefined;
/** The tax rules of data/ (read once): an uploaded tariff's TTI is checked with them, as the taxation service calculates. */
const taxRules = () => (rules ??= loadTaxRules());

const REASONS = {
  empty: /^"[^]*" is empty$/,
  notAmount: /^"[^]*" is not a number of zero or more$/,
  notPositive: /^"[^]*" is not a number above zero$/,
  notDate: /^"[^]*" is not a date written YYYY-MM-DD$/,
  notCurrency: /^"[^]*" is not an ISO 4217 code/,
  notCurrencyColumn: /^"[^]*" is under a column that is not an ISO 4217 code$/,
  repeats: /^"[^]*" repeats line \d+$/,
  missingColumn: /^the header has no column /,
  semicolons: /^the columns are separated by semicolons/,
  fieldCount: /^has \d+ values where the header has \d+ columns$/,
  strayQuote: /^has (?:a quote inside a field that does not start with one|text after the closing quote of a field)$/,
  unclosedQuote: /^has a quote that is never closed$/,
  notText: /NUL characters/,
  notTariffCode: /^"[^]*" is not a tariff code/,
  ttiMismatch: /^"[^]*" differs from the TTI its taxes give/,
} as const;
export type Reason = keyof typeof REASONS | 'emptyFile' | 'tooLarge' | 'noLines' | 'tooManyLines' | 'spreadsheet';

/** Most lines taken (the largest file: MAX_FILE_BYTES). */
export const MAX_LINES = 200_000;
/** More errors than this are counted, not listed. */
export const MAX_ERRORS_LISTED = 500;

interface KindDefinition {
  /** The pack whose tables the kind's publications change (and re-apply to after it is re-imported). */
  pack: string;
  columns: string[];
  lines(records: CsvRecord[], check: (record: CsvRecord, work: () => void) => void): Line[];
}

const currencyOf = (record: CsvRecord, column: string) => {
  const currency = record.text(column).toUpperCase();
  return /^[A-Z]{3}$/.test(currency) ? currency : record.refuse(column, 'is not an ISO 4217 code (three letters)');
};

export const KIND_DEFINITIONS: Record<Kind, KindDefinition> = {
  customsRates: {
    pack: 'exchangeRate',
    columns: ['date', 'currency', 'bdt_per_unit'],
    lines(records, check) {
      const seen = uniqueKeys();
      const lines: RateLine[] = [];
      for (const record of records)
        check(record, () => {
          const date = record.date('date');
          const currency = currencyOf(record, 'currency');
          const rate = record.positive('bdt_per_unit');
          seen(record, `${date} ${currency}`, 'currency');
          lines.push({ date, currency, rate });
        });
      return lines;
    },
  },
  tariff: {
    pack: 'tariff',
    columns: TARIFF_COLUMNS,
    lines(records, check) {
      const seen = uniqueKeys();
      const lines: TariffLine[] = [];
      for (const record of records)
        check(record, () => {
          const { computed, ...line } = tariffLineOf(record, taxRules());
          seen(record, line.code, 'hs_code');
          if (Math.abs(computed - line.tti) > 0.001) record.refuse('tti_published', `differs from the TTI its taxes give (${computed})`);
          lines.push(line);
        });
      return lines;
    },
  },
  centralBankRates: {
    pack: 'centralBankRates',
    columns: ['Date'],
    lines(records, check) {
      const seen = uniqueKeys();
      const lines: RateLine[] = [];
      for (const record of records)
        check(record, () => {
          const date = record.date('Date');
          seen(record, date, 'Date');
          const day: RateLine[] = [];
          for (const [column, value] of Object.entries(record.values)) {
            if (column === 'Date' || column.trim() === '' || value.trim() === '' || value.trim() === 'N/A') continue;
            if (!/^[A-Z]{3}$/.test(column)) record.refuse(column, 'is under a column that is not an ISO 4217 code');
            day.push({ date, currency: column, rate: record.positive(column) });
          }
          lines.push(...day);
        });
      return lines;
    },
  },
};

export interface CheckedFile {
  lines: Line[];
  errors: LineError[];
  /** Errors beyond those listed. */
  moreErrors: number;
}

function errorOf(error: unknown, file: string): LineError {
  if (error instanceof DataFileError) {
    const reason = (Object.keys(REASONS) as Array<keyof typeof REASONS>).find((name) => REASONS[name].test(error.problem));
    const quoted = /^("(?:[^"\\]|\\.)*")/.exec(error.problem)?.[1];
    const repeats = /repeats line (\d+)$/.exec(error.problem)?.[1];
    const missing = /^the header has no column (.+)$/.exec(error.problem)?.[1];
    return {
      file,
      line: error.line,
      field: error.field,
      message: error.problem,
      ...(reason ? { reason } : {}),
      ...(quoted && error.field ? { value: JSON.parse(quoted) as string } : {}),
      ...(missing ? { value: missing } : {}),
      ...(repeats ? { repeats: Number(repeats) } : {}),
    };
  }
  if (error instanceof SpreadsheetError) return { file, message: error.message, reason: 'spreadsheet' };
  throw error;
}

/** Refuses a header without the kind's columns; one made of a single column holding semicolons says so. */
function checkColumns(file: string, header: string[], columns: string[]): void {
  if (header.length === 1 && header[0].includes(';'))
    throw new DataFileError(file, 'the columns are separated by semicolons; separate them by commas', 1);
  checkHeader(file, header, columns);
}

/** The rows of an uploaded file: CSV (UTF-8 text) or XLSX (its first worksheet), told apart by content, not by name. */
function recordsOf(file: string, content: Buffer, columns: string[]): CsvRecord[] {
  if (content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const [header = [], ...rows] = readXlsxRows(content, { maxCells: MAX_LINES * 50 });
    const names = header.map((name) => name.trim());
    checkColumns(file, names, columns);
    return rows
      .map((row, index) => new CsvRecord(file, index + 2, Object.fromEntries(names.map((name, column) => [name, row[column] ?? '']))))
      .filter((record) => Object.values(record.values).some((value) => value.trim() !== ''));
  }
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  if (text.includes('\u0000')) throw new DataFileError(file, 'is not a text file (it holds NUL characters)');
  return csvRecords(file, text, columns, checkColumns).map((record) => {
    const values = Object.fromEntries(Object.entries(record.values).map(([name, value]) => [name.trim(), value]));
    return new CsvRecord(file, record.line, values);
  });
}

/** Checks every line of an uploaded file; lines are kept only when there is no error at all. */
export function checkFile(kind: Kind, file: string, content: Buffer): CheckedFile {
  const definition = KIND_DEFINITIONS[kind];
  const errors: LineError[] = [];
  let moreErrors = 0;
  const add = (error: LineError) => (errors.length < MAX_ERRORS_LISTED ? errors.push(error) : (moreErrors += 1));
  if (content.length === 0) return { lines: [], errors: [{ file, message: 'The file is empty', reason: 'emptyFile' }], moreErrors };
  if (content.length > MAX_FILE_BYTES)
    return {
      lines: [],
      errors: [{ file, message: `The file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`, reason: 'tooLarge' }],
      moreErrors,
    };
  let records: CsvRecord[];
  try {
    records = recordsOf(file, content, definition.columns);
  } catch (error) {
    if (error instanceof TypeError)
      return {
        lines: [],
        errors: [{ file, message: 'The file is neither UTF-8 CSV text nor an XLSX workbook', reason: 'notText' }],
        moreErrors,
      };
    return { lines: [], errors: [errorOf(error, file)], moreErrors };
  }
  if (records.length === 0)
    return { lines: [], errors: [{ file, message: 'The file has no lines under its header', reason: 'noLines' }], moreErrors };
  if (records.length > MAX_LINES)
    return { lines: [], errors: [{ file, message: `The file has more than ${MAX_LINES} lines`, reason: 'tooManyLines' }], moreErrors };
  const lines = definition.lines(records, (_record, work) => {
    try {
      work();
    } catch (error) {
      add(errorOf(error, file));
    }
  });
  return errors.length > 0 || moreErrors > 0 ? { lines: [], errors, moreErrors } : { lines, errors, moreErrors };
}
