import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import { searchTariff, type TariffCode, type TariffQuery } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

export interface TariffState {
  query: TariffQuery;
  data: TariffCode[];
  totalCount: number;
  loading: boolean;
  error: boolean;
  /** Whether a search has run (an empty list before that is not "no results"). */
  searched: boolean;
}

export const DEFAULT_QUERY: TariffQuery = { keyword: '', code: '', page: 1, size: DEFAULT_PAGE_SIZE, sort: 'code', order: 'asc' };

const initialState: TariffState = { query: DEFAULT_QUERY, data: [], totalCount: 0, loading: false, error: false, searched: false };

export const runTariffSearch = createAsyncThunk(
  'tariff/search',
  async ({ query, language }: { query: TariffQuery; language: string }, { dispatch, rejectWithValue }) => {
    try {
      return await searchTariff(query, language);
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const tariffSlice = createSlice({
  name: 'tariff',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(runTariffSearch.pending, (state, action) => {
        state.query = action.meta.arg.query;
        state.loading = true;
        state.error = false;
      })
      .addCase(runTariffSearch.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.data = action.payload.items;
        state.totalCount = action.payload.totalCount;
      })
      .addCase(runTariffSearch.rejected, (state) => {
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
  export interface LazyLoadedSlices extends WithSlice<typeof tariffSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectTariff: (state: RootState) => TariffState = tariffSlice.injectInto(rootReducer).selectSlice;
