import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_INPUT } from './api';
import { loadTaxation, saveTaxation, TAXATION_STORAGE_KEY } from './storage';

afterEach(() => window.sessionStorage.clear());

describe('the simulation form kept for the tab', () => {
  const input = {
    ...EMPTY_INPUT,
    typeOfDeclaration: 'IM-4',
    commodityCode: { value: '61091000', description: 'T-Shirts' },
    itemCountryOfOriginCode: 'CN',
    statValueInForeignCurrency: '25000.50',
    currencyCode: { value: 'USD', rate: 123.17, published: '2026-09-29' },
  };

  it('comes back as typed, with the currency by its code (its rate is read again)', () => {
    saveTaxation(input, '61091000 T-Shirts');
    const { currencyCode: _rate, ...typed } = input;
    expect(loadTaxation()).toEqual({ input: typed, currency: 'USD', commodityText: '61091000 T-Shirts' });
  });

  it('keeps nothing of an empty form, and reads nothing of another shape', () => {
    saveTaxation(input, 'x');
    saveTaxation({ ...EMPTY_INPUT, typeOfDeclaration: 'IM-4' }, '');
    expect(window.sessionStorage.getItem(TAXATION_STORAGE_KEY)).toBeNull();
    window.sessionStorage.setItem(TAXATION_STORAGE_KEY, JSON.stringify({ input: { typeOfDeclaration: 4 }, commodityText: '' }));
    expect(loadTaxation()).toBeNull();
    window.sessionStorage.setItem(TAXATION_STORAGE_KEY, '{not json');
    expect(loadTaxation()).toBeNull();
  });
});
