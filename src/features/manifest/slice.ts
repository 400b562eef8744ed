import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { ManifestQuery, VesselStatus } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** The tool's UI state: the search shown and the vessel status chosen (their answers are in the data layer). */
export interface ManifestState {
  /** null before the first search. */
  query: ManifestQuery | null;
  vesselStatus: VesselStatus | '';
}

/** Page 1 of 10 rows. */
export const DEFAULT_PAGE = { page: 1, size: DEFAULT_PAGE_SIZE };

export const manifestSlice = createSlice({
  name: 'manifest',
  initialState: { query: null, vesselStatus: '' } as ManifestState,
  reducers: {
    manifestSearchShown(state, action: PayloadAction<ManifestQuery>) {
      state.query = action.payload;
    },
    vesselStatusChosen(state, action: PayloadAction<VesselStatus | ''>) {
      state.vesselStatus = action.payload;
    },
  },
});

export const { manifestSearchShown, vesselStatusChosen } = manifestSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof manifestSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectManifest: (state: RootState) => ManifestState = manifestSlice.injectInto(rootReducer).selectSlice;
