import React, { useEffect, type ReactNode } from 'react';
import { useAppDispatch } from '../app/store';
import { signedIn, signedOut } from './authSlice';
import { notify } from '../app/notificationsSlice';

/** Starts the session when the app runs in a browser and keeps the store's view of it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void import('./session').then(({ startSession }) =>
      startSession({
        onSignedIn: (user) => dispatch(signedIn(user)),
        onSignedOut: (idle) => {
          dispatch(signedOut({ idle }));
          if (idle) dispatch(notify('info', 'account.idleSignedOut'));
        },
      }),
    );
  }, [dispatch]);
  return <>{children}</>;
}
