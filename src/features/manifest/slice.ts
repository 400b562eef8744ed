import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify, resolved } from '../../app/notificationsSlice';
import { fetchVessels, latestManifests, searchManifests, type Manifest, type ManifestQuery, type Vessel, type VesselStatus } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

export interface ManifestState {
  query: ManifestQuery | null;
  data: Manifest[];
  totalCount: number;
  loading: boolean;
  error: boolean;
  searched: boolean;
  latest: { data: Manifest[]; loading: boolean; error: boolean };
  vessels: {
    status: VesselStatus | '';
    data: Vessel[];
    totalCount: number;
    counts: Partial<Record<VesselStatus, number>>;
    loading: boolean;
    error: boolean;
  };
}

/** Page 1 of 10 rows. */
export const DEFAULT_PAGE = { page: 1, size: DEFAULT_PAGE_SIZE };

const initialState: ManifestState = {
  query: null,
  data: [],
  totalCount: 0,
  loading: false,
  error: false,
  searched: false,
  latest: { data: [], loading: false, error: false },
  vessels: { status: '', data: [], totalCount: 0, counts: {}, loading: false, error: false },
};

export const runManifestSearch = createAsyncThunk(
  'manifest/search',
  async (query: ManifestQuery, { dispatch, rejectWithValue }) => {
    try {
      const page = await searchManifests(query);
      // A search that works again takes away the notice of the one that failed.
      dispatch(resolved(['notifications.somethingWentWrong']));
      return page;
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const loadLatest = createAsyncThunk('manifest/latest', async (max: number, { dispatch, rejectWithValue }) => {
  try {
    return await latestManifests(max);
  } catch {
    dispatch(notify('error', 'notifications.somethingWentWrong'));
    return rejectWithValue(null);
  }
});

export const loadVessels = createAsyncThunk(
  'manifest/vessels',
  async (status: VesselStatus | '', { dispatch, rejectWithValue }) => {
    try {
      return await fetchVessels(status, 200);
    } catch {
      dispatch(notify('error', 'notifications.vesselsFailed'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const manifestSlice = createSlice({
  name: 'manifest',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(runManifestSearch.pending, (state, action) => {
        state.query = action.meta.arg;
        state.loading = true;
        state.error = false;
      })
      .addCase(runManifestSearch.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.data = action.payload.resultList;
        state.totalCount = action.payload.totalCount;
      })
      .addCase(runManifestSearch.rejected, (state) => {
        state.loading = false;
        state.searched = true;
        state.error = true;
        state.data = [];
        state.totalCount = 0;
      })
      .addCase(loadLatest.pending, (state) => {
        state.latest.loading = true;
        state.latest.error = false;
      })
      .addCase(loadLatest.fulfilled, (state, action) => {
        state.latest = { data: action.payload, loading: false, error: false };
      })
      .addCase(loadLatest.rejected, (state) => {
        state.latest = { data: [], loading: false, error: true };
      })
      .addCase(loadVessels.pending, (state, action) => {
        state.vessels.status = action.meta.arg;
        state.vessels.loading = true;
        state.vessels.error = false;
      })
      .addCase(loadVessels.fulfilled, (state, action) => {
        state.vessels = {
          status: state.vessels.status,
          data: action.payload.resultList,
          totalCount: action.payload.totalCount,
          counts: action.payload.statusCounts,
          loading: false,
          error: false,
        };
      })
      .addCase(loadVessels.rejected, (state) => {
        state.vessels = { ...state.vessels, data: [], totalCount: 0, loading: false, error: true };
      });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof manifestSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectManifest: (state: RootState) => ManifestState = manifestSlice.injectInto(rootReducer).selectSlice;
