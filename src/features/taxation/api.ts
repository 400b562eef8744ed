import axios from 'axios';
import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { answer, api, ToolError } from '../../app/api';

/** The simulation form (SPEC section 3). */
export interface TaxationInput {
  /** 'type-generalProcedureCode', e.g. 'IM-4'. */
  typeOfDeclaration: string;
  commodityCode: { value: string; description: string } | null;
  itemCountryOfOriginCode: string;
  statValueInForeignCurrency: string;
  currencyCode: { value: string; rate: number } | null;
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

export type InputErrors = Partial<Record<keyof TaxationInput, 'required' | 'number' | 'min'>>;

/** What the form lacks: every field but the supplementary unit is needed; values are positive numbers. */
export function inputErrors(input: TaxationInput): InputErrors {
  const errors: InputErrors = {};
  if (!input.typeOfDeclaration) errors.typeOfDeclaration = 'required';
  if (!input.commodityCode) errors.commodityCode = 'required';
  if (!input.itemCountryOfOriginCode) errors.itemCountryOfOriginCode = 'required';
  if (!input.currencyCode) errors.currencyCode = 'required';
  const value = input.statValueInForeignCurrency.trim();
  if (!value) errors.statValueInForeignCurrency = 'required';
  else if (!Number.isFinite(Number(value))) errors.statValueInForeignCurrency = 'number';
  else if (Number(value) <= 0) errors.statValueInForeignCurrency = 'min';
  const unit = input.supplementaryUnit.trim();
  if (unit && !Number.isFinite(Number(unit))) errors.supplementaryUnit = 'number';
  else if (unit && Number(unit) <= 0) errors.supplementaryUnit = 'min';
  return errors;
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

/** The commodity has no tariff line valid on the date (the service's "CET Tariff Not Found"). */
export class TariffNotFound extends ToolError {
  constructor() {
    super('tariffNotFound', 400);
  }
}

export async function simulate(input: TaxationInput): Promise<SimulationResult> {
  try {
    const { data } = await http.post<SimulationResult>(`${serviceUrls.taxation}simulate`, simulationRequest(input));
    return data;
  } catch (error) {
    const body = axios.isAxiosError(error) ? (error.response?.data as { taxCodes?: unknown; message?: unknown } | undefined) : undefined;
    if (body && Array.isArray(body.taxCodes) && body.taxCodes.length) throw new NotEnoughInformation(body.taxCodes.map(String));
    if (typeof body?.message === 'string' && body.message.includes('CET Tariff Not Found')) throw new TariffNotFound();
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
