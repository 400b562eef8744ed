import { createElement as h, type ReactNode } from 'react';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store';
import { renderInLanguage } from '../../test/store';
import { http } from '../../http/client';
import {
  currencyNameIn,
  daysBetween,
  formatDifference,
  ratesApi,
  ratesParams,
  shiftDays,
  todayIso,
  type ConversionRequest,
  type ExchangeRate,
  type RatesSearch,
} from './api';
import { Converter, matchCurrency, MAX_AMOUNT, readAmount } from './Converter';
import { CustomsRates } from './CustomsRates';
import { withDifference } from '@guichet/shared/api/rates';
import { chartProblem, queryFromUrl, RateChart, rateTicks } from './RateChart';
import { defaultSearch } from './slice';

vi.mock('gatsby', () => ({ Link: ({ to, children }: { to: string; children?: ReactNode }) => h('a', { href: to }, children) }));

afterEach(() => vi.restoreAllMocks());

const row = (code: string, exchangeRate: number, validToDate: string | null = null, validFromDate = '2026-08-01'): ExchangeRate => ({
  code,
  description: code,
  descriptionTranslated: null,
  exchangeRate,
  validFromDate,
  validToDate,
});

describe('exchange rates requests', () => {
  it('defaults to page 1, size 10, sort by code with no order, today', () => {
    const search = defaultSearch();
    expect(search).toMatchObject({ key: '', page: 1, size: 10, sort: 'code', order: '' });
    expect(search.dov).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ratesParams(search)).toEqual({ validityDate: search.dov, sortByFields: 'code', max: 10, offset: 0 });
  });
  it('pages with offset (page - 1) x size and sends the order when one is chosen', () => {
    expect(ratesParams({ key: ' usd ', dov: '2026-08-20', page: 3, size: 25, sort: 'exchangeRate', order: 'desc' })).toEqual({
      validityDate: '2026-08-20',
      searchText: 'usd',
      sortByFields: 'exchangeRate:desc',
      max: 25,
      offset: 50,
    });
  });
  it('shifts dates across months and years', () => {
    expect(shiftDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDays('2025-12-31', 1)).toBe('2026-01-01');
  });
});

describe('difference with the previous day', () => {
  it('is today minus the previous rate only where the previous row has a closed validity', () => {
    const today = [row('USD', 123.5), row('EUR', 140), row('GBP', 160)];
    const previous = [row('USD', 123.25, '2026-08-19'), row('EUR', 139, null)];
    expect(withDifference(today, previous).map((r) => r.difference)).toEqual([0.25, null, null]);
  });
});

const rates = (store: ReturnType<typeof makeStore>, search: RatesSearch, showDifference: boolean) =>
  store.dispatch(ratesApi.endpoints.rates.initiate({ search, showDifference }));
const conversion = (store: ReturnType<typeof makeStore>, request: ConversionRequest) =>
  store.dispatch(ratesApi.endpoints.conversion.initiate(request));

describe('exchange rates in the data layer', () => {
  it('shows the rates with the difference from a second call for the previous day', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
      const params = (config?.params ?? {}) as Record<string, string>;
      return params.validityDate === '2026-08-20'
        ? { data: { resultList: [row('USD', 124, null, '2026-08-20')], totalCount: 1 } }
        : { data: { resultList: [row('USD', 123, '2026-08-19', '2026-08-19')], totalCount: 1 } };
    });
    const store = makeStore();
    const { data } = await rates(store, { ...defaultSearch(), dov: '2026-08-20' }, true);
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[1][1]?.params).toMatchObject({ validityDate: '2026-08-19', currencies: 'USD' });
    expect(data?.resultList[0].difference).toBe(1);
    expect(data?.previousDayMissing).toBe(false);
    expect(data?.publishedDate).toBe('2026-08-20');
  });
  it('compares with the publication before the one shown when the chosen date has no rates of its own', async () => {
    // The last rates were published on 29 September; the visitor asks for 25 November.
    const get = vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
      const params = (config?.params ?? {}) as Record<string, string>;
      return params.validityDate === '2026-11-25'
        ? { data: { resultList: [row('USD', 122.5, null, '2026-09-29')], totalCount: 1 } }
        : { data: { resultList: [row('USD', 122, '2026-09-28', '2026-09-28')], totalCount: 1 } };
    });
    const store = makeStore();
    const { data } = await rates(store, { ...defaultSearch(), dov: '2026-11-25' }, true);
    expect(get.mock.calls[1][1]?.params).toMatchObject({ validityDate: '2026-09-28' });
    expect(data?.publishedDate).toBe('2026-09-29');
    expect(data?.resultList[0].difference).toBe(0.5);
    expect(daysBetween('2026-09-29', '2026-11-25')).toBe(57);
  });
  it('still shows the rates when the previous-day call fails, with the message', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
      if ((config?.params as Record<string, string>).validityDate === '2026-08-20')
        return { data: { resultList: [row('USD', 124)], totalCount: 1 } };
      throw new Error('Network Error');
    });
    const store = makeStore();
    const { data } = await rates(store, { ...defaultSearch(), dov: '2026-08-20' }, true);
    expect(data?.resultList).toHaveLength(1);
    expect(data?.previousDayMissing).toBe(true);
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.previousDayFailed']);
  });
  it('fails with no rates and notifies when the rates call fails', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new Error('Network Error'));
    const store = makeStore();
    const answer = await rates(store, defaultSearch(), false);
    expect(answer).toMatchObject({ isError: true, error: { status: null } });
    expect(answer.data).toBeUndefined();
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.ratesFailed']);
  });
});

describe('currency converter', () => {
  it('takes amounts from 1 to a thousand billion, whose cents it holds exactly', () => {
    expect(readAmount('1000000000000', 'en')).toEqual({ value: MAX_AMOUNT });
    expect(readAmount('1000000000000.01', 'en')).toEqual({ problem: 'amountMax' });
    expect(readAmount('99999999999999999999', 'en')).toEqual({ problem: 'amountMax' });
    expect(readAmount('0.5', 'en')).toEqual({ problem: 'amountMin' });
  });
  it('totals amount x rate of the date', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [row('USD', 123.36114)], totalCount: 1 } });
    const store = makeStore();
    const { data } = await conversion(store, { dov: '2026-08-01', amount: 100, code: 'USD', label: 'USD — US Dollar' });
    expect(data?.total).toBeCloseTo(12336.114, 6);
    expect(data?.currency).toEqual({ label: 'USD — US Dollar', value: 'USD', rate: 123.36114, published: '2026-08-01' });
  });
  it('says No available rate for this date for a known currency without a rate, and notifies', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url) => {
      if (String(url).includes('/reference-service/currency/')) return { data: { code: 'USD' } };
      return { data: { resultList: [], totalCount: 0 } };
    });
    const store = makeStore();
    const answer = await conversion(store, { dov: '2020-01-01', amount: 5, code: 'USD', label: 'USD' });
    expect(answer).toMatchObject({ isError: true, error: { reason: 'converter.noRate' } });
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.convertFailed']);
  });
  it('says the currency code could not be fetched when that check fails', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url) => {
      if (String(url).includes('/reference-service/currency/')) throw new Error('Network Error');
      return { data: { resultList: [], totalCount: 0 } };
    });
    const store = makeStore();
    const answer = await conversion(store, { dov: '2026-08-01', amount: 5, code: 'USD', label: 'USD' });
    expect(answer).toMatchObject({ isError: true, error: { reason: 'converter.failed' } });
    expect(store.getState().notifications.map((n) => n.messageKey)).toEqual(['notifications.currencyCodeFailed']);
  });
  it('says Currency Not Found for a code the reference data does not know', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url) => {
      if (String(url).includes('/reference-service/currency/')) throw Object.assign(new Error('404'), { response: { status: 404 } });
      return { data: { resultList: [], totalCount: 0 } };
    });
    const store = makeStore();
    const answer = await conversion(store, { dov: '2026-08-01', amount: 5, code: 'XYZ', label: 'XYZ' });
    expect(answer).toMatchObject({ isError: true, error: { reason: 'converter.notFound' } });
    // Not found is said beside the field, not in the notifications.
    expect(store.getState().notifications).toHaveLength(0);
  });
  it('matches what was typed against the currencies of the date: code, label or name, in the page language too', () => {
    const list = [
      { label: 'AUD — Australian Dollar', value: 'AUD', rate: 80 },
      { label: 'EUR — Euro', value: 'EUR', rate: 140 },
      { label: 'USD — US Dollar', value: 'USD', rate: 123 },
      { label: 'CAD — Canadian Dollar', value: 'CAD', rate: 90 },
    ];
    expect(matchCurrency(' usd', list)?.value).toBe('USD');
    expect(matchCurrency('USD — US Dollar', list)?.value).toBe('USD');
    expect(matchCurrency('euro', list)?.value).toBe('EUR');
    expect(matchCurrency('EURO ', list)?.value).toBe('EUR');
    expect(matchCurrency('canadian', list)?.value).toBe('CAD');
    expect(matchCurrency('dólar estadounidense', list, 'es')?.value).toBe('USD');
    expect(matchCurrency('dollar australien', list, 'fr')?.value).toBe('AUD');
    // Several dollars: no guess.
    expect(matchCurrency('Dollar', list)).toBeUndefined();
    expect(matchCurrency('eu', list)).toBeUndefined();
  });
});

describe('chart axis', () => {
  it('puts round ticks around the rates', () => {
    const ticks = rateTicks(121.7, 124.2);
    expect(ticks[0]).toBeLessThanOrEqual(121.7);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(124.2);
    expect(ticks).toEqual([121, 122, 123, 124, 125]);
    expect(rateTicks(0.0071, 0.0078)).toEqual([0.007, 0.0072, 0.0074, 0.0076, 0.0078]);
  });
});

describe('rates in files and on screen', () => {
  const usd = { code: 'USD', description: 'US Dollar', descriptionTranslated: 'মার্কিন ডলার (তালিকা)' };
  it('name a currency in the page language: Bengali and Arabic names, not English', () => {
    expect(currencyNameIn(usd, 'bn')).toBe('মার্কিন ডলার');
    expect(currencyNameIn(usd, 'ar')).toBe('دولار أمريكي');
    expect(currencyNameIn(usd, 'en')).toBe('US Dollar');
  });
  it("fall back to the tenant's translation where the language searches it, else to English", () => {
    const unknown = { code: 'XQQ', description: 'Test unit', descriptionTranslated: 'পরীক্ষা একক' };
    expect(currencyNameIn(unknown, 'bn')).toBe('পরীক্ষা একক');
    expect(currencyNameIn(unknown, 'fr')).toBe('Test unit');
  });
  it('show differences with exactly 2 decimals and a sign only when something changed', () => {
    expect(formatDifference(0.0883)).toBe('+0.09');
    expect(formatDifference(-0.0883)).toBe('-0.09');
    expect(formatDifference(0.001)).toBe('0.00');
    expect(formatDifference(null)).toBe('-');
  });
});

describe('the exchange rates page', () => {
  it('the converter keeps its result and the rate used as left-to-right units in Arabic', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [row('USD', 123.16891)], totalCount: 1 } });
    const view = renderInLanguage(h(Converter, { language: 'ar' }), 'ar', 'rates');
    fireEvent.change(view.container.querySelector('input[inputmode="decimal"]')!, { target: { value: '١٬٠٠٠' } });
    fireEvent.change(view.container.querySelector('input[list]')!, { target: { value: 'USD' } });
    fireEvent.submit(view.container.querySelector('form')!);
    const output = await waitFor(() => {
      const found = view.container.querySelector('output');
      if (!found) throw new Error('no result yet');
      return found;
    });
    expect(output.querySelector('bdi[dir="ltr"]')?.textContent).toBe('1,000.00 USD = 123,168.91 BDT');
    const used = output.parentElement!.querySelector('.hint')!;
    expect(used.textContent).toMatch(/^السعر المطبَّق: 1 USD = 123.17 BDT في /);
    expect(used.querySelector('bdi[dir="ltr"]')?.textContent).toBe('1 USD = 123.17 BDT');
  });
  it('an emptied date of validity says the field is mandatory and searches nothing', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [row('USD', 123.16891)], totalCount: 1 } });
    const view = renderInLanguage(h(CustomsRates, { language: 'en' }), 'en', 'rates');
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
    const calls = get.mock.calls.length;
    const date = view.getByLabelText('Date of validity');
    fireEvent.change(date, { target: { value: '' } });
    fireEvent.submit(view.getByRole('search'));
    const alert = await view.findByRole('alert');
    expect(alert.textContent).toBe('This field is mandatory.');
    expect(date.getAttribute('aria-invalid')).toBe('true');
    expect(date.getAttribute('aria-describedby')).toBe(alert.id);
    expect(get.mock.calls.length).toBe(calls);

    // A date again: the message goes and the search runs.
    fireEvent.change(date, { target: { value: '2026-08-20' } });
    fireEvent.submit(view.getByRole('search'));
    await waitFor(() =>
      expect(get.mock.calls.some(([, config]) => (config?.params as { validityDate?: string }).validityDate === '2026-08-20')).toBe(true),
    );
    expect(view.queryByRole('alert')).toBeNull();
  });
});

describe('the rate chart asked for by a link', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads its currency and period, a date that is not a day of the calendar being the default', () => {
    expect(queryFromUrl('?currency=eur&from=2026-01-05&to=2026-02-05')).toEqual({ currency: 'EUR', from: '2026-01-05', to: '2026-02-05' });
    const fallback = queryFromUrl('?from=2026-02-30&to=2026-13-01');
    expect(fallback.to).toBe(todayIso());
    expect(fallback.from).toBe(shiftDays(todayIso(), -30));
    expect(chartProblem({ currency: 'EUR', from: '2026-03-01', to: '2026-02-01' })).toBe('chart.order');
    expect(chartProblem({ currency: 'EU', from: '2026-01-01', to: '2026-02-01' })).toBe('converter.mandatory');
    expect(chartProblem({ currency: 'EUR', from: '2026-02-29', to: '2026-03-01' })).toBe('converter.mandatory');
    expect(chartProblem({ currency: 'EUR', from: '2028-02-29', to: '2028-03-01' })).toBeNull();
    // At most the days the service answers: said at the form, not as a failed call.
    expect(chartProblem({ currency: 'USD', from: '2016-01-01', to: '2026-01-01' })).toBeNull();
    expect(chartProblem({ currency: 'USD', from: '1900-01-01', to: '2099-01-01' })).toBe('chart.tooLong');
  });

  it('says a period the wrong way round is, and asks the service nothing', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue({ data: {} });
    window.history.replaceState(null, '', '/en/exchange/chart/?currency=USD&from=2026-05-01&to=2026-01-01');
    const view = renderInLanguage(h(RateChart, { language: 'en' }), 'en', 'rates');
    expect((await view.findByRole('alert')).textContent).toBe('The start of the period must not be after its end.');
    expect((view.getByLabelText('From') as HTMLInputElement).value).toBe('2026-05-01');
    expect(get).not.toHaveBeenCalled();
  });
});
