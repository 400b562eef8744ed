import { FieldError, isCalendarDate } from '../http/request.js';
import type { Manifest } from './sample.js';

/** Fields a manifest search may restrict, with their kind. */
export const MANIFEST_FIELDS = {
  arrivalDate: 'date',
  departureDate: 'date',
  registrationDate: 'date',
  customsOfficeCode: 'text',
  placeOfDeparture: 'text',
  placeOfDestination: 'text',
  registrationNumber: 'number',
  registrationYear: 'number',
  voyageNumber: 'text',
  vesselName: 'text',
  vesselImo: 'text',
  flow: 'text',
} as const;
export type ManifestField = keyof typeof MANIFEST_FIELDS;

/** Fields a result row may carry (selectFields picks among them). */
export const MANIFEST_COLUMNS: Array<keyof Manifest> = [
  'registrationYear',
  'registrationNumber',
  'registrationDate',
  'customsOfficeCode',
  'customsOfficeName',
  'voyageNumber',
  'vesselName',
  'vesselImo',
  'flow',
  'placeOfDeparture',
  'placeOfDepartureName',
  'placeOfDestination',
  'placeOfDestinationName',
  'departureDate',
  'arrivalDate',
  'billsOfLading',
  'containers',
  'grossMassKg',
  'sample',
];

export const MANIFEST_OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'STARTS_WITH',
  'CONTAINS',
  'GREATER_THAN',
  'LESS_THAN',
  'BETWEEN',
  'IN',
] as const;
type Operator = (typeof MANIFEST_OPERATORS)[number];

export interface ManifestRestriction {
  field: string;
  operator: string;
  value?: unknown;
  values?: unknown[];
  valueTo?: unknown;
}

export interface ManifestSearch {
  offset?: number;
  max?: number;
  selectFields?: string[];
  restrictions?: ManifestRestriction[];
}

/** The most rows one search or one print may return. */
export const MANIFEST_MAX = 1000;

type Test = (row: Manifest) => boolean;

/** A date, or a date-time whose date is taken (2026-11-01T08:30:00Z). */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function valueOf(kind: 'date' | 'text' | 'number', value: unknown, where: string): string | number {
  if (kind === 'number') {
    // A number, or its text in plain digits ("0x10" and "1e1" are not read as 16 and 10).
    const number = typeof value === 'string' && /^-?\d{1,15}(\.\d{1,15})?$/.test(value.trim()) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isFinite(number)) throw new FieldError(where, 'must be a number written in digits');
    return number;
  }
  if (typeof value !== 'string' || value.trim() === '') throw new FieldError(where, 'must be a non-empty string');
  if (value.includes('\u0000')) throw new FieldError(where, 'must not contain NUL characters');
  if (kind === 'date') {
    // A date-time is normalised to its date; nothing else may follow the date.
    const date = DATE_TIME.exec(value.trim())?.[1] ?? value.trim();
    if (!isCalendarDate(date)) throw new FieldError(where, `must be a date YYYY-MM-DD, got ${JSON.stringify(value).slice(0, 40)}`);
    return date;
  }
  if (value.length > 100) throw new FieldError(where, 'is longer than 100 characters');
  return value.trim().toUpperCase();
}

/** One restriction as a row test; text compares case-insensitively. */
function compile(restriction: ManifestRestriction, index: number): Test {
  const where = `restrictions[${index}]`;
  const field = restriction.field as ManifestField;
  const kind = Object.hasOwn(MANIFEST_FIELDS, field) ? MANIFEST_FIELDS[field] : undefined;
  if (!kind)
    throw new FieldError(
      `${where}.field`,
      `unknown field ${JSON.stringify(restriction.field).slice(0, 60)}; allowed: ${Object.keys(MANIFEST_FIELDS).join(', ')}`,
    );
  const operator = restriction.operator as Operator;
  if (!MANIFEST_OPERATORS.includes(operator))
    throw new FieldError(
      `${where}.operator`,
      `unknown operator ${JSON.stringify(restriction.operator).slice(0, 40)}; allowed: ${MANIFEST_OPERATORS.join(', ')}`,
    );
  if ((operator === 'STARTS_WITH' || operator === 'CONTAINS') && kind !== 'text')
    throw new FieldError(`${where}.operator`, `${operator} applies to text fields, not ${field}`);
  const read = (row: Manifest): string | number => (kind === 'text' ? String(row[field]).toUpperCase() : (row[field] as string | number));
  if (operator === 'IN') {
    if (!Array.isArray(restriction.values) || restriction.values.length === 0 || restriction.values.length > 100)
      throw new FieldError(`${where}.values`, 'must be a list of 1 to 100 values');
    const set = new Set(restriction.values.map((value, position) => valueOf(kind, value, `${where}.values[${position}]`)));
    return (row) => set.has(read(row));
  }
  const value = valueOf(kind, restriction.value, `${where}.value`);
  switch (operator) {
    case 'EQUALS':
      return (row) => read(row) === value;
    case 'NOT_EQUALS':
      return (row) => read(row) !== value;
    case 'STARTS_WITH':
      return (row) => String(read(row)).startsWith(String(value));
    case 'CONTAINS':
      return (row) => String(read(row)).includes(String(value));
    case 'GREATER_THAN':
      return (row) => read(row) > value;
    case 'LESS_THAN':
      return (row) => read(row) < value;
    case 'BETWEEN': {
      // A range has a start and an optional end.
      if (restriction.valueTo === undefined || restriction.valueTo === null || restriction.valueTo === '')
        return (row) => read(row) >= value;
      const to = valueOf(kind, restriction.valueTo, `${where}.valueTo`);
      if (to < value) throw new FieldError(`${where}.valueTo`, 'must not be before value');
      return (row) => read(row) >= value && read(row) <= to;
    }
  }
}

/** The manifests matching every restriction, newest registration first. */
export function searchManifests(manifests: Manifest[], request: ManifestSearch): { rows: Manifest[]; totalCount: number; offset: number } {
  const restrictions = request.restrictions ?? [];
  if (restrictions.length === 0) throw new FieldError('restrictions', 'give at least one restriction');
  // Checked for a print as for a search, though a print has every column.
  for (const [index, field] of (request.selectFields ?? []).entries())
    if (!MANIFEST_COLUMNS.includes(field as keyof Manifest))
      throw new FieldError(
        `selectFields[${index}]`,
        `unknown field ${JSON.stringify(field).slice(0, 60)}; allowed: ${MANIFEST_COLUMNS.join(', ')}`,
      );
  const tests = restrictions.map(compile);
  const matches = manifests.filter((row) => tests.every((test) => test(row)));
  matches.sort(
    (a, b) =>
      b.registrationDate.localeCompare(a.registrationDate) ||
      b.registrationNumber - a.registrationNumber ||
      a.customsOfficeCode.localeCompare(b.customsOfficeCode),
  );
  const offset = request.offset ?? 0;
  return { rows: matches.slice(offset, offset + (request.max ?? 10)), totalCount: matches.length, offset };
}

/** Only the selected columns of each row (all of them when none are selected). */
export function selectColumns(rows: Manifest[], selectFields: string[] | undefined): Array<Partial<Manifest>> {
  if (!selectFields?.length) return rows;
  return rows.map((row) => Object.fromEntries(selectFields.map((field) => [field, row[field as keyof Manifest]])));
}
