import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { LATEST_ONLY } from '../../app/latestOnly';
import { rootReducer, type RootState } from '../../app/store';
import { notify } from '../../app/notificationsSlice';
import type { ReferenceRecord } from '../../http/reference';
import {
  fetchDetail,
  impossibleExtendedProcedure,
  REFERENCE_TABLES,
  searchCodification,
  type CodificationFilter,
  type CodificationPaging,
  type ReferenceTable,
} from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

export interface CodificationState {
  /** Configuration: the reference tables offered (kept when a failed search resets the rest). */
  config: { referenceTables: ReferenceTable[] };
  filter: CodificationFilter;
  paging: CodificationPaging;
  /** The table the results come from (the filter's choice may have changed since). */
  table: ReferenceTable | null;
  data: ReferenceRecord[];
  totalCount: number;
  loading: boolean;
  error: boolean;
  searched: boolean;
  detail: { key: string; data: ReferenceRecord | null; loading: boolean; error: boolean } | null;
}

export const EMPTY_FILTER: CodificationFilter = {
  referenceTable: null,
  code: '',
  codeCondition: '',
  description: '',
  descriptionCondition: '',
  address: '',
  addressCondition: '',
};
export const DEFAULT_PAGING: CodificationPaging = { pageNumber: 0, size: DEFAULT_PAGE_SIZE, sort: 'code', order: 'ASC' };

const initialState: CodificationState = {
  config: { referenceTables: REFERENCE_TABLES.map((item) => item.value) },
  filter: EMPTY_FILTER,
  paging: DEFAULT_PAGING,
  table: null,
  data: [],
  totalCount: 0,
  loading: false,
  error: false,
  searched: false,
  detail: null,
};

export const searchCodes = createAsyncThunk(
  'codification/search',
  async (
    {
      filter,
      paging,
      translated,
      language,
    }: { filter: CodificationFilter; paging: CodificationPaging; translated: boolean; language?: string },
    { dispatch, rejectWithValue },
  ) => {
    // A code that cannot exist gives an empty result without a call.
    if (impossibleExtendedProcedure(filter)) return { resultList: [], totalCount: 0 };
    try {
      return await searchCodification(filter, paging, translated, language);
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
      return rejectWithValue(null);
    }
  },
  LATEST_ONLY,
);

export const openDetail = createAsyncThunk('codification/detail', async ({ table, key }: { table: ReferenceTable; key: string }) =>
  fetchDetail(table, key),
);

export const codificationSlice = createSlice({
  name: 'codification',
  initialState,
  reducers: {
    closeDetail(state) {
      state.detail = null;
    },
    reset(state) {
      return { ...initialState, config: state.config };
    },
    setFilter(state, action: PayloadAction<CodificationFilter>) {
      state.filter = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(searchCodes.pending, (state, action) => {
        state.filter = action.meta.arg.filter;
        state.paging = action.meta.arg.paging;
        state.loading = true;
        state.error = false;
      })
      .addCase(searchCodes.fulfilled, (state, action) => {
        state.loading = false;
        state.searched = true;
        state.table = state.filter.referenceTable;
        state.data = action.payload.resultList;
        state.totalCount = action.payload.totalCount;
        if (state.detail && !state.data.length) state.detail = null;
      })
      // A failed search resets the state, except the configuration.
      .addCase(searchCodes.rejected, (state) => ({ ...initialState, config: state.config, error: true, searched: true }))
      // The panel opens as soon as the selected record starts loading.
      .addCase(openDetail.pending, (state, action) => {
        state.detail = { key: action.meta.arg.key, data: null, loading: true, error: false };
      })
      .addCase(openDetail.fulfilled, (state, action) => {
        if (state.detail?.key === action.meta.arg.key)
          state.detail = { key: action.meta.arg.key, data: action.payload, loading: false, error: false };
      })
      .addCase(openDetail.rejected, (state, action) => {
        if (state.detail?.key === action.meta.arg.key) state.detail = { key: action.meta.arg.key, data: null, loading: false, error: true };
      });
  },
});

export const { closeDetail, reset, setFilter } = codificationSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof codificationSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectCodification: (state: RootState) => CodificationState = codificationSlice.injectInto(rootReducer).selectSlice;
