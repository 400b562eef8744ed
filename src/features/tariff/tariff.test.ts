import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { renderInLanguage, renderWithStore } from '../../test/store';
import { LineDescription } from './LineDescription';
import { http } from '../../http/client';
import { finderSuggestions, lineOn, searchTariff, tariffRequest, toTariffCode, useTariffSearchQuery, type TariffCode } from './api';
import { hasHsTextIn, lineDescription, sameText, tariffTable } from './table';
import { queryFromSearch, searchFromQuery } from './query-string';
import { DEFAULT_QUERY } from './slice';
import { validateSearch } from './validation';

afterEach(() => vi.restoreAllMocks());

describe('tariff search request', () => {
  it('searches the code STARTS_WITH and the keywords with the service relevance search, in the page language', () => {
    const request = tariffRequest(
      { ...DEFAULT_QUERY, keyword: ' Chaussures de sport ', code: '64', page: 3, size: 25, sort: 'relevance' },
      'fr',
    );
    expect(request.restrictBy).toBe('AND');
    expect(request.restrictions).toEqual([{ field: 'code', operator: 'STARTS_WITH', value: '64' }]);
    expect(request).toMatchObject({ keywords: 'Chaussures de sport', lang: 'fr', offset: 50, max: 25 });
    // Relevance is the service's own order.
    expect(request.sortByFields).toBeUndefined();
    expect(request.meta?.validityDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The spec's search body: no distinct rows, and the sample flag among the fields.
    expect(request.distinct).toBe(false);
    expect(request.selectFields).toContain('sample');
  });
  it('keeps code order when chosen, and for a code search', () => {
    // A NUL pasted with the keywords is not sent: the service refuses it.
    expect(tariffRequest({ ...DEFAULT_QUERY, keyword: 'horse\u0000 meat ' }, 'en').keywords).toBe('horse meat');
    expect(tariffRequest({ ...DEFAULT_QUERY, keyword: 'coffee', sort: 'code' }, 'en').sortByFields).toEqual([
      { field: 'code', order: 'ASC' },
    ]);
    const byCode = tariffRequest({ ...DEFAULT_QUERY, code: '0901', sort: 'relevance' }, 'bn');
    expect(byCode.sortByFields).toEqual([{ field: 'code', order: 'ASC' }]);
    expect(byCode).not.toHaveProperty('keywords');
  });
  it('sorts by a tax column with the code as tie-breaker', () => {
    expect(tariffRequest({ ...DEFAULT_QUERY, code: '09', sort: 'tax08', order: 'desc' }, 'en').sortByFields).toEqual([
      { field: 'tax08', order: 'DESC' },
      { field: 'code', order: 'ASC' },
    ]);
  });
  it('reads codes with dots and spaces; ranks keywords by relevance unless another order is in the link', () => {
    // Digits typed in the page's script (Arabic-Indic, Bengali) are those of the code.
    expect(validateSearch('', '٠٩٠١', { minCodeDigits: 4, minKeywordLength: 3 })).toBeNull();
    expect(tariffRequest({ ...DEFAULT_QUERY, code: '৬১০৯' }, 'bn').restrictions).toContainEqual({
      field: 'code',
      operator: 'STARTS_WITH',
      value: '6109',
    });
    expect(queryFromSearch('?q=%D9%A6%D9%A1%D9%A0%D9%A9')).toMatchObject({ code: '٦١٠٩', keyword: '' });
    expect(queryFromSearch('?keyword=riz')?.sort).toBe('relevance');
    // A link's line breaks are spaces and NUL nothing, as the search box shows them.
    expect(queryFromSearch('?keyword=horse%0D%0Ameat')?.keyword).toBe('horse meat');
    expect(queryFromSearch('?keyword=horse%00')?.keyword).toBe('horse');
    expect(queryFromSearch('?keyword=%00')).toBeNull();
    expect(queryFromSearch('?q=%00rice%09')).toMatchObject({ keyword: 'rice' });
    expect(queryFromSearch('?keyword=riz&sort=code')?.sort).toBe('code');
    expect(queryFromSearch('?code=1006')?.sort).toBe('code');
    expect(searchFromQuery({ ...DEFAULT_QUERY, keyword: 'riz', sort: 'relevance' })).toBe('?keyword=riz');
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
    expect(queryFromSearch('?keyword=tea&page=-3&size=7&sort=drop+table&order=up')).toEqual({
      ...DEFAULT_QUERY,
      keyword: 'tea',
      sort: 'relevance',
    });
    expect(queryFromSearch('?code=09&sort=tax99')?.sort).toBe('code');
    expect(queryFromSearch('?code=09&sort=constructor')?.sort).toBe('code');
    expect(queryFromSearch('?code=09&sort=tax08')?.sort).toBe('tax08');
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
  it('refuses a keyword longer than the service takes, counted in characters', () => {
    expect(validateSearch('a'.repeat(2000), '', minimums)).toBeNull();
    expect(validateSearch('a'.repeat(2001), '', minimums)).toEqual({ key: 'validation.keywordMaxLength', count: 2000 });
    expect(validateSearch('চা'.repeat(1000), '', minimums)).toBeNull();
    expect(validateSearch('👟'.repeat(2000), '', minimums)).toBeNull();
  });
  it('takes two-character words in Bengali and Arabic, where common goods have such names', () => {
    expect(validateSearch('চা', '', minimums)).toBeNull();
    expect(validateSearch('ঘি', '', minimums)).toBeNull();
    expect(validateSearch('ত', '', minimums)).toEqual({ key: 'validation.keywordMinLength', count: 2 });
    expect(validateSearch('te', '', minimums)).toEqual({ key: 'validation.keywordMinLength', count: 3 });
  });
});

describe('tariff search in the data layer', () => {
  const search = (keyword: string, code = '') => ({ query: { ...DEFAULT_QUERY, keyword, code }, language: 'en' });

  it('is loading during the request, then holds the results', async () => {
    vi.spyOn(http, 'post').mockResolvedValue({
      data: { resultList: [{ code: '09011110', description: 'Coffee', tax01: 25 }], totalCount: 31 },
    });
    const { result } = renderWithStore((arg) => useTariffSearchQuery(arg), search('', '0901'));
    expect(result.current.isFetching).toBe(true);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.totalCount).toBe(31);
    expect(result.current.data?.items[0].code).toBe('09011110');
    expect(http.post).toHaveBeenCalledWith('/reference-service/commodity/search', expect.objectContaining({ restrictBy: 'AND' }));
  });
  it('keeps the latest search: an older search answering after it changes nothing', async () => {
    const answers: Array<(value: unknown) => void> = [];
    vi.spyOn(http, 'post').mockImplementation(() => new Promise((resolve) => answers.push(resolve)));
    const { result, rerender } = renderWithStore((arg) => useTariffSearchQuery(arg), search('coffee'));
    await waitFor(() => expect(answers).toHaveLength(1));
    rerender(search('tea'));
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]({ data: { resultList: [{ code: '09021000', description: 'Green tea' }], totalCount: 1 } });
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    answers[0]({ data: { resultList: [{ code: '09011110', description: 'Coffee' }], totalCount: 31 } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current.data?.totalCount).toBe(1);
    expect(result.current.data?.items.map((line) => line.code)).toEqual(['09021000']);
  });
  it('stays loading while the latest search runs, whatever an older one answers', async () => {
    const answers: Array<(value: unknown) => void> = [];
    const failures: Array<(reason: unknown) => void> = [];
    vi.spyOn(http, 'post').mockImplementation(
      () =>
        new Promise((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        }),
    );
    const { result, rerender, store } = renderWithStore((arg) => useTariffSearchQuery(arg), search('coffee'));
    await waitFor(() => expect(answers).toHaveLength(1));
    rerender(search('tea'));
    await waitFor(() => expect(answers).toHaveLength(2));
    failures[0](new Error('Network Error'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(result.current).toMatchObject({ isFetching: true, isError: false });
    // The older search's failure is reported (once), as every failed call is...
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
    answers[1]({ data: { resultList: [], totalCount: 0 } });
    await waitFor(() => expect(result.current).toMatchObject({ isFetching: false, isSuccess: true, isError: false }));
    // ...until the search answers: then it is no longer true.
    expect(store.getState().notifications).toEqual([]);
  });
  it('fails with "Something went wrong" notified once, and the same search asked again recovers', async () => {
    vi.spyOn(http, 'post').mockRejectedValueOnce(new Error('Network Error'));
    const { result, store } = renderWithStore((arg) => useTariffSearchQuery(arg), search('', '0902'));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.somethingWentWrong']);
    vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ code: '09021000', description: 'Green tea' }], totalCount: 1 } });
    void result.current.refetch();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.totalCount).toBe(1);
    expect(store.getState().notifications).toEqual([]);
  });
});

describe('a line in the edition in force on another date', () => {
  const notFound = Object.assign(new Error('Request failed with status code 404'), { response: { status: 404 } });
  it('tells a line that edition lacks from a date no edition loaded here was in force on', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(notFound);
    const post = vi.spyOn(http, 'post').mockResolvedValueOnce({ data: { resultList: [{ code: '01012100' }], totalCount: 7154 } });
    expect(await lineOn('09011110', '2025-08-01')).toEqual({ missing: 'line' });
    expect(post.mock.calls[0][0]).toMatch(/commodity\/search$/);
    expect(post.mock.calls[0][1]).toMatchObject({ max: 1, meta: { validityDate: '2025-08-01' } });
    post.mockResolvedValueOnce({ data: { resultList: [], totalCount: 0 } });
    expect(await lineOn('09011110', '2024-07-01')).toEqual({ missing: 'edition' });
  });
  it('gives the line when that edition has it, and lets other failures through', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValueOnce({ data: { code: '09011110', description: 'Coffee', tax01: 25 } });
    expect(await lineOn('09011110', '2025-08-01')).toMatchObject({ code: '09011110', taxCodes: [{ name: 'tax01', value: 25 }] });
    expect(get.mock.calls[0][1]).toEqual({ params: { validityDate: '2025-08-01' } });
    get.mockRejectedValueOnce(new Error('Network Error'));
    await expect(lineOn('09011110', '2025-08-01')).rejects.toThrow('Network Error');
  });
});

describe('HS texts in the page language', () => {
  it('keeps the HS texts the service sends with each line', async () => {
    const hs = {
      chapter: { code: '64', description: 'CHAUSSURES', language: 'fr' },
      heading: { code: '6404', description: 'Chaussures à dessus en matières textiles', language: 'fr' },
      subheading: { code: '640411', description: 'Chaussures de sport', language: 'fr' },
    };
    vi.spyOn(http, 'post').mockResolvedValue({
      data: { resultList: [{ code: '64041100', description: 'Sports shoes', hs }], totalCount: 1 },
    });
    const { items } = await searchTariff({ ...DEFAULT_QUERY, keyword: 'chaussures', sort: 'relevance' }, 'fr');
    expect(items[0].hs).toEqual(hs);
    expect(hasHsTextIn(items[0], 'fr')).toBe(true);
    expect(hasHsTextIn({ ...items[0], hs: { ...hs, heading: { ...hs.heading, language: 'en' }, subheading: null } }, 'fr')).toBe(false);
  });
  it('exports each line by its HS texts in the page language, the national text under them, with the sources', () => {
    const line: TariffCode = {
      code: '64041100',
      description: 'Sports footwear; tennis shoes',
      descriptionTranslated: null,
      supplementaryUnitCode: null,
      taxCodes: [],
      hs: {
        chapter: { code: '64', description: 'CHAUSSURES', language: 'fr' },
        heading: { code: '6404', description: 'Chaussures à dessus en matières textiles', language: 'fr' },
        subheading: { code: '640411', description: 'Chaussures de sport', language: 'fr' },
      },
    };
    expect(lineDescription(line, 'fr')).toBe(
      'Chaussures à dessus en matières textiles › Chaussures de sport\nSports footwear; tennis shoes',
    );
    // In English, and where the language has no HS text (Bengali), the national text alone.
    expect(lineDescription(line, 'en')).toBe('Sports footwear; tennis shoes');
    const bengali = {
      ...line,
      hs: { chapter: null, heading: { code: '6404', description: 'Footwear', language: 'en' }, subheading: null },
    };
    expect(lineDescription(bengali, 'bn')).toBe('Sports footwear; tennis shoes');
    // A subheading that says what its heading says (5203.00, "Coton cardé ou peigné") is not repeated.
    const cotton: TariffCode = {
      ...line,
      code: '52030000',
      description: 'Cotton, Carded Or Combed',
      hs: {
        chapter: null,
        heading: { code: '5203', description: 'Coton cardé ou peigné', language: 'fr' },
        subheading: { code: '520300', description: 'Coton cardé ou peigné.', language: 'fr' },
      },
    };
    expect(lineDescription(cotton, 'fr')).toBe('Coton cardé ou peigné\nCotton, Carded Or Combed');
    const { container } = renderInLanguage(createElement(LineDescription, { line: cotton, language: 'fr' }), 'fr', 'tariff');
    expect(container.querySelectorAll('.hs-heading, .hs-subheading')).toHaveLength(1);
    const table = tariffTable(
      [line],
      {
        title: 'Tarif',
        code: 'Code',
        description: 'Désignation',
        uom: 'Unité',
        sources: { label: 'Sources', value: 'Nomenclature combinée' },
      },
      'fr',
    );
    expect(table.details).toEqual([{ label: 'Sources', value: 'Nomenclature combinée' }]);
    expect(table.rows[0].slice(0, 2)).toEqual(['6404.11.00', lineDescription(line, 'fr')]);
  });
  it('compares texts whatever their case, spacing and punctuation', () => {
    expect(sameText('- - Other:', 'Other')).toBe(true);
    expect(sameText('Sports footwear', 'Other')).toBe(false);
  });
});

describe('the tariff finder suggestions', () => {
  afterEach(() => vi.restoreAllMocks());
  it('ask the finder service (search, tenant key, page language) and keep each code with its text and language', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({
      data: { predictions: [{ code: '100630', hs_code: '1006.30', description: 'Riz blanchi', language: 'fr', probability: 0.87 }] },
    });
    const suggestions = await finderSuggestions('riz basmati', 'fr');
    const [url, config] = get.mock.calls[0];
    expect(url).toBe('/hs-finder/search');
    expect(config).toMatchObject({ params: { query: 'riz basmati', limit: '3', language: 'fr' }, headers: { tenantKey: 'gn' } });
    expect(suggestions).toEqual([{ code: '100630', hsCode: '1006.30', description: 'Riz blanchi', language: 'fr' }]);
  });
});
