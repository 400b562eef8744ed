import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import { REFERENCE_TABLES, type CodificationFilter, type CodificationPaging, type CodificationSearch, type ReferenceTable } from './api';
import { DEFAULT_PAGE_SIZE } from '../../components/Pager';

/** The tool's UI state: its configuration, the search shown and the record opened (their answers are in the data layer). */
export interface CodificationState {
  /** Configuration: the reference tables offered (kept by a reset). */
  config: { referenceTables: ReferenceTable[] };
  /** The filter of the search shown (the form's own changes stay in the form until it is sent). */
  filter: CodificationFilter;
  paging: CodificationPaging;
  /** null before the first search. */
  search: CodificationSearch | null;
  /** The key of the record whose detail panel is open. */
  detailKey: string | null;
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
  search: null,
  detailKey: null,
};

export const codificationSlice = createSlice({
  name: 'codification',
  initialState,
  reducers: {
    searchShown(state, action: PayloadAction<CodificationSearch>) {
      state.search = action.payload;
      state.filter = action.payload.filter;
      state.paging = action.payload.paging;
    },
    openDetail(state, action: PayloadAction<string>) {
      state.detailKey = action.payload;
    },
    closeDetail(state) {
      state.detailKey = null;
    },
    reset(state) {
      return { ...initialState, config: state.config };
    },
  },
});

export const { searchShown, openDetail, closeDetail, reset } = codificationSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof codificationSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectCodification: (state: RootState) => CodificationState = codificationSlice.injectInto(rootReducer).selectSlice;
