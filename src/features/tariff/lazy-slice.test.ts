import { afterEach, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';

afterEach(() => vi.restoreAllMocks());

it('joins a store made before its code loaded (a tool page reached by client-side navigation)', async () => {
  const store = makeStore();
  expect(store.getState()).not.toHaveProperty('tariff');

  const { DEFAULT_QUERY, searchShown, selectTariff } = await import('./slice');
  const { tariffApi } = await import('./api');
  expect(selectTariff(store.getState())).toEqual({ query: null });

  vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ code: '09011110', description: 'Coffee' }], totalCount: 1 } });
  const query = { ...DEFAULT_QUERY, code: '0901' };
  store.dispatch(searchShown(query));
  const answer = await store.dispatch(tariffApi.endpoints.tariffSearch.initiate({ query, language: 'en' }));
  expect(store.getState()).toHaveProperty('tariff');
  expect(selectTariff(store.getState()).query).toEqual(query);
  expect(answer.data?.totalCount).toBe(1);
});
