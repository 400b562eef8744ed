import { createElement as h } from 'react';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLanguage } from '../../test/store';
import { http } from '../../http/client';
import type { ExchangeRate } from './api';
import { Converter } from './Converter';

afterEach(() => vi.restoreAllMocks());

const usd: ExchangeRate = {
  code: 'USD',
  description: 'US Dollar',
  descriptionTranslated: null,
  exchangeRate: 121.5,
  validFromDate: '2026-08-01',
  validToDate: null,
};

function converter(language = 'en') {
  const view = renderInLanguage(h(Converter, { language }), language, 'rates');
  const amount = view.container.querySelector<HTMLInputElement>('input[inputmode="decimal"]')!;
  const currency = view.container.querySelector<HTMLInputElement>('input[list]')!;
  const button = view.container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const fill = (amountText: string, currencyText: string) => {
    fireEvent.change(amount, { target: { value: amountText } });
    fireEvent.change(currency, { target: { value: currencyText } });
  };
  /** The message that describes a field, if any. */
  const messageOf = (field: HTMLElement) =>
    (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  return { view, amount, currency, button, fill, messageOf, convert: () => fireEvent.submit(button.form!) };
}

describe('the converter says what is wrong with each field', () => {
  it.each(['-1', '0', '0.99', '-25.5'])('"%s" is a number below the minimum', (text) => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, currency, fill, messageOf, convert } = converter();
    fill(text, 'USD');
    convert();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('The amount must be at least 1.');
    expect(currency.getAttribute('aria-invalid')).toBeNull();
  });

  it('an amount that is not a number says so', () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, fill, messageOf, convert } = converter();
    fill('abc', 'USD');
    convert();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('The amount must be a number.');
  });

  it('an empty amount with a currency chosen says the amount is mandatory', () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, currency, fill, messageOf, convert } = converter();
    fill('  ', 'USD');
    convert();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('This field is mandatory.');
    expect(currency.getAttribute('aria-invalid')).toBeNull();
  });

  it('both fields empty: both are marked, each with its message', () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, currency, messageOf, convert } = converter();
    convert();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(currency.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(amount)).toBe('This field is mandatory.');
    expect(messageOf(currency)).toBe('This field is mandatory.');
  });

  it('a wrong amount and an empty currency: both are said', () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, currency, fill, messageOf, convert } = converter();
    fill('-1', '');
    convert();
    expect(messageOf(amount)).toBe('The amount must be at least 1.');
    expect(messageOf(currency)).toBe('This field is mandatory.');
  });

  it('says it in the page language, negative Arabic-Indic amounts too', () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { amount, currency, fill, messageOf, convert } = converter('ar');
    fill('-١', '');
    convert();
    expect(messageOf(amount)).toBe('يجب ألا يقل المبلغ عن 1.');
    expect(messageOf(currency)).toBe('هذا الحقل إلزامي.');
  });

  it('the messages go once the fields are right, and the conversion runs', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { view, amount, currency, fill, convert } = converter();
    convert();
    fill('10', 'USD');
    convert();
    await waitFor(() => expect(view.container.querySelector('output')?.textContent).toBe('10.00 USD = 1,215.00 BDT'));
    expect(amount.getAttribute('aria-invalid')).toBeNull();
    expect(currency.getAttribute('aria-invalid')).toBeNull();
    expect(view.queryByText('This field is mandatory.')).toBeNull();
  });
});

describe('the converter keeps the keyboard where it was', () => {
  /** Whether the Convert button was ever disabled: a focused button that is disabled loses the focus to the page. */
  const watchDisabled = (button: HTMLButtonElement) => {
    const seen = { disabled: false };
    const observer = new MutationObserver(() => {
      if (button.disabled) seen.disabled = true;
    });
    observer.observe(button, { attributes: true });
    return { seen, stop: () => observer.disconnect() };
  };

  it('after a conversion, the focus stays on Convert', async () => {
    vi.spyOn(http, 'get').mockResolvedValue({ data: { resultList: [usd], totalCount: 1 } });
    const { view, button, fill } = converter();
    fill('10', 'USD');
    button.focus();
    const watch = watchDisabled(button);
    fireEvent.click(button);
    await waitFor(() => expect(view.container.querySelector('output')).not.toBeNull());
    watch.stop();
    expect(watch.seen.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('after a date without a rate, the focus stays on Convert and the reason is said', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url) => {
      if (String(url).includes('/reference-service/currency/')) return { data: { code: 'USD' } };
      return { data: { resultList: [], totalCount: 0 } };
    });
    const { view, button, fill } = converter();
    fill('10', 'USD');
    button.focus();
    const watch = watchDisabled(button);
    fireEvent.click(button);
    expect((await view.findByText('No available rate for this date')).getAttribute('role')).toBe('alert');
    watch.stop();
    expect(watch.seen.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('a second Convert while the first is on its way asks nothing more', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const get = vi.spyOn(http, 'get').mockImplementation(async (_url, config) => {
      if ((config?.params as { currencies?: string } | undefined)?.currencies) return new Promise((resolve) => (answer = resolve));
      return { data: { resultList: [usd], totalCount: 1 } };
    });
    const { view, button, fill } = converter();
    fill('10', 'USD');
    fireEvent.click(button);
    await waitFor(() => expect(view.getByText('Converting…')).toBeTruthy());
    const calls = get.mock.calls.length;
    fireEvent.change(view.container.querySelector('input[inputmode="decimal"]')!, { target: { value: '20' } });
    fireEvent.click(button);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(get.mock.calls.length).toBe(calls);
    answer({ data: { resultList: [usd], totalCount: 1 } });
    await waitFor(() => expect(view.container.querySelector('output')?.textContent).toBe('10.00 USD = 1,215.00 BDT'));
  });
});
