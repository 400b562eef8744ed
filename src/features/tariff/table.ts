import type { ExportTable } from '../../export';
import { TAX_COLUMNS, type TariffCode } from './api';

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

export interface TariffTableText {
  title: string;
  subtitle?: string;
  code: string;
  description: string;
  uom: string;
}

/** The tariff's export column set (SPEC 7): HS code, Description, UOM and the tax columns; '-' where empty. */
export function tariffTable(lines: TariffCode[], text: TariffTableText, language: string): ExportTable {
  return {
    title: text.title,
    subtitle: text.subtitle,
    language,
    columns: [
      { header: text.code },
      { header: text.description },
      { header: text.uom },
      ...TAX_COLUMNS.map(({ label }) => ({ header: label, numeric: true })),
    ],
    rows: lines.map((line) => [
      displayCode(line.code),
      line.description,
      line.supplementaryUnitCode,
      ...TAX_COLUMNS.map(({ field }) => line.taxCodes.find((tax) => tax.name === field)?.value ?? null),
    ]),
  };
}
