import React, { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AuthProvider } from '../auth/AuthProvider';
import { makeStore } from './store';

/** Providers around the whole app: one Redux store per browser session (per render on the server), and the sign-in session. */
export function RootProviders({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  return (
    <Provider store={store}>
      <AuthProvider>{children}</AuthProvider>
    </Provider>
  );
}
