import type { ExportTable } from '@guichet/shared/export/index';
import { TAX_COLUMNS, type HsText, type TariffCode } from './api';

/** HS codes shown the way the tariff prints them: 0901.11.10 */
export function displayCode(code: string): string {
  return code.length > 4
    ? `${code.slice(0, 4)}.${code
        .slice(4)
        .match(/.{1,2}/g)
        ?.join('.')}`
    : code;
}

/** Two texts say the same, whatever their case, spacing and punctuation ("Other" and "- - Other:"). */
export function sameText(a: string, b: string): boolean {
  const fold = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return fold(a) === fold(b);
}

/** Whether the service had HS texts of this line in the page language (none in Bengali; a few Arabic chapters lack them). */
export const hasHsTextIn = (line: TariffCode, language: string) =>
  Boolean(line.hs && [line.hs.heading, line.hs.subheading].some((text) => text?.language === language));

/** The HS texts shown above a line's national text: its heading's, and its subheading's unless it says the same. */
export function shownHsTexts(line: TariffCode): { heading: HsText | null; subheading: HsText | null } {
  const heading = line.hs?.heading ?? null;
  const subheading = line.hs?.subheading ?? null;
  return { heading, subheading: subheading && !(heading && sameText(subheading.description, heading.description)) ? subheading : null };
}

/**
 * A line's description in a file of the page language: its heading's HS text and its subheading's (a
 * fragment on its own, so after the heading), then on the next line the official national text (English);
 * the national text alone in English or where the language has no HS text.
 */
export function lineDescription(line: TariffCode, language: string): string {
  if (language === 'en' || !line.hs || !hasHsTextIn(line, language)) return line.description;
  const { heading, subheading } = shownHsTexts(line);
  const texts = [heading, subheading].filter((text) => text !== null);
  return `${texts.map((text) => text.description).join(' › ')}\n${line.description}`;
}

export interface TariffTableText {
  title: string;
  subtitle?: string;
  code: string;
  description: string;
  uom: string;
  /** The sources of the texts, written above the table: label and text. */
  sources?: { label: string; value: string };
}

/** The tariff's export column set (SPEC 7): HS code, Description, UOM and the tax columns; '-' where empty. */
export function tariffTable(lines: TariffCode[], text: TariffTableText, language: string): ExportTable {
  return {
    title: text.title,
    subtitle: text.subtitle,
    ...(text.sources ? { details: [text.sources] } : {}),
    language,
    columns: [
      { header: text.code },
      { header: text.description },
      { header: text.uom },
      ...TAX_COLUMNS.map(({ label }) => ({ header: label, numeric: true })),
    ],
    rows: lines.map((line) => [
      displayCode(line.code),
      lineDescription(line, language),
      line.supplementaryUnitCode,
      ...TAX_COLUMNS.map(({ field }) => line.taxCodes.find((tax) => tax.name === field)?.value ?? null),
    ]),
  };
}
