import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { http } from '../../http/client';
import { renderWithStore } from '../../test/store';
import { EMPTY_INPUT, inputErrors, simulationRequest, useSimulationMutation, type TaxationInput } from './api';
import { simulationTable } from './export';
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
    expect(table.details).toEqual([
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
    ]);
    expect(tableToCsv(table)).toContain('fields.statValueInForeignCurrency,"1,000.00 USD"');
  });
});
