import React, { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../app/store';

/** Sign in and sign up for visitors; for a signed-in user, a menu with name, e-mail, account page and sign out. */
export function AccountMenu({ language }: { language: string }) {
  const { t } = useTranslation('common');
  const { status, user } = useAppSelector((state) => state.auth);
  const [open, setOpen] = useState(false);
  const [accountHref, setAccountHref] = useState<string | undefined>();
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    void import('./session').then(({ accountUrl }) => setAccountHref(accountUrl()));
    const close = (event: MouseEvent | KeyboardEvent | FocusEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        // Escape gives the focus back to the button that opened the menu, as the main menu does.
        setOpen(false);
        toggle.current?.focus();
      } else if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    // A click or the focus outside the menu closes it (tabbing past "Sign out" leaves no menu over the page).
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    document.addEventListener('focusin', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
      document.removeEventListener('focusin', close);
    };
  }, [open]);

  if (status !== 'authenticated' || !user)
    return (
      <div className="account-actions">
        <button
          type="button"
          className="button button-outline sign-in"
          disabled={status === 'loading'}
          onClick={() => void import('./session').then(({ signIn }) => signIn({ locale: language }))}
        >
          {t('account.signIn')}
        </button>
        <button
          type="button"
          className="link-button sign-up"
          disabled={status === 'loading'}
          onClick={() => void import('./session').then(({ signUp }) => signUp({ locale: language }))}
        >
          {t('account.signUp')}
        </button>
      </div>
    );

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="button button-outline"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">{t('account.menu')}: </span>
        {user.name || user.username}
      </button>
      {open && (
        <div id={`${id}-menu`} className="account-panel">
          <p className="account-name">{user.name}</p>
          <p className="account-email">{user.email}</p>
          <ul>
            <li>
              <a href={accountHref ?? '#'}>{t('account.page')}</a>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => void import('./session').then(({ signOut }) => signOut(`${window.location.origin}/${language}/`))}
              >
                {t('account.signOut')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
