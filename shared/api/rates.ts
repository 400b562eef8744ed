/** What the rate services answer (services/src/rates/, services/src/external-rates/), as the portal reads it, and the day-on-day difference both compute. */

/** The longest period a rate history answers, in days between its first and last (a little over ten years). */
export const HISTORY_MAX_DAYS = 3700;

/** The longest text the customs rates are searched with (a currency's code or name), in characters. */
export const MAX_RATE_SEARCH_LENGTH = 100;

/** One currency's customs rate on a date: units of the local currency (BDT) per unit of the currency. */
export interface ExchangeRate {
  code: string;
  description: string | null;
  descriptionTranslated: string | null;
  exchangeRate: number;
  /** The rate minus the previous day's; null where there is nothing to compare. */
  difference?: number | null;
  validFromDate: string;
  validToDate: string | null;
}

/**
 * Today's rate minus the previous day's, for the rows whose previous-day rate has a closed validity
 * (non-null validToDate): an open-ended previous rate is still the current one, so there is nothing to compare.
 */
export function withDifference(rows: ExchangeRate[], previous: ExchangeRate[]): ExchangeRate[] {
  const before = new Map(previous.map((row) => [row.code, row]));
  return rows.map((row) => {
    const earlier = before.get(row.code);
    const difference = earlier && earlier.validToDate !== null ? Math.round((row.exchangeRate - earlier.exchangeRate) * 1e6) / 1e6 : null;
    return { ...row, difference };
  });
}

/** A central bank's reference rate: units of the currency per unit of the bank's base currency. */
export interface CentralBankRate {
  currency: string;
  currencyName: string | null;
  /** The bank's quotation date (the latest on or before the date asked for). */
  date: string;
  rate: number;
  baseCurrency: string;
}
