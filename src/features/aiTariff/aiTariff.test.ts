import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import { convertKeys, FINDER_TIMEOUT_MS, listPredictions, shownProbability } from './api';
import { loadDetails, searchPredictions, selectAiTariff } from './slice';

afterEach(() => vi.restoreAllMocks());

describe('the tariff finder client', () => {
  it('sends snake_case keys, credentials, no-cache and the tenant with a 15 s time-out; reads camelCase keys', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: { query: 'x', confident: true, predictions: [{ hs_code: '6109.10', probability: 0.8, children: [{ short_code: '00' }] }] },
    });
    const answer = await listPredictions("men's cotton t-shirt");
    const [url, config] = get.mock.calls[0];
    expect(url).toBe('/ai-tariff-service/list');
    expect(config).toMatchObject({
      params: { query: "men's cotton t-shirt" },
      timeout: FINDER_TIMEOUT_MS,
      withCredentials: true,
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache', tenantKey: 'gn' },
    });
    expect(FINDER_TIMEOUT_MS).toBe(15000);
    expect(answer.predictions[0]).toMatchObject({ hsCode: '6109.10', children: [{ shortCode: '00' }] });
    expect(convertKeys({ hsCode: 'a', nested: [{ someKey: 1 }] }, (key) => key.toUpperCase())).toEqual({
      HSCODE: 'a',
      NESTED: [{ SOMEKEY: 1 }],
    });
    expect(shownProbability(0.8049)).toBe('0.80');
  });
  it('logs and re-throws errors; the list keeps an error flag and details an error per HS code, with no notification', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('timeout of 15000ms exceeded'));
    await store.dispatch(searchPredictions('laptop'));
    await store.dispatch(loadDetails('847130'));
    const state = store.getState();
    expect(selectAiTariff(state)).toMatchObject({
      error: true,
      data: null,
      loading: false,
      details: { '847130': { error: true, loading: false } },
    });
    expect(state.notifications).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(2);
    expect(selectAiTariff(state).busyFor).toBeNull();
  });
  it('says the finder is busy, and for how long, when it answers 429', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    vi.spyOn(http, 'get').mockRejectedValue(
      Object.assign(new Error('Request failed with status code 429'), { response: { status: 429, headers: { 'retry-after': '42' } } }),
    );
    await store.dispatch(searchPredictions('laptop'));
    expect(selectAiTariff(store.getState())).toMatchObject({ error: true, busyFor: 42 });
  });
});
