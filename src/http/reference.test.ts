import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store';
import { waitFor } from '@testing-library/react';
import { renderWithStore } from '../test/store';
import { http } from './client';
import {
  commodityName,
  lookupByCodes,
  lookupRequest,
  referencePageSize,
  searchBody,
  referenceApi,
  searchReference,
  useReferenceList,
  type ReferenceRecord,
} from './reference';
import { todayIso } from '@guichet/shared/i18n/language';

afterEach(() => vi.restoreAllMocks());

describe('reference lookups', () => {
  it('searches commodity codes by digits, and goods by their names through the keyword search, in the page language', () => {
    expect(lookupRequest('commodity', '0901.11').restrictions).toEqual([{ field: 'code', operator: 'STARTS_WITH', value: '090111' }]);
    const words = lookupRequest('commodity', ' chaussures de sport ', false, 15, 'fr');
    expect(words).toEqual({ max: 15, keywords: 'chaussures de sport', lang: 'fr' });
    expect(lookupRequest('commodity', 'x'.repeat(3000), false, 15, 'fr').keywords).toHaveLength(2000);
  });
  it('names a commodity by its HS texts in the page language, else by its description', () => {
    const row = {
      code: '64041100',
      description: 'Sports shoes',
      descriptionTranslated: 'খেলার জুতা',
      hs: {
        heading: { code: '6404', description: 'Chaussures à dessus en matières textiles', language: 'fr' },
        subheading: { code: '640411', description: 'Chaussures de sport', language: 'fr' },
      },
    } as unknown as ReferenceRecord;
    expect(commodityName(row, 'fr', false)).toEqual({ text: 'Chaussures à dessus en matières textiles › Chaussures de sport', lang: 'fr' });
    expect(commodityName(row, 'bn', true)).toEqual({ text: 'খেলার জুতা', lang: 'bn' });
    expect(commodityName(row, 'en', false)).toEqual({ text: 'Sports shoes', lang: 'en' });
  });
  it('searches other entities by code start OR description', () => {
    const request = lookupRequest('customsOffice', 'CHT');
    expect(request.restrictBy).toBe('OR');
    expect(request.restrictions).toEqual([
      { field: 'code', operator: 'STARTS_WITH', value: 'CHT' },
      { field: 'description', operator: 'CONTAINS', value: 'CHT' },
    ]);
  });
  it('pages 15 commodities or 5000 of anything else by default', () => {
    expect([referencePageSize('commodity'), referencePageSize('country')]).toEqual([15, 5000]);
  });
});

describe('reference search bodies', () => {
  it("carry the contract defaults and the entity's selected fields, whatever the caller names", () => {
    expect(searchBody('modelOfDeclaration', {})).toEqual({
      max: 5000,
      distinct: false,
      restrictBy: 'OR',
      selectFields: ['code', 'description', 'descriptionTranslated', 'generalProcedureCode', 'flow', 'sample'],
      restrictions: [{ field: 'code', operator: 'IS_NOT_NULL' }],
      meta: { validityDate: todayIso() },
    });
    expect(searchBody('extendedProcedure', {}).selectFields).toEqual([
      'description',
      'descriptionTranslated',
      'previousProcedureCode',
      'requestedProcedureCode',
      'sample',
    ]);
    expect(searchBody('exchangeRate', {}).selectFields).toEqual([
      'code',
      'description',
      'descriptionTranslated',
      'rate',
      'validToDate',
      'sample',
    ]);
    expect(searchBody('company', {}).selectFields).toContain('phoneNumber');
    expect(searchBody('customsOffice', {}).selectFields).toContain('address2Translated');
    expect(searchBody('taxRule', {}).selectFields).toContain('tariffColumn');
    expect(searchBody('commodity', {}).selectFields).toEqual(expect.arrayContaining(['supplementaryUnit1Code', 'tax01', 'tax20']));
    expect(searchBody('country', {}).selectFields).toEqual(['code', 'description', 'descriptionTranslated', 'sample']);
  });
  it('keep what the caller sets', () => {
    const body = searchBody('customsOffice', {
      max: 10,
      restrictBy: 'AND',
      selectFields: ['code'],
      restrictions: [{ field: 'code', operator: 'EQUALS', value: '101' }],
      meta: { validityDate: '2025-01-31' },
    });
    expect(body).toMatchObject({
      max: 10,
      restrictBy: 'AND',
      selectFields: ['code'],
      distinct: false,
      meta: { validityDate: '2025-01-31' },
    });
    expect(body.restrictions).toEqual([{ field: 'code', operator: 'EQUALS', value: '101' }]);
  });
  it('are what every search sends', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [], totalCount: 0 } });
    await searchReference('bank', { max: 3 });
    expect(post.mock.calls[0]).toEqual(['/reference-service/bank/search', searchBody('bank', { max: 3 })]);
  });
  it('look up a list of codes with IN, each code once', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [{ code: 'BD' }], totalCount: 1 } });
    expect((await lookupByCodes('country', ['BD', 'IN', 'BD'])).resultList).toEqual([{ code: 'BD' }]);
    expect(post.mock.calls[0][1]).toMatchObject({ max: 2, restrictions: [{ field: 'code', operator: 'IN', values: ['BD', 'IN'] }] });
    expect(await lookupByCodes('country', [])).toEqual({ resultList: [], totalCount: 0 });
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('reference lists kept for the visit', () => {
  it('fetches a list once, whichever tool asks and with whatever notice', async () => {
    const post = vi.spyOn(http, 'post').mockResolvedValue({ data: { resultList: [{ code: 'IM' }], totalCount: 1 } });
    const { result, rerender } = renderWithStore(({ notice }) => useReferenceList('modelOfDeclaration', notice), {
      notice: undefined as string | undefined,
    });
    await waitFor(() => expect(result.current).toEqual([{ code: 'IM' }]));
    rerender({ notice: 'notifications.suggestedFailed' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][1]).toMatchObject({
      max: 5000,
      sortByFields: [
        { field: 'generalProcedureCode', order: 'ASC' },
        { field: 'code', order: 'ASC' },
      ],
    });
  });
  it('logs a failure, shows the notice of the tool that asked, if any, and tries again for the next one', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const post = vi.spyOn(http, 'post').mockRejectedValue(new Error('Network Error'));
    const store = makeStore();
    const list = (notice?: string) => store.dispatch(referenceApi.endpoints.referenceList.initiate({ entity: 'country', notice }));
    expect((await list()).isError).toBe(true);
    expect(error).toHaveBeenCalled();
    expect(store.getState().notifications).toEqual([]);
    expect((await list('notifications.customsRatesFailed')).isError).toBe(true);
    expect(post).toHaveBeenCalledTimes(2);
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.customsRatesFailed']);
  });
});
