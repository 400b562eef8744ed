import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import { fetchExternalRates, type CentralBankRate, type ExternalRatesSearch } from './api';

export interface ExternalRatesState {
  search: ExternalRatesSearch | null;
  data: CentralBankRate[];
  totalCount: number;
  source: string | null;
  loading: boolean;
  error: boolean;
  searched: boolean;
}

const initialState: ExternalRatesState = {
  search: null,
  data: [],
  totalCount: 0,
  source: null,
  loading: false,
  error: false,
  searched: false,
};

export const searchExternalRates = createAsyncThunk(
  'externalRates/search',
  async (search: ExternalRatesSearch, { dispatch, rejectWithValue }) => {
    try {
      return await fetchExternalRates(search);
    } catch {
      dispatch(notify('error', 'notifications.centralBankFailed'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const externalRatesSlice = createSlice({
  name: 'externalRates',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(searchExternalRates.pending, (state, action) => {
        state.search = action.meta.arg;
        state.loading = true;
        state.error = false;
      })
      .addCase(searchExternalRates.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.data = action.payload.exchangeRates;
        state.totalCount = action.payload.totalCount;
        state.source = action.payload.source ?? null;
      })
      .addCase(searchExternalRates.rejected, (state) => {
        state.loading = false;
        state.searched = true;
        state.error = true;
        state.data = [];
        state.totalCount = 0;
      });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof externalRatesSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectExternalRates: (state: RootState) => ExternalRatesState = externalRatesSlice.injectInto(rootReducer).selectSlice;
