import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { ManifestQuery, VesselStatus } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** The tool's UI state: the search shown, the vessel status chosen and the page of vessels shown (their answers are in the data layer). */
export interface ManifestState {
  /** null before the first search. */
  query: ManifestQuery | null;
  vesselStatus: VesselStatus | '';
  vesselPage: { page: number; size: number };
}

/** Page 1 of 10 rows. */
export const DEFAULT_PAGE = { page: 1, size: DEFAULT_PAGE_SIZE };

export const manifestSlice = createSlice({
  name: 'manifest',
  initialState: { query: null, vesselStatus: '', vesselPage: DEFAULT_PAGE } as ManifestState,
  reducers: {
    manifestSearchShown(state, action: PayloadAction<ManifestQuery>) {
      state.query = action.payload;
    },
    /** Another status lists its vessels from their first page (same page size). */
    vesselStatusChosen(state, action: PayloadAction<VesselStatus | ''>) {
      state.vesselStatus = action.payload;
      state.vesselPage.page = 1;
    },
    vesselPageShown(state, action: PayloadAction<{ page: number; size: number }>) {
      state.vesselPage = action.payload;
    },
  },
});

export const { manifestSearchShown, vesselStatusChosen, vesselPageShown } = manifestSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof manifestSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectManifest: (state: RootState) => ManifestState = manifestSlice.injectInto(rootReducer).selectSlice;
