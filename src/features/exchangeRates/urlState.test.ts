import { createElement as h, type ReactNode } from 'react';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../test/store';
import { http } from '../../http/client';
import { todayIso, type ExchangeRate } from './api';
import { CustomsRates, searchFromUrl, urlFromSearch } from './CustomsRates';
import { defaultSearch } from './slice';

vi.mock('gatsby', () => ({ Link: ({ to, children }: { to: string; children?: ReactNode }) => h('a', { href: to }, children) }));

const PAGE = '/fr/exchange/customs-exchange-rate/';

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const rows = Array.from(
  { length: 23 },
  (_, index): ExchangeRate => ({
    code: `C${String(index).padStart(2, '0')}`,
    description: `Currency ${index}`,
    descriptionTranslated: null,
    exchangeRate: 100 - index,
    validFromDate: '2026-08-01',
    validToDate: null,
  }),
);

function fakeRateService() {
  return vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
    const params = (config?.params ?? {}) as Record<string, string | number>;
    const offset = Number(params.offset ?? 0);
    return { data: { resultList: rows.slice(offset, offset + Number(params.max ?? 10000)), totalCount: rows.length } };
  });
}

const query = () => Object.fromEntries(new URLSearchParams(window.location.search));
/** The table's searches (the converter asks for its currencies too). */
const searches = (get: ReturnType<typeof fakeRateService>) =>
  get.mock.calls.map(([, config]) => config?.params as Record<string, string | number>).filter((params) => 'sortByFields' in params);
const firstSearch = (get: ReturnType<typeof fakeRateService>) => searches(get)[0];

describe('the exchange rates search in the address bar', () => {
  it('reads sort, order and page back, with the date, text and difference', () => {
    expect(searchFromUrl('?dov=2026-08-20&key=usd&difference=1&sort=exchangeRate&order=desc&page=3')).toEqual({
      search: { ...defaultSearch(), dov: '2026-08-20', key: 'usd', sort: 'exchangeRate', order: 'desc', page: 3 },
      showDifference: true,
    });
    expect(searchFromUrl('?sort=description&order=asc&size=25').search).toMatchObject({ sort: 'description', order: 'asc', size: 25 });
  });

  it.each([
    '?sort=rate&order=up&page=0',
    '?sort=&order=&page=',
    '?sort=__proto__&order=DESC&page=-2',
    '?page=2.5&size=7',
    '?page=1e3&size=0',
    '?page=abc&size=-10',
    '?page=99999999999999999999',
    '?dov=2026-02-30',
    '?sort[]=code&page=%E0%A4%A',
  ])('falls back to the defaults for what it cannot read: %s', (text) => {
    const { search } = searchFromUrl(text);
    expect(search).toEqual({ ...defaultSearch(), dov: todayIso() });
  });

  it('writes only what differs from the defaults, besides the date', () => {
    expect(urlFromSearch(defaultSearch(), false)).toBe(`?dov=${todayIso()}`);
    expect(urlFromSearch({ ...defaultSearch(), dov: '2026-08-20', sort: 'exchangeRate', order: 'desc', page: 2, size: 25 }, false)).toBe(
      '?dov=2026-08-20&sort=exchangeRate&order=desc&page=2&size=25',
    );
  });

  it('on arrival, searches with the sort, order and page of the link', async () => {
    const get = fakeRateService();
    window.history.replaceState(null, '', `${PAGE}?dov=2026-08-20&sort=exchangeRate&order=desc&page=2`);
    const view = renderInLanguage(h(CustomsRates, { language: 'fr' }), 'fr', 'rates');
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
    expect(firstSearch(get)).toMatchObject({ validityDate: '2026-08-20', sortByFields: 'exchangeRate:desc', offset: 10, max: 10 });
    expect(query()).toMatchObject({ dov: '2026-08-20', sort: 'exchangeRate', order: 'desc', page: '2' });
    const header = view.getAllByRole('columnheader').find((cell) => cell.getAttribute('aria-sort') === 'descending');
    expect(header?.textContent).toContain('Taux');
  });

  it('keeps a sort chosen and a page turned in the address, so a reload or another language finds them', async () => {
    fakeRateService();
    window.history.replaceState(null, '', `${PAGE}?dov=2026-08-20`);
    const view = renderInLanguage(h(CustomsRates, { language: 'fr' }), 'fr', 'rates');
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
    fireEvent.click(view.getAllByRole('columnheader')[2].querySelector('button')!);
    await waitFor(() => expect(query()).toMatchObject({ sort: 'exchangeRate', order: 'asc' }));
    expect(query().page).toBeUndefined();
    fireEvent.click(view.getByRole('button', { name: 'table.next' }));
    await waitFor(() => expect(query()).toMatchObject({ dov: '2026-08-20', sort: 'exchangeRate', order: 'asc', page: '2' }));
    expect(window.location.pathname).toBe(PAGE);
  });

  it('falls back to the defaults on arrival with values it cannot read, and says them in the address', async () => {
    const get = fakeRateService();
    window.history.replaceState(null, '', `${PAGE}?dov=2026-08-20&sort=rate;drop&order=sideways&page=-4&size=3`);
    const view = renderInLanguage(h(CustomsRates, { language: 'fr' }), 'fr', 'rates');
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
    expect(firstSearch(get)).toMatchObject({ sortByFields: 'code', offset: 0, max: 10 });
    expect(query()).toEqual({ dov: '2026-08-20' });
  });

  it('a page past the last one shows the last page', async () => {
    const get = fakeRateService();
    window.history.replaceState(null, '', `${PAGE}?dov=2026-08-20&page=40`);
    const view = renderInLanguage(h(CustomsRates, { language: 'fr' }), 'fr', 'rates');
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
    expect(searches(get).map((params) => params.offset)).toEqual([390, 20]);
    expect(query()).toMatchObject({ page: '3' });
  });
});
