import { format } from 'date-fns';
import { RTL_LANGUAGES, SUPPORTED_LANGUAGES, type Language } from '../config/tenant';

export function isLanguage(value: string | undefined): value is Language {
  return value !== undefined && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** Replaces the first path segment with another language and keeps the rest of the path. */
export function switchLanguagePath(pathname: string, language: Language): string {
  const segments = pathname.split('/');
  if (isLanguage(segments[1]?.toLowerCase())) {
    segments[1] = language;
    return segments.join('/');
  }
  return `/${language}${pathname.startsWith('/') ? pathname : `/${pathname}`}`;
}

export function direction(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** fr: day/month/year; every other language: month/day/year; optional hh:mm. */
export function formatDate(value: Date | string, language: string, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  const day = language === 'fr' ? 'dd/MM/yyyy' : 'MM/dd/yyyy';
  return format(date, withTime ? `${day} HH:mm` : day);
}

/** Numbers: en-US with exactly 2 decimals (exchange rates: 4, or 0.0075 BDT per rupiah would read 0.01), '-' when empty. */
const numberFormats = new Map<number, Intl.NumberFormat>();
function numberFormat(decimals: number): Intl.NumberFormat {
  let found = numberFormats.get(decimals);
  if (!found) {
    found = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    numberFormats.set(decimals, found);
  }
  return found;
}
export function formatNumber(value: number | string | null | undefined, decimals = 2): string {
  if (value === null || value === undefined || value === '') return '-';
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? numberFormat(decimals).format(number) : '-';
}

/** The language cookie: path /, same-site strict, one year. */
export function languageCookie(language: Language): string {
  return `guichet_lang=${language}; path=/; max-age=31536000; SameSite=Strict`;
}

/** Attributes for a piece of text written in a given language: its lang and its direction. */
export function textLanguage(language: string | undefined): { lang?: string; dir?: 'rtl' | 'ltr' } {
  return language ? { lang: language, dir: direction(language) } : {};
}
