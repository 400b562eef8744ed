import { loadFromTab, saveToTab } from '../../app/tabStorage';
import type { TaxationInput } from './api';

/** Where the simulation form is kept for the browser tab, so that a reload or a change of language loses nothing. */
export const TAXATION_STORAGE_KEY = 'guichet.taxation';

/** What is kept: what was typed and chosen; the currency by its code (its rate is read again, today's). */
export interface StoredTaxation {
  input: Omit<TaxationInput, 'currencyCode'>;
  currency: string | null;
  commodityText: string;
}

const TEXTS = ['typeOfDeclaration', 'itemCountryOfOriginCode', 'statValueInForeignCurrency', 'supplementaryUnit'] as const;

/** The form kept for this tab; null when there is none or it cannot be read. */
export function loadTaxation(): StoredTaxation | null {
  return loadFromTab(TAXATION_STORAGE_KEY, (stored) => {
    const value = stored as Partial<StoredTaxation> | null;
    const input = value?.input as Record<string, unknown> | undefined;
    if (!value || !input || typeof value.commodityText !== 'string') return null;
    if (!TEXTS.every((key) => typeof input[key] === 'string')) return null;
    if (value.currency !== null && typeof value.currency !== 'string') return null;
    const commodity = input.commodityCode as { value?: unknown; description?: unknown } | null;
    if (commodity !== null && (typeof commodity?.value !== 'string' || typeof commodity.description !== 'string')) return null;
    return value as StoredTaxation;
  });
}

/** Keeps the form for this tab; an empty form is not kept. */
export function saveTaxation(input: TaxationInput, commodityText: string): void {
  const { currencyCode, ...rest } = input;
  const empty =
    !commodityText && !rest.statValueInForeignCurrency && !rest.itemCountryOfOriginCode && !currencyCode && !rest.supplementaryUnit;
  saveToTab(TAXATION_STORAGE_KEY, empty ? null : { input: rest, currency: currencyCode?.value ?? null, commodityText });
}
