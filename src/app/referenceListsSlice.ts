import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { defaultSort, searchReference, type ReferenceRecord } from '../http/reference';
import { rootReducer, type RootState } from './store';

/** Reference lists kept for the whole visit: fetched once, each with its completion signal. */
export const CACHED_ENTITIES = [
  'commodity',
  'exchangeRate',
  'customsOffice',
  'extendedProcedure',
  'additionalProcedure',
  'modelOfDeclaration',
  'country',
  'attachedDocument',
] as const;
export type CachedEntity = (typeof CACHED_ENTITIES)[number];

export interface ReferenceList {
  data: ReferenceRecord[];
  totalCount: number;
  isLoading: boolean;
  /** Set once the list has been fetched (the completion signal). */
  loaded: boolean;
}

export type ReferenceListsState = Record<CachedEntity, ReferenceList>;

const empty = (): ReferenceList => ({ data: [], totalCount: 0, isLoading: false, loaded: false });
const initialState = Object.fromEntries(CACHED_ENTITIES.map((entity) => [entity, empty()])) as ReferenceListsState;

export const loadReferenceList = createAsyncThunk(
  'referenceLists/load',
  async (entity: CachedEntity) => searchReference(entity, { sortByFields: defaultSort(entity) }),
  {
    // Fetched once: not again while loading or after it completed.
    condition: (entity, { getState }) => {
      const list = selectReferenceLists(getState() as RootState)[entity];
      return !list.isLoading && !list.loaded;
    },
  },
);

export const referenceListsSlice = createSlice({
  name: 'referenceLists',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadReferenceList.pending, (state, action) => {
        state[action.meta.arg].isLoading = true;
      })
      .addCase(loadReferenceList.fulfilled, (state, action) => {
        state[action.meta.arg] = { data: action.payload.resultList, totalCount: action.payload.totalCount, isLoading: false, loaded: true };
      })
      .addCase(loadReferenceList.rejected, (state, action) => {
        // A failed reference list is only logged: the tools work without their suggestions.
        console.error(`Reference list ${action.meta.arg} could not be loaded`, action.error.message);
        state[action.meta.arg].isLoading = false;
      });
  },
});

declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof referenceListsSlice> {}
}

/** The lists in the store; they join it with the first tool that uses them. */
export const selectReferenceLists: (state: RootState) => ReferenceListsState = referenceListsSlice.injectInto(rootReducer).selectSlice;
