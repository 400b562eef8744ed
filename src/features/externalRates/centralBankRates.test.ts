import { createElement as h } from 'react';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { renderInLanguage } from '../../test/store';
import { http } from '../../http/client';
import { externalRatesApi, printUrl, type CentralBankRate } from './api';
import { addressOfSearch, CentralBankRates, searchOfAddress } from './CentralBankRates';

afterEach(() => {
  vi.restoreAllMocks();
  // The search a test leaves in the address is not the next test's.
  window.history.replaceState(null, '', '/');
});

const rate = (currency: string, currencyName: string, value: number): CentralBankRate => ({
  currency,
  currencyName,
  date: '2026-08-19',
  rate: value,
  baseCurrency: 'EUR',
});

/** The feed of the day, with the reference (English) names, as the service keeps it. */
const FEED = [
  rate('AUD', 'Australian Dollar', 1.62),
  rate('CAD', 'Canadian Dollar', 1.49),
  rate('CHF', 'Swiss Franc', 0.94),
  rate('GBP', 'Pound Sterling', 0.86),
  rate('JPY', 'Yen', 161.2),
  rate('USD', 'US Dollar', 1.09),
];

/** The central bank service's search: currency, then its own text match (code, English name), then paged. */
function fakeCentralBankService() {
  return vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
    const params = (config?.params ?? {}) as Record<string, string | number | undefined>;
    const wanted = params.currency ? new Set(String(params.currency).split(',')) : null;
    const text = String(params.searchText ?? '')
      .trim()
      .toLowerCase();
    const rows = FEED.filter((row) => !wanted || wanted.has(row.currency)).filter(
      (row) => !text || row.currency.toLowerCase().includes(text) || row.currencyName!.toLowerCase().includes(text),
    );
    const offset = Number(params.offset ?? 0);
    return {
      data: {
        exchangeRates: rows.slice(offset, offset + Number(params.max ?? 100)),
        totalCount: rows.length,
        source: 'European Central Bank',
      },
    };
  });
}

const codesShown = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('the central bank rates search matches the currency names the table shows in the page language', () => {
  it.each([
    ['ar', 'دولار', ['AUD', 'CAD', 'USD']],
    ['ar', 'دولار أمريكي', ['USD']],
    ['ar', 'جنيه', ['GBP']],
    ['bn', 'ডলার', ['AUD', 'CAD', 'USD']],
    ['fr', 'livre', ['GBP']],
    ['fr', 'dollar', ['AUD', 'CAD', 'USD']],
    ['es', 'dolar', ['AUD', 'CAD', 'USD']],
    ['es', 'libra esterlina', ['GBP']],
    ['en', 'pound', ['GBP']],
    ['en', 'us', ['AUD', 'USD']],
  ])('on /%s/ "%s" finds %j', async (language, text, codes) => {
    fakeCentralBankService();
    const view = renderInLanguage(h(CentralBankRates, { language }), language, 'rates');
    await waitFor(() => expect(view.getAllByRole('table')).toHaveLength(1));
    fireEvent.change(view.container.querySelector('#cb-text')!, { target: { value: text } });
    fireEvent.submit(view.getByRole('search'));
    await waitFor(() => expect(codesShown(view.getByRole('table'))).toEqual(codes));
    expect(view.getByRole('table').querySelector('caption')?.textContent).toContain(`(${codes.length})`);
  });

  it('pages the matches with the whole count, and prints the same currencies', async () => {
    fakeCentralBankService();
    const store = makeStore();
    const ask = (page: number) =>
      store.dispatch(
        externalRatesApi.endpoints.centralBankRates.initiate({ date: '2026-08-20', searchText: 'دولار', page, size: 2, language: 'ar' }),
      );
    const first = await ask(1);
    expect(first.data?.exchangeRates.map((row) => row.currency)).toEqual(['AUD', 'CAD']);
    expect(first.data?.totalCount).toBe(3);
    const second = await ask(2);
    expect(second.data?.exchangeRates.map((row) => row.currency)).toEqual(['USD']);
    expect(second.data?.totalCount).toBe(3);
    const print = new URL(
      printUrl({ date: '2026-08-20', searchText: 'دولار', page: 1, size: 2 }, 'pdf', 'ar', second.data?.currencies),
      'http://localhost',
    );
    expect(print.searchParams.get('currency')).toBe('AUD,CAD,USD');
    expect(print.searchParams.get('searchText')).toBeNull();
    expect(print.searchParams.get('locale')).toBe('ar');
  });

  it('asks the service as before where the text names no currency in the page language', async () => {
    const get = fakeCentralBankService();
    const store = makeStore();
    const answer = await store.dispatch(
      externalRatesApi.endpoints.centralBankRates.initiate({ date: '2026-08-20', searchText: 'zzz', page: 1, size: 10, language: 'fr' }),
    );
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][1]?.params).toMatchObject({ searchText: 'zzz', max: 10, offset: 0 });
    expect(answer.data?.totalCount).toBe(0);
    expect(answer.data?.currencies).toBeUndefined();
  });
});

describe('the central bank search in the address', () => {
  it('keeps its date and text, and reads today for an address without a day', () => {
    const search = { date: '2026-03-02', searchText: 'yen', page: 1, size: 10 };
    expect(addressOfSearch(search)).toBe('?date=2026-03-02&q=yen');
    expect(searchOfAddress(addressOfSearch(search))).toEqual(search);
    expect(addressOfSearch({ date: '2026-03-02', searchText: '' })).toBe('?date=2026-03-02');
    expect(searchOfAddress('?date=2026-02-30&q=' + 'x'.repeat(300))).toMatchObject({
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      searchText: 'x'.repeat(100),
    });
    expect(searchOfAddress('?date=2026-02-30').date).not.toBe('2026-02-30');
  });
});
