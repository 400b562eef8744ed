import React, { type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { renderHook } from '@testing-library/react';
import { makeStore } from '../app/store';

/** Renders a hook inside a store of its own, as a tool runs it; props change through rerender(). */
export function renderWithStore<Props, Result>(hook: (props: Props) => Result, initialProps: Props) {
  const store = makeStore();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { store, ...renderHook(hook, { wrapper, initialProps }) };
}
