import { createElement as h, type ReactNode } from 'react';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { renderInLanguage } from '../../test/store';
import { http } from '../../http/client';
import { ratesApi, type ExchangeRate } from './api';
import { codesNamed, foldText } from '@guichet/shared/i18n/currency-search';
import { CustomsRates } from './CustomsRates';
import { defaultSearch } from './slice';

vi.mock('gatsby', () => ({ Link: ({ to, children }: { to: string; children?: ReactNode }) => h('a', { href: to }, children) }));

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const rate = (code: string, description: string, descriptionTranslated: string | null, exchangeRate: number): ExchangeRate => ({
  code,
  description,
  descriptionTranslated,
  exchangeRate,
  validFromDate: '2026-08-01',
  validToDate: null,
});

/** The rates of the day, with the English name and the tenant's (Bengali) translation, as the service keeps them. */
const DAY = [
  rate('AUD', 'Australian Dollar', 'অস্ট্রেলিয়ান ডলার', 80.5),
  rate('CAD', 'Canadian Dollar', 'কানাডিয়ান ডলার', 88.2),
  rate('CHF', 'Swiss Franc', 'সুইস ফ্রাঙ্ক', 140.1),
  rate('EUR', 'Euro', 'ইউরো', 131.4),
  rate('GBP', 'Pound Sterling', 'পাউন্ড স্টার্লিং', 152.9),
  rate('JPY', 'Yen', 'ইয়েন', 0.81),
  rate('USD', 'US Dollar', 'মার্কিন ডলার', 121.7),
];

/** The rate service's search as it answers: currencies, then its own text match, sorted, then paged. */
function fakeRateService() {
  return vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
    const params = (config?.params ?? {}) as Record<string, string | number | undefined>;
    let rows = [...DAY];
    if (params.currencies) {
      const wanted = new Set(String(params.currencies).split(','));
      rows = rows.filter((row) => wanted.has(row.code));
    }
    const text = String(params.searchText ?? '')
      .trim()
      .toLocaleLowerCase();
    if (text)
      rows = rows.filter((row) =>
        [row.code, row.description, row.descriptionTranslated].some((value) => value?.toLocaleLowerCase().includes(text)),
      );
    const [field, order] = String(params.sortByFields ?? 'code').split(':') as [keyof ExchangeRate, string | undefined];
    rows.sort(
      (a, b) => ((a[field] ?? '') < (b[field] ?? '') ? -1 : (a[field] ?? '') > (b[field] ?? '') ? 1 : 0) * (order === 'desc' ? -1 : 1),
    );
    const offset = Number(params.offset ?? 0);
    return { data: { resultList: rows.slice(offset, offset + Number(params.max ?? 10000)), totalCount: rows.length } };
  });
}

const codesShown = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

describe('the customs rates search matches the currency names the table shows in the page language', () => {
  it.each([
    ['ar', 'دولار', ['AUD', 'CAD', 'USD']],
    ['ar', 'يورو', ['EUR']],
    ['ar', 'دولار أمريكي', ['USD']],
    ['ar', 'دولار امريكي', ['USD']],
    ['es', 'dólar', ['AUD', 'CAD', 'USD']],
    ['es', 'DOLAR', ['AUD', 'CAD', 'USD']],
    ['es', 'libra esterlina', ['GBP']],
    ['fr', 'livre sterling', ['GBP']],
    ['fr', 'franc', ['CHF']],
    ['bn', 'ডলার', ['AUD', 'CAD', 'USD']],
    ['bn', 'ব্রিটিশ', ['GBP']],
    ['en', 'dollar', ['AUD', 'CAD', 'USD']],
    ['en', 'sterling', ['GBP']],
  ])('on /%s/ "%s" finds %j', async (language, text, codes) => {
    fakeRateService();
    const view = renderInLanguage(h(CustomsRates, { language }), language, 'rates');
    await waitFor(() => expect(view.getAllByRole('table')).toHaveLength(1));
    fireEvent.change(view.container.querySelector('#rates-key')!, { target: { value: text } });
    fireEvent.submit(view.getByRole('search'));
    await waitFor(() => expect(codesShown(view.getByRole('table'))).toEqual(codes));
    expect(view.getByRole('table').querySelector('caption')?.textContent).toContain(`(${codes.length})`);
  });

  it('keeps the service own match (code, English name) on other languages, with its order and paging', async () => {
    fakeRateService();
    const store = makeStore();
    const ask = (key: string, page = 1, size = 10) =>
      store.dispatch(
        ratesApi.endpoints.rates.initiate({
          search: { ...defaultSearch(), dov: '2026-08-20', key, page, size, sort: 'exchangeRate', order: 'desc' },
          showDifference: false,
          language: 'ar',
        }),
      );
    // "us": the code of USD, and the English name of AUD ("Australian").
    const byCode = await ask('us');
    expect(byCode.data?.resultList.map((row) => row.code)).toEqual(['USD', 'AUD']);
    // Arabic dollars and the code match together, sorted by rate and paged by the service, with the whole count.
    const first = await ask('دولار', 1, 2);
    expect(first.data?.resultList.map((row) => row.code)).toEqual(['USD', 'CAD']);
    expect(first.data?.totalCount).toBe(3);
    const second = await ask('دولار', 2, 2);
    expect(second.data?.resultList.map((row) => row.code)).toEqual(['AUD']);
    expect(second.data?.totalCount).toBe(3);
  });

  it('asks the service as before when the text names no currency in the page language', async () => {
    const get = fakeRateService();
    const store = makeStore();
    const answer = await store.dispatch(
      ratesApi.endpoints.rates.initiate({
        search: { ...defaultSearch(), dov: '2026-08-20', key: 'zzz' },
        showDifference: false,
        language: 'fr',
      }),
    );
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][1]?.params).toMatchObject({ searchText: 'zzz' });
    expect(answer.data?.totalCount).toBe(0);
  });
});

describe('currency names as the visitor types them', () => {
  it('fold case, accents and Arabic hamza forms, and keep Bengali vowel signs', () => {
    expect(foldText('  Dólar   ESTADOUNIDENSE ')).toBe('dolar estadounidense');
    expect(foldText('Livre Sterling')).toBe(foldText('livre sterling'));
    expect(foldText('دولار أمريكي')).toBe(foldText('دولار امريكي'));
    expect(foldText('ডলার')).not.toBe(foldText('ডলর'));
  });
  it('resolve a text to the codes whose name in the language contains it', () => {
    expect(codesNamed('livre', 'fr', ['GBP', 'EUR', 'USD'])).toEqual(['GBP']);
    expect(codesNamed('دولار', 'ar', ['GBP', 'USD', 'CAD'])).toEqual(['USD', 'CAD']);
    expect(codesNamed('', 'ar', ['USD'])).toEqual([]);
  });
});
