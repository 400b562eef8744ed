import React, { type ReactElement, type ReactNode } from 'react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { render, renderHook } from '@testing-library/react';
import { makeStore } from '../app/store';

/** Renders a hook inside a store of its own, as a tool runs it; props change through rerender(). */
export function renderWithStore<Props, Result>(hook: (props: Props) => Result, initialProps: Props) {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(hook, { wrapper, initialProps }) };
}

/** A locale file of the portal (locales/{language}/{namespace}.json). */
export const localeOf = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

/** Renders a tool's component in a store of its own, in a language, with the texts of its namespace. */
export function renderInLanguage(element: ReactElement, language: string, namespace: string) {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: language,
    ns: [namespace],
    resources: { [language]: { [namespace]: localeOf(language, namespace) } },
    interpolation: { escapeValue: false },
  });
  return render(
    <Provider store={makeStore()}>
      <I18nextProvider i18n={i18n}>{element}</I18nextProvider>
    </Provider>,
  );
}
