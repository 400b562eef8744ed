import type { Database } from '../db/database.js';
import { allOf, lookupBy } from '../reference/lookup.js';
import { isCalendarDate, today } from '../http/request.js';
import { FieldError } from '../http/request.js';
import { declarationBodySchema, declarationOf, NO_NUL, VALIDITY_DATE_SCHEMA } from '../http/schema.js';
import { ASSESSABLE_VALUE, type Flow, type SpecificRate, type TaxRules } from './rules.js';

/** Largest value or quantity accepted (beyond it amounts lose their cents in floating point). */
const MAX_AMOUNT = 1e13;

export interface SimulationItem {
  commodityCode: string;
  /** The assessable value in the national currency (value in the invoice currency x its rate). */
  statisticalValue: number;
  supplementaryUnit?: number;
  itemCountryOfOriginCode?: string;
  commodityDescription?: string;
  statValueInForeignCurrency?: number;
  currencyCode?: string;
  itemInvoiceCurrencyExchangeRate?: number;
}

export interface SimulationRequest {
  document: { typeOfDeclaration: string; generalProcedureCode: string };
  items: SimulationItem[];
  validityDate: string;
}

export interface TaxLine {
  code: string;
  label: string;
  labelTranslated: string | null;
  /** Ad valorem: the base in the national currency. Specific: the quantity in supplementary units. */
  base: number;
  /** Ad valorem: percent. Specific: national currency per unit. */
  rate: number;
  amount: number;
  /** Present (true) on per-unit taxes, which come from the sample specific rates. */
  specific?: true;
  sample?: true;
  unitCode?: string;
  unit?: string;
}

export interface SimulationResult {
  items: Array<{
    commodityCode: string;
    commodityDescription: string | null;
    statisticalValue: number;
    taxes: TaxLine[];
    totalItemTaxes: number;
  }>;
  /** The amount to pay or to secure: the sum of every item's taxes. */
  guaranteeAmount: number;
  currency: string;
  flow: Flow;
  validityDate: string;
}

/** A specific (per-unit) tax was asked without the item's supplementary quantity: answered 422. */
export class NotEnoughInformationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly taxCodes: string[],
    readonly items: Array<{ index: number; field: string; taxCodes: string[] }>,
  ) {
    super(`Cannot calculate ${taxCodes.join(', ')} tax, not enough information provided`);
  }

  toJSON() {
    return { error: 'NotEnoughInformation', message: this.message, taxCodes: this.taxCodes, items: this.items };
  }
}

/** Half-up to cents. */
export const roundAmount = (value: number) => Math.round(value * 100 + 1e-7) / 100;

/** A commodity code as typed (dots and spaces allowed), as stored: digits only. */
const normaliseCode = (code: string) => code.replace(/[.\s]/g, '');

const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: NO_NUL });
/** An amount of zero or more; null or absent when not given. */
const amount = (description: string) => ({ type: ['number', 'null'], minimum: 0, maximum: MAX_AMOUNT, description });

/** The request body, checked strictly (no text taken for a number, no unknown property) before parseSimulationRequest. */
export const SIMULATION_BODY_SCHEMA = declarationBodySchema(
  {
    type: 'object',
    required: ['commodityCode'],
    additionalProperties: false,
    properties: {
      commodityCode: { ...text(40), minLength: 1, description: 'Tariff line; dots and spaces allowed' },
      statisticalValue: amount(
        'Assessable value in the national currency (or statValueInForeignCurrency x itemInvoiceCurrencyExchangeRate)',
      ),
      statValueInForeignCurrency: amount('Value in the invoice currency'),
      itemInvoiceCurrencyExchangeRate: {
        ...amount('National currency per unit of the invoice currency'),
        minimum: undefined,
        exclusiveMinimum: 0,
      },
      supplementaryUnit: amount('Quantity in the supplementary unit (needed by specific taxes)'),
      currencyCode: { type: ['string', 'null'], pattern: '^([A-Za-z]{3})?$' },
      itemCountryOfOriginCode: { ...text(3), type: ['string', 'null'] },
      commodityDescription: { ...text(2000), type: ['string', 'null'] },
    },
  },
  { validityDate: VALIDITY_DATE_SCHEMA },
);

type Optional<T> = T | null | undefined;
interface SimulationBody {
  document: { typeOfDeclaration: string; generalProcedureCode?: Optional<string> };
  items: Array<{
    commodityCode: string;
    statisticalValue?: Optional<number>;
    statValueInForeignCurrency?: Optional<number>;
    itemInvoiceCurrencyExchangeRate?: Optional<number>;
    supplementaryUnit?: Optional<number>;
    currencyCode?: Optional<string>;
    itemCountryOfOriginCode?: Optional<string>;
    commodityDescription?: Optional<string>;
  }>;
  meta?: { validityDate?: Optional<string> };
}

const given = <T>(value: Optional<T>): T | undefined => (value === null ? undefined : value);

function parseItem(item: SimulationBody['items'][number], index: number): SimulationItem {
  const where = `items[${index}]`;
  const commodityCode = normaliseCode(item.commodityCode);
  if (commodityCode === '') throw new FieldError(`${where}.commodityCode`, 'is required');
  const statValueInForeignCurrency = given(item.statValueInForeignCurrency);
  const itemInvoiceCurrencyExchangeRate = given(item.itemInvoiceCurrencyExchangeRate);
  let statisticalValue = given(item.statisticalValue);
  if (statisticalValue === undefined) {
    // Without it, the value in the invoice currency times its rate gives the same figure.
    if (statValueInForeignCurrency === undefined || itemInvoiceCurrencyExchangeRate === undefined)
      throw new FieldError(`${where}.statisticalValue`, 'is required (or statValueInForeignCurrency and itemInvoiceCurrencyExchangeRate)');
    statisticalValue = roundAmount(statValueInForeignCurrency * itemInvoiceCurrencyExchangeRate);
    if (statisticalValue > MAX_AMOUNT)
      throw new FieldError(
        `${where}.statValueInForeignCurrency`,
        `times itemInvoiceCurrencyExchangeRate must be at most ${MAX_AMOUNT} (the largest statisticalValue)`,
      );
  }
  return {
    commodityCode,
    statisticalValue,
    supplementaryUnit: given(item.supplementaryUnit),
    itemCountryOfOriginCode: given(item.itemCountryOfOriginCode),
    commodityDescription: given(item.commodityDescription),
    statValueInForeignCurrency,
    currencyCode: given(item.currencyCode),
    itemInvoiceCurrencyExchangeRate,
  };
}

/** The request of a body that matches SIMULATION_BODY_SCHEMA: what the schema cannot say is checked here, naming the field. */
export function parseSimulationRequest(body: SimulationBody): SimulationRequest {
  const { typeOfDeclaration, generalProcedureCode } = declarationOf(
    body.document.typeOfDeclaration,
    given(body.document.generalProcedureCode),
  );
  if (!typeOfDeclaration) throw new FieldError('document.typeOfDeclaration', 'is required');
  if (!generalProcedureCode) throw new FieldError('document.generalProcedureCode', 'is required');
  const validityDate = given(body.meta?.validityDate) ?? today();
  if (!isCalendarDate(validityDate)) throw new FieldError('meta.validityDate', 'must be a date YYYY-MM-DD');
  const items = body.items.map(parseItem);
  return { document: { typeOfDeclaration, generalProcedureCode }, items, validityDate };
}

async function flowOf(database: Database, document: SimulationRequest['document'], validityDate: string): Promise<Flow> {
  const all = await allOf(database, 'modelOfDeclaration', validityDate, ['code', 'generalProcedureCode', 'flow']);
  if (!all.some((row) => row.code === document.typeOfDeclaration))
    throw new FieldError(
      'document.typeOfDeclaration',
      `unknown type of declaration ${JSON.stringify(document.typeOfDeclaration).slice(0, 40)}`,
    );
  const model = all.find((row) => row.code === document.typeOfDeclaration && row.generalProcedureCode === document.generalProcedureCode);
  if (!model)
    throw new FieldError(
      'document.generalProcedureCode',
      `no model of declaration ${document.typeOfDeclaration}-${document.generalProcedureCode}`,
    );
  return model.flow === '0' ? 'export' : 'import';
}

/**
 * Calculates every item's taxes: each tax of the declaration's flow, in the rules' order, on the sum of its
 * base terms (AV and the amounts of earlier taxes), at the rate of the commodity's tariff line, or per unit of
 * the supplementary quantity where a specific rate applies. Amounts are rounded to cents.
 */
export async function simulate(database: Database, rules: TaxRules, request: SimulationRequest): Promise<SimulationResult> {
  const { validityDate } = request;
  const flow = await flowOf(database, request.document, validityDate);
  const taxes = rules.taxes.filter((tax) => tax.flows.includes(flow));
  const taxRules = await lookupBy(
    database,
    'taxRule',
    taxes.map((tax) => tax.code),
    validityDate,
    { selectFields: ['code', 'description', 'descriptionTranslated', 'tariffColumn'] },
  );
  const columns = new Map<string, { column: string; label: string; labelTranslated: string | null }>();
  for (const tax of taxes) {
    const row = taxRules.get(tax.code);
    const column = String(row?.tariffColumn ?? '');
    if (!row || !/^tax\d{2}$/.test(column)) throw new Error(`No taxRule with a tariff column for ${tax.code} on ${validityDate}`);
    columns.set(tax.code, {
      column,
      label: String(row.description ?? tax.code),
      labelTranslated: (row.descriptionTranslated as string | null) ?? null,
    });
  }
  const lines = await lookupBy(
    database,
    'commodity',
    request.items.map((item) => item.commodityCode),
    validityDate,
    { selectFields: ['code', 'description', ...new Set([...columns.values()].map((entry) => entry.column))] },
  );
  const specificRates = new Map<string, SpecificRate>(rules.specificRates.lines.map((line) => [`${line.commodityCode}|${line.tax}`, line]));

  const missing: Array<{ index: number; field: string; taxCodes: string[] }> = [];
  const items = request.items.map((item, index) => {
    const line = lines.get(item.commodityCode);
    if (!line)
      throw new FieldError(
        `items[${index}].commodityCode`,
        `CET Tariff Not Found: no tariff line ${JSON.stringify(item.commodityCode).slice(0, 40)} valid on ${validityDate}`,
      );
    const amounts = new Map<string, number>([[ASSESSABLE_VALUE, item.statisticalValue]]);
    const lineTaxes: TaxLine[] = [];
    const unknown: string[] = [];
    for (const tax of taxes) {
      const { column, label, labelTranslated } = columns.get(tax.code)!;
      const specific = specificRates.get(`${item.commodityCode}|${tax.code}`);
      if (specific) {
        if (item.supplementaryUnit === undefined) {
          unknown.push(tax.code);
          continue;
        }
        const amount = roundAmount(item.supplementaryUnit * specific.ratePerUnit);
        amounts.set(tax.code, amount);
        lineTaxes.push({
          code: tax.code,
          label,
          labelTranslated,
          base: item.supplementaryUnit,
          rate: specific.ratePerUnit,
          amount,
          specific: true,
          ...(rules.specificRates.sample ? { sample: true as const } : {}),
          unitCode: specific.unitCode,
          unit: specific.unit,
        });
        continue;
      }
      const base = roundAmount(tax.base.reduce((sum, term) => sum + (amounts.get(term) ?? 0), 0));
      const rate = Number(line[column] ?? 0);
      const amount = roundAmount((base * rate) / 100);
      amounts.set(tax.code, amount);
      lineTaxes.push({ code: tax.code, label, labelTranslated, base, rate, amount });
    }
    if (unknown.length > 0) missing.push({ index, field: `items[${index}].supplementaryUnit`, taxCodes: unknown });
    return {
      commodityCode: item.commodityCode,
      commodityDescription: (line.description as string | null) ?? null,
      statisticalValue: item.statisticalValue,
      taxes: lineTaxes,
      totalItemTaxes: roundAmount(lineTaxes.reduce((sum, tax) => sum + tax.amount, 0)),
    };
  });
  if (missing.length > 0) throw new NotEnoughInformationError([...new Set(missing.flatMap((entry) => entry.taxCodes))], missing);
  return {
    items,
    guaranteeAmount: roundAmount(items.reduce((sum, item) => sum + item.totalItemTaxes, 0)),
    currency: rules.nationalCurrency,
    flow,
    validityDate,
  };
}
