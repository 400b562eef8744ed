import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { appSlice } from './appSlice';
import { notificationsSlice } from './notificationsSlice';
import { authSlice } from '../auth/authSlice';
import { latestOnlyMiddleware } from './latestOnly';

/**
 * State of the tools and of the reference lists they share. Each slice joins the store when its code
 * loads (its module injects itself and adds its key here), so content pages carry none of the tools' code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(appSlice, notificationsSlice, authSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export function makeStore() {
  return configureStore({ reducer: rootReducer, middleware: (defaults) => defaults().concat(latestOnlyMiddleware) });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
