/** What every service uses to refuse bad input and to read dates: one place for them. */

/**
 * Bad input: answered with 400, this message and the offending property (`field`, e.g. `meta.validityDate`,
 * `restrictions[0].value`, `date`: where the request holds it, without "querystring." or "body.").
 */
export class RequestError extends Error {
  readonly statusCode = 400;
  readonly field?: string;

  constructor(message: string, field?: string) {
    super(message);
    if (field) this.field = field.replace(/^(querystring|body|params|headers)\./, '');
  }
}

/** A 400 whose message starts with the field it names, for what a request's JSON schema (http/schema.ts) cannot say. */
export class FieldError extends RequestError {
  constructor(field: string, message: string) {
    super(`${field}: ${message}`, field);
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return formatDate(date) === value;
}

/** A date as YYYY-MM-DD (years 0 to 9999; later years have more digits and are no calendar date here). */
function formatDate(date: Date): string {
  const year = date.getUTCFullYear();
  return `${year < 0 ? '-' : ''}${String(Math.abs(year)).padStart(4, '0')}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(date.getUTCDate()).padStart(2, '0')}`;
}

/** The calendar date `days` days after (before, if negative) a YYYY-MM-DD date. */
export function shiftDays(value: string, days: number): string {
  const [year, month, day] = value.split('-').map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day + days);
  return formatDate(date);
}

/** Today's date on the server clock, YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

export function validityDateOf(value: string | undefined, where = 'meta.validityDate'): string {
  if (value === undefined) return today();
  if (!isCalendarDate(value))
    throw new RequestError(`${where} must be a date YYYY-MM-DD, got ${JSON.stringify(value).slice(0, 40)}`, where);
  return value;
}
