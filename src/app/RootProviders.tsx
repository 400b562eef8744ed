import React, { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { makeStore } from './store';

/** Providers around the whole app: one Redux store per browser session (per render on the server). */
export function RootProviders({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  return <Provider store={store}>{children}</Provider>;
}
