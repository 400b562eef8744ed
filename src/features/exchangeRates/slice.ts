import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import {
  addDifference,
  currencyExists,
  fetchRates,
  publishedDateOf,
  ratesParams,
  todayIso,
  type ExchangeRate,
  type RatesSearch,
} from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** A currency the converter offers, with its rate on the chosen date. */
export interface CurrencyOption {
  label: string;
  value: string;
  rate: number;
}

export interface ConversionParams {
  dov: string;
  amount: number;
  currency: CurrencyOption;
}

export interface ExchangeRatesState {
  search: RatesSearch;
  showDifference: boolean;
  data: ExchangeRate[];
  totalCount: number;
  loading: boolean;
  error: boolean;
  searched: boolean;
  /** The previous day's call failed or had no rates: the rates show without a difference. */
  previousDayMissing: boolean;
  /** When the rates shown were published (null: none shown). */
  publishedDate: string | null;
  conversion: {
    params: ConversionParams | null;
    convertTotal: number | null;
    loading: boolean;
    /** Translation key (rates namespace) of why the last conversion gave no total. */
    error: string | null;
  };
  currencies: { dov: string | null; list: CurrencyOption[]; loading: boolean };
}

export const defaultSearch = (): RatesSearch => ({ key: '', dov: todayIso(), page: 1, size: DEFAULT_PAGE_SIZE, sort: 'code', order: '' });

const initialState: ExchangeRatesState = {
  search: defaultSearch(),
  showDifference: false,
  data: [],
  totalCount: 0,
  loading: false,
  error: false,
  searched: false,
  previousDayMissing: false,
  publishedDate: null,
  conversion: { params: null, convertTotal: null, loading: false, error: null },
  currencies: { dov: null, list: [], loading: false },
};

export const searchRates = createAsyncThunk(
  'exchangeRates/search',
  async ({ search, showDifference }: { search: RatesSearch; showDifference: boolean }, { dispatch, rejectWithValue }) => {
    let page;
    try {
      page = await fetchRates(ratesParams(search));
    } catch {
      dispatch(notify('error', 'notifications.ratesFailed'));
      return rejectWithValue(null);
    }
    const publishedDate = publishedDateOf(page.resultList);
    if (!showDifference) return { ...page, previousDayMissing: false, publishedDate };
    // The second call: the rates of the day before that publication, for the same currencies. Its failure only costs the difference.
    try {
      return { resultList: await addDifference(page.resultList), totalCount: page.totalCount, previousDayMissing: false, publishedDate };
    } catch {
      dispatch(notify('error', 'notifications.previousDayFailed'));
      return { ...page, previousDayMissing: true, publishedDate };
    }
  },
  LATEST_ONLY,
);

/** The currencies with a rate on a date, for the converter's choice. */
export const loadCurrencies = createAsyncThunk(
  'exchangeRates/currencies',
  async (dov: string, { dispatch, rejectWithValue }) => {
    try {
      const { resultList } = await fetchRates({ validityDate: dov, max: 10000 });
      return resultList.map<CurrencyOption>((row) => ({
        label: `${row.code} — ${row.description ?? row.code}`,
        value: row.code,
        rate: row.exchangeRate,
      }));
    } catch {
      dispatch(notify('error', 'notifications.currenciesFailed'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

/** Total = amount x the currency's rate on the date; no rate that day is an error. */
export const convertCurrency = createAsyncThunk(
  'exchangeRates/convert',
  async (params: { dov: string; amount: number; code: string; label: string }, { dispatch, rejectWithValue }) => {
    try {
      const { resultList } = await fetchRates({ validityDate: params.dov, currencies: params.code, max: 1 });
      const rate = resultList[0]?.exchangeRate;
      if (rate === undefined || rate === null) {
        let known: boolean;
        try {
          known = await currencyExists(params.code);
        } catch {
          dispatch(notify('error', 'notifications.currencyCodeFailed'));
          return rejectWithValue('converter.failed');
        }
        if (!known) return rejectWithValue('converter.notFound');
        dispatch(notify('error', 'notifications.convertFailed'));
        return rejectWithValue('converter.noRate');
      }
      const currency: CurrencyOption = { label: params.label, value: params.code, rate };
      return { params: { dov: params.dov, amount: params.amount, currency }, total: params.amount * rate };
    } catch {
      dispatch(notify('error', 'notifications.convertFailed'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const exchangeRatesSlice = createSlice({
  name: 'exchangeRates',
  initialState,
  reducers: {
    conversionFailed(state, action: PayloadAction<string>) {
      state.conversion = { params: null, convertTotal: null, loading: false, error: action.payload };
    },
    conversionCleared(state) {
      state.conversion = { params: null, convertTotal: null, loading: false, error: null };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchRates.pending, (state, action) => {
        state.search = action.meta.arg.search;
        state.showDifference = action.meta.arg.showDifference;
        state.loading = true;
        state.error = false;
      })
      .addCase(searchRates.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.data = action.payload.resultList;
        state.totalCount = action.payload.totalCount;
        state.previousDayMissing = action.payload.previousDayMissing;
        state.publishedDate = action.payload.publishedDate;
      })
      .addCase(searchRates.rejected, (state) => {
        state.loading = false;
        state.searched = true;
        state.error = true;
        state.data = [];
        state.totalCount = 0;
        state.previousDayMissing = false;
        state.publishedDate = null;
      })
      .addCase(loadCurrencies.pending, (state, action) => {
        state.currencies = { dov: action.meta.arg, list: [], loading: true };
      })
      .addCase(loadCurrencies.fulfilled, (state, action) => {
        if (state.currencies.dov === action.meta.arg) state.currencies = { dov: action.meta.arg, list: action.payload, loading: false };
      })
      .addCase(loadCurrencies.rejected, (state, action) => {
        if (state.currencies.dov === action.meta.arg) state.currencies.loading = false;
      })
      .addCase(convertCurrency.pending, (state) => {
        state.conversion.loading = true;
        state.conversion.error = null;
      })
      .addCase(convertCurrency.fulfilled, (state, action) => {
        state.conversion = { params: action.payload.params, convertTotal: action.payload.total, loading: false, error: null };
      })
      .addCase(convertCurrency.rejected, (state, action) => {
        state.conversion = {
          params: null,
          convertTotal: null,
          loading: false,
          error: typeof action.payload === 'string' ? action.payload : 'converter.failed',
        };
      });
  },
});

export const { conversionFailed, conversionCleared } = exchangeRatesSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof exchangeRatesSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectExchangeRates: (state: RootState) => ExchangeRatesState = exchangeRatesSlice.injectInto(rootReducer).selectSlice;
