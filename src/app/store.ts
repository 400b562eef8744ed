import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { appSlice } from './appSlice';
import { notificationsSlice } from './notificationsSlice';
import { authSlice } from '../auth/authSlice';
import { api, dataListener } from './api';

/**
 * The tools' UI state, and their answers in the one data layer (api.ts). Each slice joins the store when
 * its code loads (its module injects itself and adds its key here), so content pages carry none of the
 * tools' code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(appSlice, notificationsSlice, authSlice, api).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (defaults) => defaults().prepend(dataListener.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
