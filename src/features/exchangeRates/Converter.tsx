import React, { useId, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { CallError } from '../../app/api';
import { Trans, useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { tenant } from '@guichet/shared/config/tenant';
import { decimalMarkOf, formatDate, formatNumber, parseAmount } from '@guichet/shared/i18n/language';
import { isDay, todayIso, useConversionQuery, useCurrenciesQuery, type ConversionRequest, type CurrencyOption } from './api';
import { conversionAsked, selectExchangeRates } from './slice';
import { Field, FormActions } from '../../components/Form';
import { Ltr } from '../../components/Ltr';

/** Minimum amount the converter accepts. */
export const MIN_AMOUNT = 1;

type FieldProblem = 'amount' | 'amountMin' | 'amountAmbiguous' | 'currency' | 'date' | 'dateFuture' | null;

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
  const [problem, setProblem] = useState<FieldProblem>(null);
  const id = useId();
  const listId = `${id}-currencies`;

  const currencies = useCurrenciesQuery(isDay(dov) ? dov : skipToken);
  const conversion = useConversionQuery(asked ?? skipToken);
  // The same conversion again (after a failure, say) asks the service again.
  const ask = (request: ConversionRequest) => {
    setRefused(null);
    if (asked && JSON.stringify(asked) === JSON.stringify(request)) void conversion.refetch();
    else dispatch(conversionAsked(request));
  };

  const refuse = (found: FieldProblem) => {
    // The result of an earlier conversion does not stay beside the message.
    dispatch(conversionAsked(null));
    setRefused(null);
    setProblem(found);
  };
  const submit = () => {
    const parsed = parseAmount(amount, language);
    if (!currency.trim()) return refuse('currency');
    if (amount.trim() === '' || ('error' in parsed && parsed.error === 'invalid')) return refuse('amount');
    if ('error' in parsed) return refuse('amountAmbiguous');
    const value = parsed.value;
    if (value < MIN_AMOUNT) return refuse('amountMin');
    if (!isDay(dov)) return refuse('date');
    if (dov > todayIso()) return refuse('dateFuture');
    setProblem(null);
    const match = matchCurrency(currency, currencies.currentData ?? [], language);
    if (!match) {
      // Known to the portal but without a rate on this date, or not a currency at all.
      const code = currency.trim().toUpperCase();
      if (/^[A-Z]{3}$/.test(code)) {
        ask({ dov, amount: value, code, label: code });
        return;
      }
      dispatch(conversionAsked(null));
      setRefused('converter.notFound');
      return;
    }
    ask({ dov, amount: value, code: match.value, label: match.label });
  };

  const problemId = `${id}-problem`;
  const decimalMark = decimalMarkOf(language);
  const problemText = (found: Exclude<FieldProblem, null>) =>
    ({
      amountMin: () => t('converter.amountMin', { min: MIN_AMOUNT }),
      amount: () => t('converter.amountNumber'),
      amountAmbiguous: () => t('converter.amountAmbiguous', { example: `25000${decimalMark}50`, mark: decimalMark }),
      currency: () => t('converter.mandatory'),
      date: () => t('converter.dateInvalid'),
      dateFuture: () => t('converter.dateFuture'),
    })[found]();
  const loading = conversion.isFetching;
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
            aria-invalid={problem === 'amount' || problem === 'amountMin' || undefined}
            aria-describedby={problem ? problemId : undefined}
            autoComplete="off"
          />
        </Field>
        <Field id={`${id}-currency`} label={t('converter.currency')}>
          <input
            id={`${id}-currency`}
            list={listId}
            value={currency}
            onChange={(event) => setCurrency(event.target.value)}
            aria-invalid={problem === 'currency' || undefined}
            aria-describedby={problem ? problemId : undefined}
            autoComplete="off"
          />
          <datalist id={listId}>
            {(currencies.currentData ?? []).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </datalist>
        </Field>
        <Field id={`${id}-date`} label={t('converter.date')}>
          <input
            id={`${id}-date`}
            type="date"
            value={dov}
            max={todayIso()}
            onChange={(event) => setDov(event.target.value)}
            aria-invalid={problem === 'date' || problem === 'dateFuture' || undefined}
            aria-describedby={problem ? problemId : undefined}
          />
        </Field>
        <FormActions submit={t('converter.convert')} disabled={loading} />
        {problem && (
          <p id={problemId} className="field-error" role="alert">
            {problemText(problem)}
          </p>
        )}
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
                i18nKey="converter.rateUsed"
                values={{
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
