import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { http } from '../../http/client';
import { keywordTerms, normaliseCode, relevance, searchTariff, stem, tariffRequest, toTariffCode } from './api';
import { queryFromSearch, searchFromQuery } from './query-string';
import { DEFAULT_QUERY, runTariffSearch, selectTariff } from './slice';
import { validateSearch } from './validation';

afterEach(() => vi.restoreAllMocks());

describe('tariff search request', () => {
  it('searches code STARTS_WITH and every keyword CONTAINS, all required', () => {
    const request = tariffRequest({ ...DEFAULT_QUERY, keyword: 'Roasted coffee', code: '09.01', page: 3, size: 25 }, 'en');
    expect(request.restrictBy).toBe('AND');
    expect(request.restrictions).toEqual([
      { field: 'code', operator: 'STARTS_WITH', value: '0901' },
      { field: 'description', operator: 'CONTAINS', value: 'roasted' },
      { field: 'description', operator: 'CONTAINS', value: 'coffee' },
    ]);
    expect(request.offset).toBe(50);
    expect(request.max).toBe(25);
    expect(request.sortByFields).toEqual([{ field: 'code', order: 'ASC' }]);
  });
  it('uses the translated description only in a translated language of the tenant', () => {
    expect(tariffRequest({ ...DEFAULT_QUERY, keyword: 'কফি' }, 'bn').restrictions[0].field).toBe('descriptionTranslated');
    expect(tariffRequest({ ...DEFAULT_QUERY, keyword: 'coffee' }, 'fr').restrictions[0].field).toBe('description');
    expect(tariffRequest({ ...DEFAULT_QUERY, keyword: 'coffee' }, 'en').restrictions[0].field).toBe('description');
  });
  it('sorts by a tax column with the code as tie-breaker', () => {
    expect(tariffRequest({ ...DEFAULT_QUERY, code: '09', sort: 'tax08', order: 'desc' }, 'en').sortByFields).toEqual([
      { field: 'tax08', order: 'DESC' },
      { field: 'code', order: 'ASC' },
    ]);
  });
  it('matches singular and plural', () => {
    expect(stem('shirts')).toBe('shirt');
    expect(stem('boxes')).toBe('box');
    expect(stem('batteries')).toBe('batter');
    expect(stem('glass')).toBe('glass');
    expect(stem('tea')).toBe('tea');
    expect(keywordTerms('  Cotton  T-shirts, cotton ')).toEqual(['cotton', 't-shirt']);
    expect(normaliseCode('0901 11.10')).toBe('09011110');
  });
  it('turns tax01..tax20 into named tax codes, dropping empty ones', () => {
    const code = toTariffCode({
      code: '09011110',
      description: 'Coffee',
      descriptionTranslated: null,
      supplementaryUnit1Code: 'KGM',
      tax01: 25,
      tax02: 0,
      tax06: null,
      tax08: 89.32,
    });
    expect(code.taxCodes).toEqual([
      { name: 'tax01', value: 25 },
      { name: 'tax02', value: 0 },
      { name: 'tax08', value: 89.32 },
    ]);
    expect(code.supplementaryUnitCode).toBe('KGM');
  });
});

describe('search state in the URL', () => {
  it('round-trips through the query string', () => {
    const query = { ...DEFAULT_QUERY, keyword: 'coffee', code: '09', page: 2, sort: 'tax01' as const, order: 'desc' as const };
    expect(queryFromSearch(searchFromQuery(query))).toEqual(query);
  });
  it('reads the home page box: digits are a code, text is keywords', () => {
    expect(queryFromSearch('?q=0901')).toMatchObject({ code: '0901', keyword: '' });
    expect(queryFromSearch('?q=green+tea')).toMatchObject({ code: '', keyword: 'green tea' });
  });
  it('ignores unusable values and empty searches', () => {
    expect(queryFromSearch('')).toBeNull();
    expect(queryFromSearch('?keyword=tea&page=-3&size=7&sort=drop+table&order=up')).toEqual({ ...DEFAULT_QUERY, keyword: 'tea' });
  });
});

describe('validation', () => {
  const minimums = { minCodeDigits: 2, minKeywordLength: 3 };
  it('needs a keyword or a code', () => {
    expect(validateSearch(' ', '', minimums)).toEqual({ key: 'validation.keywordOrCode' });
  });
  it('needs the minimum digits and characters', () => {
    expect(validateSearch('', '0', minimums)).toEqual({ key: 'validation.codeMinDigits', count: 2 });
    expect(validateSearch('', 'ab', minimums)).toEqual({ key: 'validation.codeMinDigits', count: 2 });
    expect(validateSearch('te', '', minimums)).toEqual({ key: 'validation.keywordMinLength', count: 3 });
    expect(validateSearch('tea', '09', minimums)).toBeNull();
  });
});

describe('tariff slice', () => {
  it('keeps loading on during the request and stores the results', async () => {
    const store = makeStore();
    vi.spyOn(http, 'post').mockResolvedValue({
      data: { resultList: [{ code: '09011110', description: 'Coffee', tax01: 25 }], totalCount: 31 },
    });
    const pending = store.dispatch(runTariffSearch({ query: { ...DEFAULT_QUERY, code: '0901' }, language: 'en' }));
    expect(selectTariff(store.getState()).loading).toBe(true);
    await pending;
    const state = selectTariff(store.getState());
    expect(state).toMatchObject({ loading: false, error: false, totalCount: 31, searched: true });
    expect(state.data[0].code).toBe('09011110');
    expect(http.post).toHaveBeenCalledWith('/reference-service/commodity/search', expect.objectContaining({ restrictBy: 'AND' }));
  });
  it('empties the list with a zero total and notifies "Something went wrong" on failure', async () => {
    const store = makeStore();
    vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ code: '09011110', description: 'Coffee' }], totalCount: 1 } });
    await store.dispatch(runTariffSearch({ query: { ...DEFAULT_QUERY, code: '0901' }, language: 'en' }));
    vi.spyOn(http, 'post').mockRejectedValueOnce(new Error('Network Error'));
    await store.dispatch(runTariffSearch({ query: { ...DEFAULT_QUERY, code: '0902' }, language: 'en' }));
    const state = store.getState();
    expect(selectTariff(state)).toMatchObject({ loading: false, error: true, data: [], totalCount: 0 });
    expect(state.notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
  });
});

describe('relevance order', () => {
  const line = (code: string, description: string) => toTariffCode({ code, description });
  it('ranks whole words above word starts above fragments, and a leading keyword first', () => {
    const terms = keywordTerms('tea');
    const scores = [
      line('09021000', 'Green tea (not fermented)'),
      line('09024000', 'Tea, black'),
      line('33012900', 'Steam distilled oils'),
      line('21012000', 'Extracts of teas'),
    ].map((l) => relevance(l, terms, false));
    expect(scores[1]).toBeGreaterThan(scores[0]);
    expect(scores[0]).toBeGreaterThan(scores[2]);
    expect(scores[3]).toBeGreaterThan(scores[2]);
  });
  it('pages through the ranked lines', async () => {
    vi.spyOn(http, 'post').mockResolvedValue({
      data: {
        resultList: [
          { code: '01', description: 'Steam' },
          { code: '02', description: 'Tea, black' },
          { code: '03', description: 'Green tea' },
        ],
        totalCount: 3,
      },
    });
    const first = await searchTariff({ ...DEFAULT_QUERY, keyword: 'tea', sort: 'relevance', size: 2 }, 'en');
    expect(first.items.map((i) => i.code)).toEqual(['02', '03']);
    const second = await searchTariff({ ...DEFAULT_QUERY, keyword: 'tea', sort: 'relevance', size: 2, page: 2 }, 'en');
    expect(second.items.map((i) => i.code)).toEqual(['01']);
    expect(http.post).toHaveBeenCalledWith('/reference-service/commodity/search', expect.objectContaining({ offset: 0, max: 1000 }));
  });
});
