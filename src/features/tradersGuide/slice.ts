import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';
import type { Consignment } from './api';

/** The tool's UI state: the regime, its consignments and whether their documents were asked for (the answer is in the data layer). */
export interface TradersGuideState {
  typeOfDeclaration: string;
  consignments: Consignment[];
  /** The documents of these consignments were asked for: cleared by any change to them. */
  asked: boolean;
}

/** Type of declaration IM, no consignments. */
const initialState: TradersGuideState = { typeOfDeclaration: 'IM', consignments: [], asked: false };

export const tradersGuideSlice = createSlice({
  name: 'tradersGuide',
  initialState,
  reducers: {
    /** A new regime wipes the consignments added so far (the page asks first). */
    setTypeOfDeclaration(state, action: PayloadAction<string>) {
      state.typeOfDeclaration = action.payload;
      state.consignments = [];
      state.asked = false;
    },
    addConsignment(state, action: PayloadAction<Consignment>) {
      state.consignments.push(action.payload);
      state.asked = false;
    },
    removeConsignment(state, action: PayloadAction<number>) {
      state.consignments.splice(action.payload, 1);
      state.asked = false;
    },
    /** The regime and consignments kept for the browser tab, back after a reload (never over consignments already added). */
    guideRestored(state, action: PayloadAction<{ typeOfDeclaration: string; consignments: Consignment[] }>) {
      if (state.consignments.length || !action.payload.consignments.length) return;
      state.typeOfDeclaration = action.payload.typeOfDeclaration;
      state.consignments = action.payload.consignments;
      state.asked = false;
    },
    documentsAsked(state) {
      state.asked = true;
    },
    resetGuide: () => initialState,
  },
});

export const { setTypeOfDeclaration, addConsignment, removeConsignment, guideRestored, documentsAsked, resetGuide } =
  tradersGuideSlice.actions;

declare module '../../app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof tradersGuideSlice> {}
}

/** The tool's state in the store (its initial state until an action of the tool reaches the store). */
export const selectTradersGuide: (state: RootState) => TradersGuideState = tradersGuideSlice.injectInto(rootReducer).selectSlice;
