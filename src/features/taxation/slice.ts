import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import { NotEnoughInformation, simulate, TariffNotFound, type SimulationResult, type TaxationInput } from './api';

export interface TaxationState {
  /** The input the result (or the failure) belongs to. */
  input: TaxationInput | null;
  data: SimulationResult | null;
  loading: boolean;
  error: boolean;
  /** Codes of the taxes that need more information (a specific tax without the supplementary unit). */
  missing: string[] | null;
  /** The commodity has no tariff line on the date. */
  tariffNotFound: boolean;
}

const initialState: TaxationState = { input: null, data: null, loading: false, error: false, missing: null, tariffNotFound: false };

export const runSimulation = createAsyncThunk<
  SimulationResult,
  TaxationInput,
  { rejectValue: { missing: string[] | null; tariffNotFound?: boolean } }
>('taxation/simulate', async (input, { dispatch, rejectWithValue }) => {
  try {
    return await simulate(input);
  } catch (error) {
    if (error instanceof NotEnoughInformation) return rejectWithValue({ missing: error.taxCodes });
    if (error instanceof TariffNotFound) return rejectWithValue({ missing: null, tariffNotFound: true });
    dispatch(notify('error', 'notifications.somethingWentWrong'));
    return rejectWithValue({ missing: null });
  }
});

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
        state.tariffNotFound = false;
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
        state.tariffNotFound = Boolean(action.payload?.tariffNotFound);
      });
  },
});

export const { clearSimulation } = taxationSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof taxationSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectTaxation: (state: RootState) => TaxationState = taxationSlice.injectInto(rootReducer).selectSlice;
