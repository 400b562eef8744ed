import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { ExternalRatesSearch } from './api';

/** The tool's UI state: the search shown (its answer is in the data layer). */
export interface ExternalRatesState {
  /** null before the first search. */
  search: ExternalRatesSearch | null;
}

export const externalRatesSlice = createSlice({
  name: 'externalRates',
  initialState: { search: null } as ExternalRatesState,
  reducers: {
    centralBankSearchShown(state, action: PayloadAction<ExternalRatesSearch>) {
      state.search = action.payload;
    },
  },
});

export const { centralBankSearchShown } = externalRatesSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof externalRatesSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectExternalRates: (state: RootState) => ExternalRatesState = externalRatesSlice.injectInto(rootReducer).selectSlice;
