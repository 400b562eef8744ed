import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { TariffQuery } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** The tool's UI state: the search shown (its answer is in the data layer, keyed by the search). */
export interface TariffState {
  /** null before the first search. */
  query: TariffQuery | null;
}

export const DEFAULT_QUERY: TariffQuery = { keyword: '', code: '', page: 1, size: DEFAULT_PAGE_SIZE, sort: 'code', order: 'asc' };

export const tariffSlice = createSlice({
  name: 'tariff',
  initialState: { query: null } as TariffState,
  reducers: {
    searchShown(state, action: PayloadAction<TariffQuery>) {
      state.query = action.payload;
    },
  },
});

export const { searchShown } = tariffSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof tariffSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectTariff: (state: RootState) => TariffState = tariffSlice.injectInto(rootReducer).selectSlice;
