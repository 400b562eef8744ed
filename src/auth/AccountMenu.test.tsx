import { describe, expect, it } from 'vitest';
import React from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nextProvider } from 'react-i18next';
import i18next from 'i18next';
import { makeStore } from '../app/store';
import { signedIn, type SessionUser } from './authSlice';
import { AccountMenu } from './AccountMenu';

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

describe('the account menu', () => {
  it('closes when the focus leaves it, as when a click does', async () => {
    const store = makeStore();
    store.dispatch(signedIn(user));
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: {} });
    render(
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>
          <AccountMenu language="en" />
          <a href="/en/">elsewhere</a>
        </I18nextProvider>
      </Provider>,
    );
    const toggle = screen.getByRole('button', { expanded: false });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    act(() => screen.getByText('elsewhere').focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
