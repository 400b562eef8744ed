/** What every service uses to refuse bad input and to read dates: one place for them. */
import type { FastifyInstance } from 'fastify';

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

/** A query parameter's name as a message may repeat it; any other is named "querystring". */
const PARAMETER_NAME = /^[A-Za-z][\w.[\]-]{0,39}$/;

/**
 * A query string that is not percent-encoded UTF-8 ("?query=leather%20shoes%FF", "%ED%A0%80", a lone
 * surrogate) is a 400 naming the parameter: the framework's parser passes such a value on undecoded, every
 * "%20" in it as it is, and a search would answer for that text. Only for the requests `applies` to (the
 * services'; a page's address is the page's business).
 */
export function refuseMalformedQueries(app: FastifyInstance, applies: (url: string) => boolean): void {
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    const start = url.indexOf('?');
    if (start < 0 || !url.includes('%', start) || !applies(url)) return;
    for (const pair of url.slice(start + 1).split('&')) {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      try {
        decodeURIComponent(pair.replace(/\+/g, ' '));
      } catch {
        const field = PARAMETER_NAME.test(name) ? name : 'querystring';
        throw new RequestError(`${field === 'querystring' ? field : `querystring.${field}`} is not valid percent-encoded UTF-8`, field);
      }
    }
  });
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
