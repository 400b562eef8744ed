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
import { manifestSlice } from '../features/manifest/slice';
import { taxationSlice } from '../features/taxation/slice';
import { tradersGuideSlice } from '../features/tradersGuide/slice';
import { aiTariffSlice } from '../features/aiTariff/slice';

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
      manifest: manifestSlice.reducer,
      taxation: taxationSlice.reducer,
      tradersGuide: tradersGuideSlice.reducer,
      aiTariff: aiTariffSlice.reducer,
    },
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
