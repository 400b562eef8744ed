import { beforeAll, describe, expect, it } from 'vitest';
import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { makeStore } from '../app/store';
import { signedIn, signedOut, type SessionUser } from './authSlice';
import { ProtectedRoute } from './ProtectedRoute';
import { AccountMenu } from './AccountMenu';

// The menu loads the session module when it first renders (AccountMenu.tsx): loaded here first, no import of it is
// left pending when a test ends and its worker closes.
beforeAll(async () => {
  await import('./session');
});

const user = {
  username: 'trader@guichet.local',
  firstName: 'Test',
  lastName: 'Trader',
  name: 'Test Trader',
  email: 'trader@guichet.local',
  sessionId: 's',
  subject: 'u',
  expiresAt: 2_000_000_000,
  issuedAt: 1_900_000_000,
  clientId: 'guichet-portal',
  realmRoles: [],
  resourceRoles: {},
} satisfies SessionUser;

/** Renders the nodes with a store in that state and English texts (keys where none is given). */
async function renderWith(nodes: React.ReactNode, state: (store: ReturnType<typeof makeStore>) => void, texts: object = {}) {
  const store = makeStore();
  state(store);
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { common: texts } } });
  render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>{nodes}</I18nextProvider>
    </Provider>,
  );
  return store;
}

describe('the account menu and protected pages', () => {
  it('closes when the focus leaves it, as when a click does', async () => {
    await renderWith(
      <>
        <AccountMenu language="en" />
        <a href="/en/">elsewhere</a>
      </>,
      (store) => store.dispatch(signedIn(user)),
    );
    const toggle = screen.getByRole('button', { expanded: false });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByText('elsewhere').focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('gives the focus back to its button on Escape', async () => {
    await renderWith(<AccountMenu language="en" />, (store) => store.dispatch(signedIn(user)));
    const toggle = screen.getByRole('button', { expanded: false });
    fireEvent.click(toggle);
    act(() => screen.getByRole('link', { name: 'account.page' }).focus());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('on a protected page after an hour without activity, says so and offers to sign in rather than leaving', async () => {
    const store = await renderWith(
      <ProtectedRoute language="en">
        <p>private</p>
      </ProtectedRoute>,
      (created) => created.dispatch(signedOut({ idle: true })),
      { account: { idleSignedOut: 'Signed out after an hour', signIn: 'Sign in' } },
    );
    expect(screen.getByText('Signed out after an hour')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('private')).toBeNull();
    // Signing in again forgets it.
    store.dispatch(signedIn(user));
    expect(store.getState().auth.endedByIdle).toBe(false);
  });
});
