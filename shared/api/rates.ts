/** What the rate services answer (services/src/rates/, services/src/external-rates/), as the portal reads it. */

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

/** A central bank's reference rate: units of the currency per unit of the bank's base currency. */
export interface CentralBankRate {
  currency: string;
  currencyName: string | null;
  /** The bank's quotation date (the latest on or before the date asked for). */
  date: string;
  rate: number;
  baseCurrency: string;
}
