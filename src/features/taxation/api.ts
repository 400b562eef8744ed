import axios from 'axios';
import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { answer, api, ToolError } from '../../app/api';
import { codeAsTyped, parseAmount } from '@guichet/shared/i18n/language';

/** The simulation form (SPEC section 3). */
export interface TaxationInput {
  /** 'type-generalProcedureCode', e.g. 'IM-4'. */
  typeOfDeclaration: string;
  commodityCode: { value: string; description: string } | null;
  itemCountryOfOriginCode: string;
  statValueInForeignCurrency: string;
  /** The currency and its rate in force today (published on `published`). */
  currencyCode: { value: string; rate: number; published?: string | null } | null;
  /** Quantity in the line's supplementary unit, needed by specific (per-unit) taxes. */
  supplementaryUnit: string;
}

export const EMPTY_INPUT: TaxationInput = {
  typeOfDeclaration: '',
  commodityCode: null,
  itemCountryOfOriginCode: '',
  statValueInForeignCurrency: '',
  currencyCode: null,
  supplementaryUnit: '',
};

export interface SimulationRequest {
  document: { typeOfDeclaration: string; generalProcedureCode: string };
  items: Array<{
    statisticalValue: number;
    itemCountryOfOriginCode: string;
    commodityCode: string;
    commodityDescription: string;
    statValueInForeignCurrency: number;
    currencyCode: string;
    itemInvoiceCurrencyExchangeRate: number;
    supplementaryUnit?: number;
  }>;
}

export interface Tax {
  code: string;
  label: string;
  base: number;
  rate: number;
  amount: number;
  /** Per-unit tax: rate is an amount per unit of the supplementary unit. */
  specific?: boolean;
  unit?: string | null;
  sample?: boolean;
}

export interface SimulationResult {
  items: Array<{ taxes: Tax[]; totalItemTaxes: number }>;
  guaranteeAmount: number;
  currency: string;
}

export type InputErrors = Partial<Record<keyof TaxationInput, 'required' | 'number' | 'ambiguous' | 'min' | 'notTariffLine'>>;

/** The code of a commodity as typed: "6109.10.00", "61091000" or "٦١٠٩١٠٠٠" -> "61091000" (null when it is not all digits). */
export function typedCode(text: string): string | null {
  const code = codeAsTyped(text);
  return /^\d+$/.test(code) ? code : null;
}

/**
 * A number of the form as typed (SPEC: values are positive numbers): Western, Arabic-Indic (٠-٩, ٫ decimal mark,
 * ٬ grouping) or Bengali (০-৯) digits, with the page language's decimal and grouping marks (the converter's parser).
 */
const numberError = (text: string, language: string): InputErrors[keyof TaxationInput] | null => {
  // A number with a minus sign (hyphen, minus sign or full-width hyphen, a direction mark before it) is a number
  // below 0: it is named as such, not as something other than a number.
  const negative = /^[\u200e\u200f\u061c]*[-\u2212\ufe63\uff0d]\s*/.exec(text.trim());
  const parsed = parseAmount(negative ? text.trim().slice(negative[0].length) : text, language);
  if ('error' in parsed) return parsed.error === 'ambiguous' ? 'ambiguous' : 'number';
  return negative || parsed.value <= 0 ? 'min' : null;
};

/**
 * What the form lacks: every field but the supplementary unit is needed; values are positive numbers. A commodity
 * typed but not found among the tariff lines is named as such, not as missing (an all-digit code goes to the service,
 * which knows every tariff line: see TaxationSimulation).
 */
export function inputErrors(input: TaxationInput, language = 'en', commodityText = ''): InputErrors {
  const errors: InputErrors = {};
  if (!input.typeOfDeclaration) errors.typeOfDeclaration = 'required';
  if (!input.commodityCode) errors.commodityCode = commodityText.trim() ? 'notTariffLine' : 'required';
  if (!input.itemCountryOfOriginCode) errors.itemCountryOfOriginCode = 'required';
  if (!input.currencyCode) errors.currencyCode = 'required';
  const value = input.statValueInForeignCurrency.trim();
  const valueError = value ? numberError(value, language) : 'required';
  if (valueError) errors.statValueInForeignCurrency = valueError;
  const unit = input.supplementaryUnit.trim();
  const unitError = unit ? numberError(unit, language) : null;
  if (unitError) errors.supplementaryUnit = unitError;
  return errors;
}

/** The form's numbers as the service takes them ("١٠٬٠٠٠٫٥" -> "10000.5"); call once inputErrors found nothing. */
export function normalizedInput(input: TaxationInput, language = 'en'): TaxationInput {
  const plain = (text: string) => {
    const parsed = parseAmount(text, language);
    return text.trim() && 'value' in parsed ? String(parsed.value) : text.trim();
  };
  return {
    ...input,
    statValueInForeignCurrency: plain(input.statValueInForeignCurrency),
    supplementaryUnit: plain(input.supplementaryUnit),
  };
}

const cents = (value: number) => Math.round(value * 100) / 100;

/** The service's request: statisticalValue = rate x foreign value (national currency). */
export function simulationRequest(input: TaxationInput): SimulationRequest {
  const [typeOfDeclaration, generalProcedureCode] = input.typeOfDeclaration.split('-');
  const foreign = Number(input.statValueInForeignCurrency);
  const rate = input.currencyCode!.rate;
  const unit = input.supplementaryUnit.trim();
  return {
    document: { typeOfDeclaration, generalProcedureCode },
    items: [
      {
        statisticalValue: cents(rate * foreign),
        itemCountryOfOriginCode: input.itemCountryOfOriginCode,
        commodityCode: input.commodityCode!.value,
        commodityDescription: input.commodityCode!.description,
        statValueInForeignCurrency: foreign,
        currencyCode: input.currencyCode!.value,
        itemInvoiceCurrencyExchangeRate: rate,
        ...(unit ? { supplementaryUnit: Number(unit) } : {}),
      },
    ],
  };
}

/** The service could not compute some taxes (a specific tax without its quantity): their codes (details). */
export class NotEnoughInformation extends ToolError {
  constructor(taxCodes: string[]) {
    super('notEnoughInformation', 400, taxCodes);
  }
}

/** The commodity has no tariff line valid on the date (the service's 400 "CET Tariff Not Found"); details: the code. */
export class TariffNotFound extends ToolError {
  constructor(code: string) {
    super('tariffNotFound', 400, code);
  }
}

export async function simulate(input: TaxationInput): Promise<SimulationResult> {
  try {
    const { data } = await http.post<SimulationResult>(`${serviceUrls.taxation}simulate`, simulationRequest(input));
    return data;
  } catch (error) {
    const response = axios.isAxiosError(error) ? error.response : undefined;
    const body = response?.data as { taxCodes?: unknown; message?: unknown; field?: unknown } | undefined;
    if (body && Array.isArray(body.taxCodes) && body.taxCodes.length) throw new NotEnoughInformation(body.taxCodes.map(String));
    // A 400 naming an item's commodity code (field "items[0].commodityCode"), or the service's message.
    const commodityField = response?.status === 400 && typeof body?.field === 'string' && /\.commodityCode$/.test(body.field);
    if (commodityField || (typeof body?.message === 'string' && body.message.includes('CET Tariff Not Found')))
      throw new TariffNotFound(input.commodityCode?.value ?? '');
    throw error;
  }
}

export const taxationApi = api.injectEndpoints({
  endpoints: (build) => ({
    // A simulation is a computation: it changes nothing, but its input is a form's, sent when asked.
    simulation: build.mutation<SimulationResult, TaxationInput>({
      queryFn: (input) => answer(simulate(input), 'notifications.somethingWentWrong'),
    }),
  }),
});

export const { useSimulationMutation } = taxationApi;
