import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface Crumb {
  label: string;
  /** Path without the language prefix; absent for the current page. */
  path?: string;
}

export interface AppState {
  /** The breadcrumb trail of each visited pathname. */
  breadcrumbs: Record<string, Crumb[]>;
  /** The last page URL visited, kept as an app setting. */
  lastPageUrl: string | null;
}

const initialState: AppState = { breadcrumbs: {}, lastPageUrl: null };

export const appSlice = createSlice({
  name: 'app',
  initialState,
  reducers: {
    pageVisited(state, action: PayloadAction<{ pathname: string; crumbs: Crumb[] }>) {
      state.breadcrumbs[action.payload.pathname] = action.payload.crumbs;
      state.lastPageUrl = action.payload.pathname;
    },
  },
});

export const { pageVisited } = appSlice.actions;
