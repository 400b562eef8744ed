import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import { todayIso, type ConversionRequest, type RatesSearch } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** The tool's UI state: the rates search shown and the conversion asked for (their answers are in the data layer). */
export interface ExchangeRatesState {
  /** null before the first search. */
  search: RatesSearch | null;
  showDifference: boolean;
  conversion: ConversionRequest | null;
}

export const defaultSearch = (): RatesSearch => ({ key: '', dov: todayIso(), page: 1, size: DEFAULT_PAGE_SIZE, sort: 'code', order: '' });

const initialState: ExchangeRatesState = { search: null, showDifference: false, conversion: null };

export const exchangeRatesSlice = createSlice({
  name: 'exchangeRates',
  initialState,
  reducers: {
    ratesShown(state, action: PayloadAction<{ search: RatesSearch; showDifference: boolean }>) {
      state.search = action.payload.search;
      state.showDifference = action.payload.showDifference;
    },
    /** A conversion asked for; null clears the last one (the visitor's input was refused). */
    conversionAsked(state, action: PayloadAction<ConversionRequest | null>) {
      state.conversion = action.payload;
    },
  },
});

export const { ratesShown, conversionAsked } = exchangeRatesSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof exchangeRatesSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectExchangeRates: (state: RootState) => ExchangeRatesState = exchangeRatesSlice.injectInto(rootReducer).selectSlice;
