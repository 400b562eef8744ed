import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { appSlice } from './appSlice';
import { notificationsSlice } from './notificationsSlice';
import { referenceListsSlice } from './referenceListsSlice';
import { authSlice } from '../auth/authSlice';
import { tariffSlice } from '../features/tariff/slice';
import { exchangeRatesSlice } from '../features/exchangeRates/slice';
import { externalRatesSlice } from '../features/externalRates/slice';
import { codificationSlice } from '../features/codification/slice';

export function makeStore() {
  return configureStore({
    reducer: {
      app: appSlice.reducer,
      notifications: notificationsSlice.reducer,
      auth: authSlice.reducer,
      referenceLists: referenceListsSlice.reducer,
      tariff: tariffSlice.reducer,
      exchangeRates: exchangeRatesSlice.reducer,
      externalRates: externalRatesSlice.reducer,
      codification: codificationSlice.reducer,
    },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
