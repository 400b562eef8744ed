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

/** The language of a path (its first segment, /fr/... -> fr), or the fallback when it has none. */
export function languageOfPath(pathname: string, fallback: string): string {
  const first = pathname.split('/')[1]?.toLowerCase();
  return isLanguage(first) ? first : fallback;
}

export function direction(language: string): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(language) ? 'rtl' : 'ltr';
}

/** Today in the visitor's calendar, YYYY-MM-DD: the one "today" of every tool (validity dates, defaults). */
export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A day of the calendar written YYYY-MM-DD (2026-02-28, not 2026-02-30): the dates a tool accepts. */
export const isDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().slice(0, 10) === value;

/** fr: day/month/year; every other language: month/day/year; optional hh:mm. */
export function formatDate(value: Date | string, language: string, withTime = false): string {
  const date = typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  if (Number.isNaN(date.getTime())) return '-';
  const day = language === 'fr' ? 'dd/MM/yyyy' : 'MM/dd/yyyy';
  return format(date, withTime ? `${day} HH:mm` : day);
}

/**
 * Number display (SPEC section 9): en-US with exactly 2 decimals, '-' when empty; exchange rates too. Only
 * exports name other decimals, for columns that are not amounts (a row number has none).
 */
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
  if (!Number.isFinite(number)) return '-';
  // A value that rounds to zero is zero, never "-0.00".
  return numberFormat(decimals).format(Math.abs(number) < 0.5 * 10 ** -decimals ? 0 : number);
}

/** How each language writes 1234.5 by hand: fr 1 234,5; es 1.234,5; the others 1,234.5. */
const MARKS: Record<string, { decimal: string; group: string }> = {
  fr: { decimal: ',', group: ' ' },
  es: { decimal: ',', group: '.' },
};
const DIGITS: Array<[RegExp, number]> = [
  [/[\u0660-\u0669]/g, 0x0660], // Arabic-Indic
  [/[\u06f0-\u06f9]/g, 0x06f0], // Eastern Arabic-Indic
  [/[\u09e6-\u09ef]/g, 0x09e6], // Bengali
];

/** Arabic-Indic and Bengali digits as Western ones ("١٢٣", "১২৩" -> "123"); other characters as they are. */
export function westernDigits(text: string): string {
  let value = text;
  for (const [pattern, zero] of DIGITS) value = value.replace(pattern, (digit) => String(digit.charCodeAt(0) - zero));
  return value;
}

/** A code as typed: with or without dots and spaces, its digits in Latin, Arabic-Indic or Bengali script ("٠٩٠١.٢١" -> "090121"). */
export const codeAsTyped = (text: string): string => westernDigits(text).replace(/[.\s]/g, '');

/**
 * The fewest characters a search word must have: the minimum for Latin text, but two in Bengali and Arabic
 * script, where common goods have two-character names ("চা", tea; "ঘি", ghee).
 */
export const minimumLengthOf = (text: string, minimum: number): number =>
  /[\u0600-\u06ff\u0980-\u09ff]/.test(text) ? Math.min(minimum, 2) : minimum;

/** The decimal mark visitors of this language type. */
export const decimalMarkOf = (language: string) => (MARKS[language] ?? { decimal: '.' }).decimal;

export type ParsedAmount = { value: number } | { error: 'invalid' | 'ambiguous' };

/**
 * An amount as a visitor of this language types it: "25,000" and "25,000.50" in English, "25 000,50" or
 * "25,5" in French, with Arabic-Indic or Bengali digits too. Input that reads two ways ("25.000" on a
 * French page: 25 or 25,000?) is refused as ambiguous rather than guessed.
 */
export function parseAmount(text: string, language: string): ParsedAmount {
  let value = westernDigits(text.trim().replace(/[\s\u00a0\u202f\u2009']/g, ''));
  value = value.replace(/\u066b/g, '.').replace(/\u066c/g, ',');
  if (!/^\d[\d.,]*$/.test(value) || /[.,]$/.test(value)) return { error: 'invalid' };
  const { decimal: decimalMark, group: groupMark } = MARKS[language] ?? { decimal: '.', group: ',' };
  // 1,234,567 or the Indian 12,34,567: groups after the first are of three digits, or of two before a last three.
  const grouped = (integer: string, mark: string) =>
    new RegExp(`^\\d{1,3}(\\${mark}\\d{3})*$|^\\d{1,2}(\\${mark}\\d{2})*\\${mark}\\d{3}$`).test(integer);
  const marks = [...new Set(value.replace(/\d/g, ''))];
  let number: string;
  if (marks.length === 0) number = value;
  else if (marks.length === 2) {
    // Both marks: the last one is the decimal mark and appears once.
    const decimal = value.lastIndexOf('.') > value.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const [integer, fraction, extra] = value.split(decimal);
    if (extra !== undefined || !grouped(integer, group)) return { error: 'invalid' };
    if (decimal !== decimalMark) return { error: 'ambiguous' };
    number = `${integer.split(group).join('')}.${fraction}`;
  } else {
    const mark = marks[0];
    const parts = value.split(mark);
    if (parts.length > 2) {
      if (!grouped(value, mark)) return { error: 'invalid' };
      number = parts.join('');
    } else if (mark === decimalMark) {
      number = parts.join('.');
    } else if (mark === groupMark) {
      // "25,000" on an English page is 25000; "25,5" there reads two ways.
      if (!grouped(value, mark)) return { error: 'ambiguous' };
      number = parts.join('');
    } else if (parts[1].length === 3) {
      // A mark of another convention before three digits: "25.000" on a French page could be 25 or 25000.
      return { error: 'ambiguous' };
    } else {
      number = parts.join('.');
    }
  }
  const parsed = Number(number);
  return Number.isFinite(parsed) ? { value: parsed } : { error: 'invalid' };
}

/** A file size in the page language's own units (1.5 kB, 1,5 ko, 1,5 kB, ١٫٥ ك.ب). */
export function fileSize(bytes: number | null, language: string): string {
  if (!bytes) return '-';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(`${language}-u-nu-latn`, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}

/**
 * A select option's label made of a code and a name, each in its own direction isolate: in a right-to-left
 * page "IM-4 · Import…" or "Bangladesh (BD)" would otherwise be reordered and cut at the wrong end.
 */
export function optionLabel(...parts: Array<string | number>): string {
  return parts.map((part) => `\u2068${part}\u2069`).join(' · ');
}

const displayNames = new Map<string, Intl.DisplayNames | null>();
/** A currency's name in a language (CLDR, through the browser), or null where it has none. */
export function currencyName(code: string, language: string): string | null {
  if (!displayNames.has(language)) {
    try {
      displayNames.set(language, new Intl.DisplayNames([language], { type: 'currency', fallback: 'none' }));
    } catch {
      displayNames.set(language, null);
    }
  }
  try {
    return displayNames.get(language)?.of(code) ?? null;
  } catch {
    return null;
  }
}

const regionNames = new Map<string, Intl.DisplayNames | null>();
/** A country's name in a language (CLDR, through the browser; ISO 3166-1 alpha-2 code), or null where it has none. */
export function countryName(code: string, language: string): string | null {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return /^[A-Z]{2}$/.test(code) ? (regionNames.get(language)?.of(code) ?? null) : null;
  } catch {
    return null;
  }
}

/** The language cookie: path /, same-site strict, one year. */
export function languageCookie(language: Language): string {
  return `guichet_lang=${language}; path=/; max-age=31536000; SameSite=Strict`;
}

/** Attributes for a piece of text written in a given language: its lang and its direction. */
export function textLanguage(language: string | undefined): { lang?: string; dir?: 'rtl' | 'ltr' } {
  return language ? { lang: language, dir: direction(language) } : {};
}
