import { afterEach, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';

afterEach(() => vi.restoreAllMocks());

it('joins a store made before its code loaded (a tool page reached by client-side navigation)', async () => {
  const store = makeStore();
  expect(store.getState()).not.toHaveProperty('tariff');

  const { DEFAULT_QUERY, runTariffSearch, selectTariff } = await import('./slice');
  expect(selectTariff(store.getState())).toMatchObject({ data: [], loading: false, searched: false });

  vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ code: '09011110', description: 'Coffee' }], totalCount: 1 } });
  await store.dispatch(runTariffSearch({ query: { ...DEFAULT_QUERY, code: '0901' }, language: 'en' }));
  expect(store.getState()).toHaveProperty('tariff');
  expect(selectTariff(store.getState())).toMatchObject({ loading: false, searched: true, totalCount: 1 });
});
