import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { notify } from '../../app/notificationsSlice';
import { NotEnoughInformation, simulate, type SimulationResult, type TaxationInput } from './api';

export interface TaxationState {
  /** The input the result (or the failure) belongs to. */
  input: TaxationInput | null;
  data: SimulationResult | null;
  loading: boolean;
  error: boolean;
  /** Codes of the taxes that need more information (a specific tax without the supplementary unit). */
  missing: string[] | null;
}

const initialState: TaxationState = { input: null, data: null, loading: false, error: false, missing: null };

export const runSimulation = createAsyncThunk<SimulationResult, TaxationInput, { rejectValue: { missing: string[] | null } }>(
  'taxation/simulate',
  async (input, { dispatch, rejectWithValue }) => {
    try {
      return await simulate(input);
    } catch (error) {
      if (error instanceof NotEnoughInformation) return rejectWithValue({ missing: error.taxCodes });
      dispatch(notify('error', 'notifications.somethingWentWrong'));
      return rejectWithValue({ missing: null });
    }
  },
);

export const taxationSlice = createSlice({
  name: 'taxation',
  initialState,
  reducers: {
    clearSimulation: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(runSimulation.pending, (state, action) => {
        state.input = action.meta.arg;
        state.loading = true;
        state.error = false;
        state.missing = null;
      })
      .addCase(runSimulation.fulfilled, (state, action) => {
        state.loading = false;
        state.data = action.payload;
      })
      // A failure clears the simulated data.
      .addCase(runSimulation.rejected, (state, action) => {
        state.loading = false;
        state.error = true;
        state.data = null;
        state.missing = action.payload?.missing ?? null;
      });
  },
});

export const { clearSimulation } = taxationSlice.actions;
