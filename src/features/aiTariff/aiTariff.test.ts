import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import { cleanQuery, HEADING_MAX, headingOf, queryProblemOf } from './AiTariffSearch';
import { aiTariffApi, convertKeys, fetchTree, FINDER_TIMEOUT_MS, listPredictions, recordUsage, shownProbability } from './api';

afterEach(() => vi.restoreAllMocks());

describe('the tariff finder client', () => {
  it('sends snake_case keys, credentials, no-cache and the tenant with a 15 s time-out; reads camelCase keys', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: { query: 'x', confident: true, predictions: [{ hs_code: '6109.10', probability: 0.8, children: [{ short_code: '00' }] }] },
    });
    const answer = await listPredictions("men's cotton t-shirt", 'fr');
    const [url, config] = get.mock.calls[0];
    expect(url).toBe('/ai-tariff-service/list');
    expect(config).toMatchObject({
      params: { query: "men's cotton t-shirt", language: 'fr' },
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
    expect(shownProbability(0.005)).toBe('0.01');
    expect(shownProbability(0.0049)).toBe('< 0.01');
    expect(shownProbability(0)).toBe('< 0.01');
  });
  it('reads the hierarchy under a code from the finder service (tree, with the tenant key and the page language)', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: {
        code: '6109',
        hs_code: '61.09',
        level: 'heading',
        description: 'T-shirts',
        children: [{ code: '610910', hs_code: '6109.10', language: 'fr' }],
      },
    });
    const tree = await fetchTree('6109', 'fr');
    const [url, config] = get.mock.calls[0];
    expect(url).toBe('/hs-finder/tree');
    expect(config).toMatchObject({
      params: { code: '6109', depth: '1', language: 'fr' },
      withCredentials: true,
      headers: { tenantKey: 'gn' },
    });
    expect(tree.children?.[0]).toMatchObject({ hsCode: '6109.10', language: 'fr' });
  });
  it('logs and re-throws errors; the list and the details of each HS code fail on their own, with no notification', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    vi.spyOn(http, 'get').mockRejectedValue(new Error('timeout of 15000ms exceeded'));
    const list = await store.dispatch(aiTariffApi.endpoints.predictions.initiate({ query: 'laptop', language: 'en' }));
    const details = await store.dispatch(aiTariffApi.endpoints.codeDetails.initiate('847130'));
    expect(list).toMatchObject({ isError: true, error: { status: null } });
    expect(list.data).toBeUndefined();
    expect(list.error).not.toHaveProperty('retryAfter');
    expect(details).toMatchObject({ isError: true, originalArgs: '847130' });
    expect(store.getState().notifications).toHaveLength(0);
    expect(log).toHaveBeenCalledTimes(2);
  });
  it('says the finder is busy, and for how long, when it answers 429', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = makeStore();
    vi.spyOn(http, 'get').mockRejectedValue(
      Object.assign(new Error('Request failed with status code 429'), { response: { status: 429, headers: { 'retry-after': '42' } } }),
    );
    const list = await store.dispatch(aiTariffApi.endpoints.predictions.initiate({ query: 'laptop', language: 'en' }));
    expect(list).toMatchObject({ isError: true, error: { status: 429, retryAfter: 42 } });
  });
  it('records the code picked after a search (text, code, language only); a failure is logged, never thrown', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ status: 201, data: { recorded: true } });
    await recordUsage('frozen shrimp', '030617', 'ar');
    const [url, body, config] = post.mock.calls[0];
    expect(url).toBe('/hs-finder/usage');
    expect(body).toEqual({ query: 'frozen shrimp', code: '030617', language: 'ar' });
    expect(config).toMatchObject({ timeout: FINDER_TIMEOUT_MS, headers: { tenantKey: 'gn' } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    post.mockRejectedValue(new Error('Request failed with status code 429'));
    await expect(recordUsage('frozen shrimp', '030617', 'ar')).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(1);
  });
  it('repeats a short description whole in the results heading, and cuts a pasted one at a word', () => {
    expect(headingOf("men's cotton t-shirt")).toBe("men's cotton t-shirt");
    const long =
      'Pneumatic radial tyres of rubber for passenger motor cars, new, size 205/55 R16, packed in stacks of four on pallets, shipped from the port';
    const heading = headingOf(long);
    expect(heading.endsWith('…')).toBe(true);
    expect(Array.from(heading).length).toBeLessThanOrEqual(HEADING_MAX + 1);
    expect(long.startsWith(heading.slice(0, -1))).toBe(true);
    expect(long[heading.length - 1]).toBe(' ');
    // Bengali is counted in characters, and cut at a space too.
    const bengali = 'পুরুষদের সুতির টি-শার্ট '.repeat(8);
    expect(bengali.startsWith(headingOf(bengali).slice(0, -1))).toBe(true);
    expect(headingOf(bengali).slice(0, -1).endsWith('শার্ট')).toBe(true);
  });
  it('searches a description without its control characters, and says when it is too short or too long', () => {
    expect(cleanQuery(' shoes\u0000\u001b ')).toBe('shoes');
    expect(cleanQuery('line one\nline two')).toBe('line one\nline two');
    expect(queryProblemOf(cleanQuery('\u0000\u0000'))).toBe('tooShort');
    expect(queryProblemOf('TV')).toBe('tooShort');
    expect(queryProblemOf('\u200b\u200b\u200f\u00a0\ufeff')).toBe('tooShort');
    expect(queryProblemOf('জুতা')).toBeUndefined();
    expect(queryProblemOf('a'.repeat(2000))).toBeUndefined();
    expect(queryProblemOf('a'.repeat(2001))).toBe('tooLong');
    // Counted in characters, as the finder counts them: 2,000 emoji are 4,000 UTF-16 units.
    expect(queryProblemOf('👟'.repeat(2000))).toBeUndefined();
    expect(queryProblemOf('👟'.repeat(2001))).toBe('tooLong');
  });
});
