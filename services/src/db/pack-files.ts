/** What a data pack is, and how it reads its files under data/: each line checked, errors naming file, line and field. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCalendarDate } from '../http/request.js';
import { CsvSyntaxError, parseCsvLines } from './csv.js';

export type Row = Record<string, string | number | null>;

export interface PackContent {
  /** Rows per table; each listed table is replaced as a whole. */
  tables: Record<string, Row[]>;
  /** Findings worth reporting (checks, skipped lines). */
  report?: Record<string, unknown>;
}

export interface DataPack {
  name: string;
  summary: string;
  /** Files under data/ that the pack reads (their content is part of its version). */
  files: string[];
  /** Bumped when the pack's code changes what it produces. */
  revision: number;
  tables: string[];
  build(dataDir: string): Promise<PackContent>;
}

/** Records valid "since always" start here (code lists without an edition date in the data). */
export const OPEN_VALIDITY = '2000-01-01';

/** A data file that cannot be imported as it is: its pack is not imported and the data already there stays. */
export class DataFileError extends Error {
  constructor(
    readonly file: string,
    /** What is wrong; with a field, what is wrong with its value. */
    readonly problem: string,
    readonly line?: number,
    readonly field?: string,
  ) {
    super(`data/${file}${line === undefined ? '' : `, line ${line}`}: ${field === undefined ? '' : `${field} `}${problem}`);
    this.name = 'DataFileError';
  }
}

export async function read(dataDir: string, file: string): Promise<string> {
  try {
    return await readFile(join(dataDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DataFileError(file, 'the file is missing');
    throw error;
  }
}

export async function readJson(dataDir: string, file: string): Promise<unknown> {
  const text = await read(dataDir, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DataFileError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/** A number written in decimal digits, with a decimal point or none: 121.50, 0.5, .5, 7. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** One record of a CSV data file, with checked readers of its fields that name the file, line and column of what they refuse. */
export class CsvRecord {
  constructor(
    private readonly file: string,
    readonly line: number,
    readonly values: Record<string, string>,
  ) {}

  refuse(column: string, problem: string): never {
    throw new DataFileError(this.file, `${JSON.stringify(this.values[column] ?? '')} ${problem}`, this.line, column);
  }

  private value(column: string): string {
    return (this.values[column] ?? '').trim();
  }

  text(column: string): string {
    return this.value(column) || this.refuse(column, 'is empty');
  }

  /** A number of zero or more, in decimal digits (not 0x79, 1e2 or Infinity); emptyAs, when given, stands for an empty field. */
  amount(column: string, emptyAs?: number): number {
    const value = this.value(column);
    if (value === '' && emptyAs !== undefined) return emptyAs;
    return DECIMAL.test(value) ? Number(value) : this.refuse(column, 'is not a number of zero or more');
  }

  positive(column: string): number {
    const value = this.value(column);
    return DECIMAL.test(value) && Number(value) > 0 ? Number(value) : this.refuse(column, 'is not a number above zero');
  }

  /** An ISO date (YYYY-MM-DD) that exists. */
  date(column: string): string {
    const value = this.value(column);
    return isCalendarDate(value) ? value : this.refuse(column, 'is not a date written YYYY-MM-DD');
  }
}

/** The records of a CSV data file, whose header must have the columns the pack reads. */
export async function readCsv(dataDir: string, file: string, columns: string[]): Promise<CsvRecord[]> {
  return csvRecords(file, await read(dataDir, file), columns);
}

/** Most columns of a data file's header (the widest file of data/ has 43): every record has a value for each. */
export const MAX_COLUMNS = 100;

/** Refuses a header without the given columns, or with more than MAX_COLUMNS. */
export function checkHeader(file: string, header: string[], columns: string[]): void {
  if (header.length > MAX_COLUMNS) throw new DataFileError(file, `the header has ${header.length} columns, more than ${MAX_COLUMNS}`, 1);
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new DataFileError(file, `the header has no column ${missing.join(', ')}`, 1);
}

/** The records of a CSV text named file, whose header must have the given columns (`check` refuses it otherwise). */
export function csvRecords(file: string, text: string, columns: string[], check = checkHeader): CsvRecord[] {
  try {
    const { records } = parseCsvLines(text, (header) => check(file, header, columns));
    return records.map(({ line, record }) => new CsvRecord(file, line, record));
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new DataFileError(file, error.problem, error.line, error.column);
    throw error;
  }
}

/** Refuses a second record with the same key, naming the line of the first. */
export function uniqueKeys() {
  const lines = new Map<string, number>();
  return (record: CsvRecord, key: string, column: string) => {
    const first = lines.get(key);
    if (first !== undefined) record.refuse(column, `repeats line ${first}`);
    lines.set(key, record.line);
  };
}
export const nullIfEmpty = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

export function displayName(language: string, type: 'currency' | 'region', code: string): string | null {
  try {
    const name = new Intl.DisplayNames([language], { type, fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** Bangladesh total tax incidence (percent of assessable value), rounded half-up to 2 decimals. */
