import type { TFunction } from 'i18next';
import type { ExportTable } from '@guichet/shared/export/index';
import { direction, formatNumber } from '@guichet/shared/i18n/language';
import type { SimulationResult, TaxationInput } from './api';

/**
 * In a right-to-left language each amount with its currency is a left-to-right isolate (U+2066 ... U+2069):
 * without it, "1 USD = 123.16891 BDT" after an Arabic label reads "USD = 123.16891 BDT 1". Other languages need none.
 */
const isolateIn = (language: string) => (direction(language) === 'rtl' ? (text: string) => `\u2066${text}\u2069` : (text: string) => text);

/**
 * What a simulation was computed from (type, commodity, origin, value, currency and the rate used), as labels
 * and values: above the taxes in an export, and on the printed page, so that a paper or a file read later says
 * what it is the result of.
 */
export function simulationInputs(
  input: TaxationInput,
  data: SimulationResult,
  countryName: string,
  language: string,
  t: TFunction<'taxation'>,
): Array<{ label: string; value: string }> {
  const foreign = Number(input.statValueInForeignCurrency);
  const currency = input.currencyCode?.value ?? '';
  const rate = input.currencyCode?.rate ?? null;
  const unit = input.supplementaryUnit.trim();
  const ltr = isolateIn(language);
  return [
    { label: t('fields.typeOfDeclaration'), value: input.typeOfDeclaration },
    { label: t('export.commodity'), value: `${input.commodityCode?.value ?? ''} ${input.commodityCode?.description ?? ''}`.trim() },
    { label: t('fields.itemCountryOfOriginCode'), value: `${countryName} (${input.itemCountryOfOriginCode})` },
    { label: t('fields.statValueInForeignCurrency'), value: ltr(`${formatNumber(foreign)} ${currency}`) },
    // The rate as used, every decimal of it: the file must let the calculation be checked.
    { label: t('export.exchangeRate'), value: ltr(`1 ${currency} = ${rate ?? '-'} ${data.currency}`) },
    { label: t('export.assessableValue'), value: ltr(`${formatNumber(rate === null ? null : rate * foreign)} ${data.currency}`) },
    ...(unit ? [{ label: t('export.supplementaryUnit'), value: unit }] : []),
  ];
}

/**
 * A simulation as the export engine takes it: its inputs (simulationInputs) above the taxes; the total and the
 * guarantee amount after the taxes, and the note on administrative charges, as the page shows them.
 */
export function simulationTable(
  input: TaxationInput,
  data: SimulationResult,
  countryName: string,
  language: string,
  t: TFunction<'taxation'>,
): ExportTable {
  const item = data.items[0];
  const ltr = isolateIn(language);
  return {
    title: t('export.title'),
    subtitle: `${input.commodityCode?.value ?? ''} ${input.commodityCode?.description ?? ''}`.trim(),
    language,
    details: [
      ...simulationInputs(input, data, countryName, language, t),
      // The page's note under the result ("Note: Calculated taxes does not include administrative charges"),
      // written as a label and its text like the other lines above the table.
      { label: t('export.noteLabel'), value: t('export.note') },
      // As under the page's table: a per-unit rate of this simulation is a sample value.
      ...(item?.taxes.some((tax) => tax.sample) ? [{ label: t('export.noteLabel'), value: t('sampleTax') }] : []),
    ],
    columns: [
      { header: t('columns.code') },
      { header: t('columns.label') },
      { header: t('columns.base'), numeric: true },
      { header: t('columns.rate'), numeric: true },
      { header: t('columns.amount'), numeric: true },
    ],
    rows: [
      // A per-unit rate says its unit, as on the page ("4,500.00 per 1000 sticks", not a percentage of 4,500).
      ...(item?.taxes ?? []).map((tax) => [
        tax.code,
        t(`common:taxNames.${tax.code}`, { defaultValue: tax.label }),
        tax.base,
        tax.specific ? ltr(t('perUnit', { amount: formatNumber(tax.rate), unit: tax.unit ?? '' })) : tax.rate,
        tax.amount,
      ]),
      [t('total'), '', null, null, item?.totalItemTaxes ?? null],
      // Shown under the total on the page.
      [t('guarantee'), '', null, null, data.guaranteeAmount ?? null],
    ],
  };
}
