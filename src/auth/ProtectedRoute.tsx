import React, { useEffect, type ReactNode } from 'react';
import { navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/store';
import { hasAnyRole } from './authSlice';

interface ProtectedRouteProps {
  language: string;
  /** Any of these roles grants access; none listed: any signed-in user. */
  roles?: readonly string[];
  /** Shown instead of going to /{lang}/access-denied/ when the roles do not match. */
  denied?: ReactNode;
  children: ReactNode;
}

/** Content that needs sign-in: visitors go to sign in and come back here; wrong roles are denied; a loader meanwhile. */
export function ProtectedRoute({ language, roles, denied, children }: ProtectedRouteProps) {
  const { t } = useTranslation('common');
  const { status, user, endedByIdle } = useAppSelector((state) => state.auth);
  const granted = status === 'authenticated' && hasAnyRole(user, roles);

  useEffect(() => {
    void import('./session').then(({ requireSignIn }) => requireSignIn(true));
    return () => void import('./session').then(({ requireSignIn }) => requireSignIn(false));
  }, []);

  useEffect(() => {
    // Signed out by inactivity, the page says so and offers to sign in, rather than leaving for the sign-in page unexplained.
    if (status === 'anonymous' && !endedByIdle) void import('./session').then(({ signIn }) => signIn({ locale: language }));
    else if (status === 'authenticated' && !granted && !denied) void navigate(`/${language}/access-denied/`, { replace: true });
  }, [status, granted, denied, language, endedByIdle]);

  if (granted) return <>{children}</>;
  if (status === 'authenticated' && denied) return <>{denied}</>;
  if (status === 'anonymous' && endedByIdle)
    return (
      <div className="notice-inline" role="status">
        <p>{t('account.idleSignedOut')}</p>
        <button
          type="button"
          className="button"
          onClick={() => void import('./session').then(({ signIn }) => signIn({ locale: language }))}
        >
          {t('account.signIn')}
        </button>
      </div>
    );
  return (
    <p className="loading" role="status">
      {status === 'anonymous' ? t('account.redirecting') : t('account.loading')}
    </p>
  );
}
