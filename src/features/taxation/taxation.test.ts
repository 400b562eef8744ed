import { createElement as h } from 'react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { http } from '../../http/client';
import { renderInLanguage, localeOf, renderWithStore } from '../../test/store';
import { EMPTY_INPUT, inputErrors, normalizedInput, simulationRequest, useSimulationMutation, type TaxationInput } from './api';
import { simulationTable } from './export';
import { TaxationSimulation } from './TaxationSimulation';
import { tableToCsv } from '@guichet/shared/export/csv';

afterEach(() => vi.restoreAllMocks());

const input: TaxationInput = {
  typeOfDeclaration: 'IM-4',
  commodityCode: { value: '09012110', description: 'Roasted coffee' },
  itemCountryOfOriginCode: 'IN',
  statValueInForeignCurrency: '1000',
  currencyCode: { value: 'USD', rate: 122.4567 },
  supplementaryUnit: '',
};

describe('taxation simulation', () => {
  it('builds the request: type-generalProcedureCode split, statisticalValue = rate x foreign value', () => {
    expect(simulationRequest(input)).toEqual({
      document: { typeOfDeclaration: 'IM', generalProcedureCode: '4' },
      items: [
        {
          statisticalValue: 122456.7,
          itemCountryOfOriginCode: 'IN',
          commodityCode: '09012110',
          commodityDescription: 'Roasted coffee',
          statValueInForeignCurrency: 1000,
          currencyCode: 'USD',
          itemInvoiceCurrencyExchangeRate: 122.4567,
        },
      ],
    });
    expect(simulationRequest({ ...input, supplementaryUnit: '12.5' }).items[0].supplementaryUnit).toBe(12.5);
  });
  it('names what the form lacks', () => {
    expect(inputErrors(EMPTY_INPUT)).toEqual({
      typeOfDeclaration: 'required',
      commodityCode: 'required',
      itemCountryOfOriginCode: 'required',
      currencyCode: 'required',
      statValueInForeignCurrency: 'required',
    });
    expect(inputErrors({ ...input, statValueInForeignCurrency: '0', supplementaryUnit: 'x' })).toEqual({
      statValueInForeignCurrency: 'min',
      supplementaryUnit: 'number',
    });
    expect(inputErrors(input)).toEqual({});
  });
  it('reads values and quantities in Western, Arabic-Indic and Bengali digits', () => {
    const typed = (value: string, unit = '') => ({ ...input, statValueInForeignCurrency: value, supplementaryUnit: unit });
    expect(inputErrors(typed('١٠٠٠٠', '১২'), 'ar')).toEqual({});
    expect(normalizedInput(typed('١٠٠٠٠', '১২'), 'ar')).toMatchObject({ statValueInForeignCurrency: '10000', supplementaryUnit: '12' });
    expect(normalizedInput(typed('١٬٠٠٠٫٥'), 'ar').statValueInForeignCurrency).toBe('1000.5');
    expect(normalizedInput(typed('১০০০০'), 'bn').statValueInForeignCurrency).toBe('10000');
    expect(normalizedInput(typed('10 000,5'), 'fr').statValueInForeignCurrency).toBe('10000.5');
    expect(inputErrors(typed('٠'), 'ar')).toEqual({ statValueInForeignCurrency: 'min' });
    expect(inputErrors(typed('25.000'), 'fr')).toEqual({ statValueInForeignCurrency: 'ambiguous' });
    expect(inputErrors(typed('abc'), 'ar')).toEqual({ statValueInForeignCurrency: 'number' });
  });
  it('names a commodity typed but not found as not a tariff line, not as missing', () => {
    expect(inputErrors({ ...input, commodityCode: null }, 'en', 'flying carpets')).toEqual({ commodityCode: 'notTariffLine' });
    expect(inputErrors({ ...input, commodityCode: null }, 'en', ' ')).toEqual({ commodityCode: 'required' });
  });
  it('a failure clears the simulated data; a specific tax without quantity names the taxes, without a notification', async () => {
    const { result: hook, store } = renderWithStore(() => useSimulationMutation(), undefined);
    const run = () => act(() => void hook.current[0](input));
    const result = { items: [{ taxes: [], totalItemTaxes: 10 }], guaranteeAmount: 10, currency: 'BDT' };
    vi.spyOn(http, 'post').mockResolvedValueOnce({ data: result });
    await run();
    await waitFor(() => expect(hook.current[1].data).toEqual(result));

    const response = { status: 422, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data: { taxCodes: ['SD'] } };
    vi.spyOn(http, 'post').mockRejectedValueOnce(new AxiosError('422', 'ERR_BAD_REQUEST', undefined, undefined, response));
    await run();
    await waitFor(() => expect(hook.current[1].isError).toBe(true));
    expect(hook.current[1].data).toBeUndefined();
    expect(hook.current[1].error).toMatchObject({ reason: 'notEnoughInformation', details: ['SD'] });
    expect(store.getState().notifications).toHaveLength(0);

    vi.spyOn(http, 'post').mockRejectedValueOnce(new Error('network'));
    await run();
    await waitFor(() => expect(hook.current[1].error).toEqual({ status: null, notice: 'notifications.somethingWentWrong' }));
    expect(hook.current[1].data).toBeUndefined();
    expect(store.getState().notifications.at(-1)).toMatchObject({ messageKey: 'notifications.somethingWentWrong' });
  });
  it('says CET Tariff Not Found for a commodity without a tariff line, not "something went wrong"', async () => {
    const { result: hook, store } = renderWithStore(() => useSimulationMutation(), undefined);
    const data = {
      error: 'Bad Request',
      message: 'items[0].commodityCode: CET Tariff Not Found: no tariff line "99999999" valid on 2026-11-25',
    };
    const response = { status: 400, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data };
    vi.spyOn(http, 'post').mockRejectedValueOnce(new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, response));
    await act(() => void hook.current[0](input));
    await waitFor(() => expect(hook.current[1].error).toMatchObject({ reason: 'tariffNotFound' }));
    expect(store.getState().notifications).toHaveLength(0);

    // The service's 400 names the item's field: that is enough, whatever its message says.
    const byField = { ...response, data: { error: 'Bad Request', message: 'unknown', field: 'items[0].commodityCode' } };
    vi.spyOn(http, 'post').mockRejectedValueOnce(new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, byField));
    await act(() => void hook.current[0]({ ...input, commodityCode: { value: '99999999', description: '' } }));
    await waitFor(() => expect(hook.current[1].error).toMatchObject({ reason: 'tariffNotFound', details: '99999999' }));
  });
  it('exports the inputs with the taxes: value, currency, the rate used and the origin', () => {
    const t = ((key: string, options?: { defaultValue?: string }) => options?.defaultValue ?? key) as unknown as Parameters<
      typeof simulationTable
    >[4];
    const result = {
      items: [{ taxes: [{ code: 'CD', label: 'Customs duty', base: 122456.7, rate: 25, amount: 30614.18 }], totalItemTaxes: 30614.18 }],
      guaranteeAmount: 0,
      currency: 'BDT',
    };
    const table = simulationTable({ ...input, supplementaryUnit: '12' }, result, 'India', 'en', t);
    expect(table.details?.slice(0, -1)).toEqual([
      { label: 'fields.typeOfDeclaration', value: 'IM-4' },
      { label: 'export.commodity', value: '09012110 Roasted coffee' },
      { label: 'fields.itemCountryOfOriginCode', value: 'India (IN)' },
      { label: 'fields.statValueInForeignCurrency', value: '1,000.00 USD' },
      { label: 'export.exchangeRate', value: '1 USD = 122.4567 BDT' },
      { label: 'export.assessableValue', value: '122,456.70 BDT' },
      { label: 'export.supplementaryUnit', value: '12' },
    ]);
    expect(table.rows).toEqual([
      ['CD', 'Customs duty', 122456.7, 25, 30614.18],
      ['total', '', null, null, 30614.18],
      ['guarantee', '', null, null, 0],
    ]);
    expect(tableToCsv(table)).toContain('fields.statValueInForeignCurrency,"1,000.00 USD"');

    // A per-unit rate with its unit, and the sample note the page shows under the table.
    const specific = {
      ...result,
      items: [
        {
          taxes: [{ code: 'SD', label: 'SD', base: 10, rate: 4500, amount: 45000, specific: true, unit: '1000 sticks', sample: true }],
          totalItemTaxes: 45000,
        },
      ],
    };
    const withUnit = simulationTable(input, specific, 'India', 'en', t);
    expect(withUnit.rows[0]).toEqual(['SD', 'SD', 10, 'perUnit', 45000]);
    expect(withUnit.details?.at(-1)).toEqual({ label: 'export.noteLabel', value: 'sampleTax' });
  });
  it('keeps each amount with its currency a left-to-right isolate in an Arabic file', () => {
    const t = ((key: string) => key) as unknown as Parameters<typeof simulationTable>[4];
    const result = { items: [{ taxes: [], totalItemTaxes: 0 }], guaranteeAmount: 0, currency: 'BDT' };
    const details = Object.fromEntries(simulationTable(input, result, 'الهند', 'ar', t).details!.map(({ label, value }) => [label, value]));
    expect(details['fields.statValueInForeignCurrency']).toBe('\u20661,000.00 USD\u2069');
    expect(details['export.exchangeRate']).toBe('\u20661 USD = 122.4567 BDT\u2069');
    expect(details['export.assessableValue']).toBe('\u2066122,456.70 BDT\u2069');
  });
});

/** The simulation page against mocked services: the reference lists, the commodity lookup and the taxation service. */
function renderSimulation(language: string) {
  const lists: Record<string, unknown[]> = {
    modelOfDeclaration: [{ code: 'IM', generalProcedureCode: '4', description: 'Import for home use' }],
    country: [{ code: 'CN', description: 'China' }],
    exchangeRate: [{ code: 'USD', description: 'US Dollar', rate: 123.16891 }],
    commodity: [{ code: '61091000', description: 'T-shirts of cotton' }],
  };
  const result = {
    items: [{ taxes: [{ code: 'CD', label: 'Customs duty', base: 1231689.1, rate: 25, amount: 307922.28 }], totalItemTaxes: 1281726.48 }],
    guaranteeAmount: 0,
    currency: 'BDT',
  };
  const post = vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    const entity = /reference-service\/(\w+)\/search/.exec(url)?.[1];
    if (entity) return { data: { resultList: lists[entity] ?? [], totalCount: (lists[entity] ?? []).length } };
    const code = (body as { items: Array<{ commodityCode: string }> }).items[0].commodityCode;
    if (code === '61091000') return { data: result };
    const data = { error: 'Bad Request', message: `items[0].commodityCode: CET Tariff Not Found`, field: 'items[0].commodityCode' };
    const response = { status: 400, statusText: '', headers: {}, config: { headers: new AxiosHeaders() }, data };
    throw new AxiosError('400', 'ERR_BAD_REQUEST', undefined, undefined, response);
  });
  const view = renderInLanguage(h(TaxationSimulation, { language }), language, 'taxation');
  const field = (suffix: string) => view.container.querySelector(`[id$="-${suffix}"]`) as HTMLInputElement;
  const simulated = () =>
    post.mock.calls.filter(([url]) => String(url).endsWith('simulate')).map(([, body]) => (body as { items: unknown[] }).items[0]);
  const fill = async (code: string, value: string) => {
    await waitFor(() => expect(field('typeOfDeclaration').value).toBe('IM-4'));
    await waitFor(() => expect(view.container.querySelector(`[id$="-currencyCode"] option[value="USD"]`)).not.toBeNull());
    fireEvent.change(field('commodityCode'), { target: { value: code } });
    fireEvent.change(field('itemCountryOfOriginCode'), { target: { value: 'CN' } });
    fireEvent.change(field('statValueInForeignCurrency'), { target: { value } });
    fireEvent.change(field('currencyCode'), { target: { value: 'USD' } });
  };
  const submit = () => fireEvent.submit(view.container.querySelector('form')!);
  /** The T-shirts line (61091000) of the given value, simulated: its taxes shown. */
  const simulateTShirts = async (value: string) => {
    await fill('61091000', value);
    await waitFor(() => expect(view.getByText(/T-shirts of cotton/)).toBeTruthy());
    submit();
    await waitFor(() => expect(view.getByRole('table')).toBeTruthy());
  };
  return { view, field, fill, submit, simulated, simulateTShirts };
}

describe('what the simulation shows under its table, in its exports', () => {
  it('exports the guarantee amount after the total, and the note on administrative charges, in every format', async () => {
    for (const language of ['en', 'fr', 'es', 'ar', 'bn']) {
      const texts = localeOf(language, 'taxation') as Record<string, unknown> & { export: Record<string, string> };
      const t = ((key: string, options?: { defaultValue?: string }) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], texts) ??
        options?.defaultValue ??
        key) as unknown as Parameters<typeof simulationTable>[4];
      const result = {
        items: [{ taxes: [{ code: 'CD', label: 'Customs duty', base: 1000, rate: 25, amount: 250 }], totalItemTaxes: 250 }],
        guaranteeAmount: 1234.5,
        currency: 'BDT',
      };
      const table = simulationTable(input, result, 'India', language, t);
      expect(table.rows.at(-1)).toEqual([texts.guarantee, '', null, null, 1234.5]);
      expect(table.details?.at(-1)).toEqual({ label: texts.export.noteLabel, value: texts.export.note });
      // The note as a file shows it (label: text) is the note of the page.
      expect(`${texts.export.noteLabel}: ${texts.export.note}`.replace(/\s+:/, ':')).toBe(String(texts.note).replace(/\s+:/, ':'));
      const csv = tableToCsv(table);
      expect(csv).toContain(`${texts.guarantee},-,-,-,1234.5`);
      expect(csv).toContain(texts.export.note);
    }
  });
});

describe('the taxation simulation page', () => {
  it('says a negative value must be greater than 0, not that it is not a number', async () => {
    expect(inputErrors({ ...input, statValueInForeignCurrency: '-5' })).toEqual({ statValueInForeignCurrency: 'min' });
    expect(inputErrors({ ...input, statValueInForeignCurrency: '\u22125,5' }, 'fr')).toEqual({ statValueInForeignCurrency: 'min' });
    expect(inputErrors({ ...input, statValueInForeignCurrency: '-١٠٠' }, 'ar')).toEqual({ statValueInForeignCurrency: 'min' });
    expect(inputErrors({ ...input, supplementaryUnit: ' - 2 ' })).toEqual({ supplementaryUnit: 'min' });
    expect(inputErrors({ ...input, statValueInForeignCurrency: '-abc', supplementaryUnit: '--2' })).toEqual({
      statValueInForeignCurrency: 'number',
      supplementaryUnit: 'number',
    });
    expect(inputErrors({ ...input, statValueInForeignCurrency: '-25.000' }, 'fr')).toEqual({ statValueInForeignCurrency: 'ambiguous' });

    const page = renderSimulation('en');
    await page.fill('61091000', '-5');
    await waitFor(() => expect(page.view.getByText(/T-shirts of cotton/)).toBeTruthy());
    page.submit();
    expect(await page.view.findByText('Enter a value greater than 0')).toBeTruthy();
    expect(page.view.queryByText('Enter a number')).toBeNull();
    expect(page.simulated()).toHaveLength(0);
  });
  it('takes a value typed in Arabic-Indic or Bengali digits and sends it as a number', async () => {
    const page = renderSimulation('ar');
    await page.fill('61091000', '١٠٠٠٠');
    await waitFor(() => expect(page.view.getByText(/T-shirts of cotton/)).toBeTruthy());
    expect(page.field('statValueInForeignCurrency').value).toBe('١٠٠٠٠');
    fireEvent.change(page.field('supplementaryUnit'), { target: { value: '১২٫৫' } });
    page.submit();
    await waitFor(() => expect(page.simulated()).toHaveLength(1));
    expect(page.simulated()[0]).toMatchObject({ statValueInForeignCurrency: 10000, statisticalValue: 1231689.1, supplementaryUnit: 12.5 });
    expect(page.view.queryByText((localeOf('ar', 'taxation').validation as Record<string, string>).required)).toBeNull();
  });
  it('isolates each amount with its currency left to right in Arabic', async () => {
    const page = renderSimulation('ar');
    await page.simulateTShirts('10000');
    const isolated = [...page.view.container.querySelectorAll('bdi[dir="ltr"]')].map((element) => element.textContent);
    expect(isolated).toEqual(
      expect.arrayContaining(['1 USD = 123.17', '10,000.00 USD = 1,231,689.10 BDT', '1,281,726.48 BDT', '(104.06 %)', '0.00 BDT']),
    );
    // The value line keeps its Arabic words outside the isolate.
    const line = page.view.getByText((_, element) => element?.tagName === 'P' && /^القيمة: /.test(element.textContent ?? ''));
    expect(line.querySelector('bdi[dir="ltr"]')?.textContent).toBe('10,000.00 USD = 1,231,689.10 BDT');
  });
  it('prints what the result was computed from (the form is not printed), as simulated, not as edited since', async () => {
    const page = renderSimulation('en');
    await page.simulateTShirts('10000');
    const inputs = () => page.view.getByTestId('simulation-inputs');
    expect(inputs().classList.contains('print-only')).toBe(true);
    const facts = () =>
      [...inputs().querySelectorAll('div')].map(
        (item) => `${item.querySelector('dt')!.textContent}: ${item.querySelector('dd')!.textContent}`,
      );
    expect(facts()).toEqual(
      expect.arrayContaining([
        'Type of declaration: IM-4',
        expect.stringMatching(/^Country of origin: .+ \(CN\)$/),
        'Value in foreign currency: 10,000.00 USD',
        expect.stringMatching(/^Exchange rate used: 1 USD = 123\.1\d+ BDT$/),
      ]),
    );
    fireEvent.change(page.field('statValueInForeignCurrency'), { target: { value: '20000' } });
    expect(facts()).toContain('Value in foreign currency: 10,000.00 USD');
  });
  it('says an unknown commodity code is not a tariff line, not that the field is mandatory, and drops the previous result', async () => {
    const page = renderSimulation('en');
    await page.simulateTShirts('10000');
    expect(page.view.getByRole('table', { name: 'Taxes on tariff line 61091000' })).toBeTruthy();

    fireEvent.change(page.field('commodityCode'), { target: { value: '99999999' } });
    page.submit();
    await waitFor(() =>
      expect(page.simulated().map((item) => (item as { commodityCode: string }).commodityCode)).toEqual(['61091000', '99999999']),
    );
    const alert = await page.view.findByRole('alert');
    expect(alert.textContent).toBe(
      'CET Tariff Not Found: 99999999 is not a tariff line. Check the code or choose a line from the suggestions.',
    );
    expect(page.view.queryByText('This field is mandatory')).toBeNull();
    expect(page.view.queryByRole('table')).toBeNull();
    expect(page.field('commodityCode').getAttribute('aria-invalid')).toBe('true');
    expect(page.field('commodityCode').getAttribute('aria-describedby')).toBe(alert.id);
  });
  it('says a commodity text that matches no tariff line is none, without calling the service', async () => {
    const page = renderSimulation('en');
    await page.fill('flying carpets', '10000');
    page.submit();
    expect(
      await page.view.findByText('This text is not one tariff line: choose a line from the suggestions, or type its 8-digit HS code.'),
    ).toBeTruthy();
    expect(page.view.queryByText('This field is mandatory')).toBeNull();
    expect(page.simulated()).toHaveLength(0);
  });
});
