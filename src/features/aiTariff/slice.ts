import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { fetchDetails, listPredictions, type CodeDetails, type PredictionList } from './api';

export interface AiTariffState {
  query: string;
  data: PredictionList | null;
  loading: boolean;
  /** The list fetch failed. */
  error: boolean;
  /** The finder answered that it is busy (429): retry after this many seconds. */
  busyFor: number | null;
  /** Details per HS code, each with its own loading and error (no notification for these). */
  details: Record<string, { data: CodeDetails | null; loading: boolean; error: boolean }>;
}

const initialState: AiTariffState = { query: '', data: null, loading: false, error: false, busyFor: null, details: {} };

/** Seconds to wait when the service answered 429 (Retry-After, at least 1), else null. */
export function busyFor(error: unknown): number | null {
  const response = (error as { response?: { status?: number; headers?: Record<string, unknown> } }).response;
  if (response?.status !== 429) return null;
  const seconds = Number(response.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
}

export const searchPredictions = createAsyncThunk(
  'aiTariff/list',
  async ({ query, language }: { query: string; language: string }, { rejectWithValue }) => {
    try {
      return await listPredictions(query, language);
    } catch (error) {
      return rejectWithValue(busyFor(error));
    }
  },
  LATEST_ONLY,
);
export const loadDetails = createAsyncThunk('aiTariff/details', (hsCode: string) => fetchDetails(hsCode), {
  condition: (hsCode, { getState }) => {
    const known = selectAiTariff(getState() as RootState).details[hsCode];
    return !known || known.error;
  },
});

export const aiTariffSlice = createSlice({
  name: 'aiTariff',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(searchPredictions.pending, (state, action) => {
        state.query = action.meta.arg.query;
        state.loading = true;
        state.error = false;
        state.busyFor = null;
      })
      .addCase(searchPredictions.fulfilled, (state, action) => {
        if (action.meta.arg.query !== state.query) return;
        state.loading = false;
        state.data = action.payload;
      })
      .addCase(searchPredictions.rejected, (state, action) => {
        if (action.meta.arg.query !== state.query) return;
        state.loading = false;
        state.error = true;
        state.busyFor = typeof action.payload === 'number' ? action.payload : null;
        state.data = null;
      })
      .addCase(loadDetails.pending, (state, action) => {
        state.details[action.meta.arg] = { data: null, loading: true, error: false };
      })
      .addCase(loadDetails.fulfilled, (state, action) => {
        state.details[action.meta.arg] = { data: action.payload, loading: false, error: false };
      })
      .addCase(loadDetails.rejected, (state, action) => {
        state.details[action.meta.arg] = { data: null, loading: false, error: true };
      });
  },
});

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof aiTariffSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectAiTariff: (state: RootState) => AiTariffState = aiTariffSlice.injectInto(rootReducer).selectSlice;
