import React, { useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { CallError } from '../../app/api';
import { Trans, useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { tenant } from '@guichet/shared/config/tenant';
import { decimalMarkOf, formatDate, formatNumber, parseAmount } from '@guichet/shared/i18n/language';
import { isDay, todayIso, useConversionQuery, useCurrenciesQuery, type ConversionRequest, type CurrencyOption } from './api';
import { conversionAsked, selectExchangeRates } from './slice';
import { Field } from '../../components/Form';
import { Ltr } from '../../components/Ltr';

/** Minimum amount the converter accepts. */
export const MIN_AMOUNT = 1;
/** Maximum: a thousand billion, whose cents a number still holds exactly (beyond it "99999999999999999999" showed as 10^20). */
export const MAX_AMOUNT = 1e12;

/** What is wrong with each field ('mandatory': empty), in the rates namespace's words (converter.*). */
type AmountProblem = 'mandatory' | 'amountNumber' | 'amountMin' | 'amountMax' | 'amountAmbiguous';
type CurrencyProblem = 'mandatory';
type DateProblem = 'mandatory' | 'dateInvalid' | 'dateFuture';
interface Problems {
  amount?: AmountProblem;
  currency?: CurrencyProblem;
  date?: DateProblem;
}

/** Bidirectional marks a right-to-left keyboard may put around a sign. */
const BIDI_MARKS = /[\u200e\u200f\u061c]/g;
/** A minus sign as it may be typed: hyphen-minus, minus, dashes, small or full-width hyphen-minus. */
const MINUS = /^[-\u2212\u2012\u2013\ufe63\uff0d]/;

/**
 * The amount typed, read in the page language, or what is wrong with it: empty, not a number, a number
 * below the minimum (a negative one too: "-1" is a number), or a number that reads two ways.
 */
export function readAmount(text: string, language: string): { value: number } | { problem: AmountProblem } {
  const typed = text.replace(BIDI_MARKS, '').trim();
  if (typed === '') return { problem: 'mandatory' };
  if (MINUS.test(typed)) {
    const rest = typed.replace(MINUS, '').trim();
    const magnitude = rest === '' ? null : parseAmount(rest, language);
    // A negative number is below the minimum whichever way its digits read.
    return magnitude === null || ('error' in magnitude && magnitude.error === 'invalid')
      ? { problem: 'amountNumber' }
      : { problem: 'amountMin' };
  }
  const parsed = parseAmount(typed, language);
  if ('error' in parsed) return { problem: parsed.error === 'ambiguous' ? 'amountAmbiguous' : 'amountNumber' };
  if (parsed.value < MIN_AMOUNT) return { problem: 'amountMin' };
  return parsed.value > MAX_AMOUNT ? { problem: 'amountMax' } : parsed;
}

const plain = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/**
 * What the visitor typed in the currency box, matched against the currencies of the date: the code ("USD",
 * "usd"), the option's label ("USD — US Dollar"), or the currency's name in English or in the page's
 * language ("euro", "dólar estadounidense"), whole or, when only one currency has it, in part.
 */
export function matchCurrency(text: string, list: CurrencyOption[], language = 'en'): CurrencyOption | undefined {
  const wanted = plain(text);
  if (!wanted) return undefined;
  const displayNames = (() => {
    try {
      return new Intl.DisplayNames([language, 'en'], { type: 'currency' });
    } catch {
      return undefined;
    }
  })();
  const namesOf = (option: CurrencyOption) =>
    [option.value, option.label, option.label.split(' — ').slice(1).join(' — '), displayNames?.of(option.value) ?? '']
      .map(plain)
      .filter(Boolean);
  const exact = list.find((option) => namesOf(option).includes(wanted));
  if (exact || wanted.length < 3) return exact;
  const partial = list.filter((option) => namesOf(option).some((name) => name.includes(wanted)));
  return partial.length === 1 ? partial[0] : undefined;
}

/** Amount x rate on a date: the value in the local currency. */
export function Converter({ language }: { language: string }) {
  const { t } = useTranslation('rates');
  const dispatch = useAppDispatch();
  const asked = useAppSelector(selectExchangeRates).conversion;
  const [refused, setRefused] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState('');
  const [dov, setDov] = useState(todayIso());
  const [problems, setProblems] = useState<Problems>({});
  const id = useId();
  const listId = `${id}-currencies`;

  const currencies = useCurrenciesQuery(isDay(dov) ? dov : skipToken);
  const conversion = useConversionQuery(asked ?? skipToken);
  const loading = conversion.isFetching;
  // The same conversion again (after a failure, say) asks the service again.
  const ask = (request: ConversionRequest) => {
    setRefused(null);
    if (asked && JSON.stringify(asked) === JSON.stringify(request)) void conversion.refetch();
    else dispatch(conversionAsked(request));
  };

  const submit = () => {
    // One conversion at a time: the button stays focusable while it runs (a disabled one drops the focus).
    if (loading) return;
    const read = readAmount(amount, language);
    const found: Problems = {
      ...('problem' in read ? { amount: read.problem } : {}),
      ...(currency.trim() ? {} : { currency: 'mandatory' as const }),
      ...(dov.trim() === ''
        ? { date: 'mandatory' as const }
        : !isDay(dov)
          ? { date: 'dateInvalid' as const }
          : dov > todayIso()
            ? { date: 'dateFuture' as const }
            : {}),
    };
    setProblems(found);
    if ('problem' in read || Object.keys(found).length > 0) {
      // The result of an earlier conversion does not stay beside the messages.
      dispatch(conversionAsked(null));
      setRefused(null);
      return;
    }
    const match = matchCurrency(currency, currencies.currentData ?? [], language);
    if (!match) {
      // Known to the portal but without a rate on this date, or not a currency at all.
      const code = currency.trim().toUpperCase();
      if (/^[A-Z]{3}$/.test(code)) {
        ask({ dov, amount: read.value, code, label: code });
        return;
      }
      dispatch(conversionAsked(null));
      setRefused('converter.notFound');
      return;
    }
    ask({ dov, amount: read.value, code: match.value, label: match.label });
  };

  const decimalMark = decimalMarkOf(language);
  const problemText = (found: AmountProblem | CurrencyProblem | DateProblem) =>
    found === 'amountMin'
      ? t('converter.amountMin', { min: MIN_AMOUNT })
      : found === 'amountMax'
        ? t('converter.amountMax', { max: formatNumber(MAX_AMOUNT) })
        : found === 'amountAmbiguous'
          ? t('converter.amountAmbiguous', { example: `25000${decimalMark}50`, mark: decimalMark })
          : t(`converter.${found}`);
  /** A field's state for assistive technologies: invalid, and described by its message, when it has one. */
  const problemOf = (field: keyof Problems) => {
    const found = problems[field];
    const messageId = `${id}-${field}-error`;
    return {
      attributes: { 'aria-invalid': found ? true : undefined, 'aria-describedby': found ? messageId : undefined },
      message: found ? (
        <p id={messageId} className="field-error" role="alert">
          {problemText(found)}
        </p>
      ) : null,
    };
  };
  const amountProblem = problemOf('amount');
  const currencyProblem = problemOf('currency');
  const dateProblem = problemOf('date');
  const failure = refused ?? (asked && conversion.error ? ((conversion.error as CallError).reason ?? 'converter.failed') : null);
  const result = asked && !loading ? conversion.currentData : undefined;
  return (
    <section className="converter" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('converter.title')}</h2>
      <p className="hint">{t('converter.intro', { currency: tenant.currency })}</p>
      <form
        className="search-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Field id={`${id}-amount`} label={t('converter.amount')}>
          <input
            id={`${id}-amount`}
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...amountProblem.attributes}
            autoComplete="off"
          />
          {amountProblem.message}
        </Field>
        <Field id={`${id}-currency`} label={t('converter.currency')}>
          <input
            id={`${id}-currency`}
            list={listId}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            {...currencyProblem.attributes}
            autoComplete="off"
          />
          <datalist id={listId}>
            {(currencies.currentData ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </datalist>
          {currencyProblem.message}
        </Field>
        <Field id={`${id}-date`} label={t('converter.date')}>
          <input
            id={`${id}-date`}
            type="date"
            value={dov}
            max={todayIso()}
            onChange={(event) => setDov(event.target.value)}
            {...dateProblem.attributes}
          />
          {dateProblem.message}
        </Field>
        <div className="form-actions">
          {/* Not disabled while converting: a keyboard visitor's focus stays on the button. */}
          <button type="submit" className="button" aria-disabled={loading || undefined}>
            {t('converter.convert')}
          </button>
        </div>
      </form>
      <div className="converter-result" aria-live="polite">
        {loading && <p className="loading">{t('converter.converting')}</p>}
        {!loading && failure && (
          <p className="field-error" role="alert">
            {t(failure)}
          </p>
        )}
        {asked && result && (
          <p className="converter-total">
            <output>
              <Ltr>
                {t('converter.result', {
                  amount: formatNumber(asked.amount),
                  currency: result.currency.value,
                  total: formatNumber(result.total),
                  local: tenant.currency,
                })}
              </Ltr>
            </output>
            <span className="hint">
              <Trans
                t={t}
                i18nKey={
                  result.currency.published && result.currency.published !== asked.dov
                    ? 'converter.rateUsedPublished'
                    : 'converter.rateUsed'
                }
                values={{
                  published: result.currency.published ? formatDate(result.currency.published, language) : '',
                  rate: formatNumber(result.currency.rate),
                  local: tenant.currency,
                  currency: result.currency.value,
                  date: formatDate(asked.dov, language),
                }}
                components={{ ltr: <Ltr /> }}
              />
            </span>
          </p>
        )}
      </div>
    </section>
  );
}
