import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import { fetchGuideConfig, fetchRequirements, type Consignment, type FieldError, type GuideConfig, type RequiredDocument } from './api';

export interface TradersGuideState {
  typeOfDeclaration: string;
  consignments: Consignment[];
  data: RequiredDocument[];
  fieldErrors: Record<number, FieldError[]>;
  loading: boolean;
  error: boolean;
  searched: boolean;
  config: GuideConfig | null;
}

/** Type of declaration IM, no data. */
const initialState: TradersGuideState = {
  typeOfDeclaration: 'IM',
  consignments: [],
  data: [],
  fieldErrors: {},
  loading: false,
  error: false,
  searched: false,
  config: null,
};

export const loadGuideConfig = createAsyncThunk('tradersGuide/config', fetchGuideConfig);

export const findDocuments = createAsyncThunk(
  'tradersGuide/find',
  async (_: void, { getState, dispatch, rejectWithValue }) => {
    const { typeOfDeclaration, consignments, config } = selectTradersGuide(getState() as RootState);
    try {
      return await fetchRequirements(typeOfDeclaration, consignments, config?.meta?.ruleTypes);
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

const cleared = (state: TradersGuideState) => {
  state.data = [];
  state.fieldErrors = {};
  state.searched = false;
  state.error = false;
};

export const tradersGuideSlice = createSlice({
  name: 'tradersGuide',
  initialState,
  reducers: {
    /** A new regime wipes the consignments added so far (the page asks first). */
    setTypeOfDeclaration(state, action: PayloadAction<string>) {
      state.typeOfDeclaration = action.payload;
      state.consignments = [];
      cleared(state);
    },
    addConsignment(state, action: PayloadAction<Consignment>) {
      state.consignments.push(action.payload);
      cleared(state);
    },
    removeConsignment(state, action: PayloadAction<number>) {
      state.consignments.splice(action.payload, 1);
      cleared(state);
    },
    /** Back to the defaults; the configuration (and the cached procedure suggestions) stay. */
    resetGuide(state) {
      return { ...initialState, config: state.config };
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadGuideConfig.fulfilled, (state, action) => {
        state.config = action.payload;
      })
      .addCase(findDocuments.pending, (state) => {
        state.loading = true;
        state.error = false;
      })
      .addCase(findDocuments.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.data = action.payload.documents;
        state.fieldErrors = action.payload.fieldErrors;
      })
      .addCase(findDocuments.rejected, (state) => {
        state.loading = false;
        state.searched = true;
        state.error = true;
        state.data = [];
        state.fieldErrors = {};
      });
  },
});

export const { setTypeOfDeclaration, addConsignment, removeConsignment, resetGuide } = tradersGuideSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof tradersGuideSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectTradersGuide: (state: RootState) => TradersGuideState = tradersGuideSlice.injectInto(rootReducer).selectSlice;
