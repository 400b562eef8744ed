import React, { useEffect, useId, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Trans, useTranslation } from 'react-i18next';
import type { CallError } from '../../app/api';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { usesTranslatedSearch } from '@guichet/shared/config/tenant';
import {
  countryName,
  currencyName,
  decimalMarkOf,
  formatDate,
  formatNumber,
  optionLabel,
  textLanguage,
  todayIso,
  westernDigits,
} from '@guichet/shared/i18n/language';
import { commodityName, useReferenceList } from '../../http/reference';
import { useReferenceLookup } from '../../http/useReferenceLookup';
import {
  EMPTY_INPUT,
  inputErrors,
  normalizedInput,
  typedCode,
  useSimulationMutation,
  type InputErrors,
  type TaxationInput,
  type Tax,
} from './api';
import { simulationInputs, simulationTable } from './export';
import { loadTaxation, saveTaxation } from './storage';
import { Field, FormActions } from '../../components/Form';
import { Ltr } from '../../components/Ltr';

const describe = (row: { description?: unknown; descriptionTranslated?: unknown }, translated: boolean) =>
  String((translated && row.descriptionTranslated) || row.description || '');
const countryLabel = (row: { code?: unknown; description?: unknown }, language: string, translated: boolean) =>
  countryName(String(row.code), language) ?? describe(row, translated);
/** A currency of the exchange-rate list as the form keeps it: its code, today's rate and when that rate was published. */
const currencyChoice = (row: { code?: unknown; rate?: unknown; validFromDate?: unknown }): NonNullable<TaxationInput['currencyCode']> => ({
  value: String(row.code),
  rate: Number(row.rate),
  published: row.validFromDate ? String(row.validFromDate) : null,
});

/** Taxation simulation: a tariff line, its origin and value in a currency -> each tax, its base and amount. */
export function TaxationSimulation({ language }: { language: string }) {
  const { t } = useTranslation('taxation');
  const [runSimulation, simulation] = useSimulationMutation();
  const { data, isLoading: loading, isError: error, originalArgs: simulated } = simulation;
  const failure = simulation.error as CallError | undefined;
  const missing = failure?.reason === 'notEnoughInformation' ? (failure.details as string[]) : null;
  const tariffNotFound = failure?.reason === 'tariffNotFound' ? String(failure.details ?? '') : null;
  const translated = usesTranslatedSearch(language);
  const id = useId();
  const [input, setInput] = useState<TaxationInput>(EMPTY_INPUT);
  const [commodityText, setCommodityText] = useState('');
  const [errors, setErrors] = useState<InputErrors>({});
  const commodities = useReferenceLookup('commodity', westernDigits(commodityText), translated, 15, language);

  const models = useReferenceList('modelOfDeclaration');
  const countryList = useReferenceList('country');
  // Without the day's customs rates no value can be converted: unlike other suggestions, say so.
  const currencies = useReferenceList('exchangeRate', 'notifications.customsRatesFailed');

  // The form kept for this tab comes back after a reload or a change of language; the currency's rate is
  // read again from today's rates once they are here.
  const [restored, setRestored] = useState(false);
  const [keptCurrency, setKeptCurrency] = useState<string | null>(null);
  useEffect(() => {
    const kept = loadTaxation();
    if (kept) {
      setInput({ ...EMPTY_INPUT, ...kept.input });
      setCommodityText(kept.commodityText);
      setKeptCurrency(kept.currency);
    }
    setRestored(true);
  }, []);
  useEffect(() => {
    if (!keptCurrency || currencies.length === 0) return;
    const row = currencies.find((item) => item.code === keptCurrency);
    if (row)
      setInput((current) => ({
        ...current,
        currencyCode: currencyChoice(row),
      }));
    setKeptCurrency(null);
  }, [keptCurrency, currencies]);
  useEffect(() => {
    if (restored && !keptCurrency) saveTaxation(input, commodityText);
  }, [restored, keptCurrency, input, commodityText]);

  // Import for home use by default, once the declaration types are known.
  useEffect(() => {
    if (!input.typeOfDeclaration && models.some((model) => model.code === 'IM' && model.generalProcedureCode === '4'))
      setInput((current) => ({ ...current, typeOfDeclaration: 'IM-4' }));
  }, [models, input.typeOfDeclaration]);

  const countries = useMemo(
    () =>
      [...countryList].sort((a, b) => countryLabel(a, language, translated).localeCompare(countryLabel(b, language, translated), language)),
    [countryList, translated, language],
  );

  // The commodity typed or picked: an exact code among the suggestions.
  const pickCommodity = (text: string) => {
    setCommodityText(text);
    const code = typedCode(text);
    const found = commodities.find((row) => row.code === code);
    setInput((current) => ({
      ...current,
      commodityCode: found ? { value: String(found.code), description: commodityName(found, language, translated).text } : null,
    }));
  };
  useEffect(() => {
    // Suggestions arriving after an exact code was typed.
    const code = typedCode(commodityText);
    if (!input.commodityCode && code && /^\d{8}$/.test(code)) {
      const found = commodities.find((row) => row.code === code);
      if (found)
        setInput((current) => ({
          ...current,
          commodityCode: { value: code, description: commodityName(found, language, translated).text },
        }));
    }
  }, [commodities, commodityText, input.commodityCode, translated, language]);

  const update = (changes: Partial<TaxationInput>) => setInput((current) => ({ ...current, ...changes }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // A code typed but not among the suggestions (unknown, or suggestions still on their way) goes to the service,
    // which knows every tariff line and answers "CET Tariff Not Found" for a code that is none.
    const code = typedCode(commodityText);
    const asked = { ...input, commodityCode: input.commodityCode ?? (code ? { value: code, description: '' } : null) };
    const found = inputErrors(asked, language, commodityText);
    setErrors(found);
    if (Object.keys(found).length) {
      // The result of an earlier simulation does not stay below the messages.
      simulation.reset();
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    void runSimulation(normalizedInput(asked, language));
  };

  const fieldError = (field: keyof TaxationInput) =>
    errors[field] ? (
      <p id={`${id}-${field}-error`} className="field-error">
        {t(`validation.${errors[field]}`, { example: `25000${decimalMarkOf(language)}50`, mark: decimalMarkOf(language) })}
      </p>
    ) : null;
  const describedBy = (field: keyof TaxationInput) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  // The commodity the service did not find, while the box still holds it.
  const commodityRefused = tariffNotFound !== null && typedCode(commodityText) === tariffNotFound;

  const taxes = data?.items[0]?.taxes ?? [];
  const columns = useMemo<Array<ColumnDef<Tax, unknown>>>(
    () => [
      { id: 'code', header: t('columns.code'), accessorFn: (row) => row.code },
      { id: 'label', header: t('columns.label'), accessorFn: (row) => t(`common:taxNames.${row.code}`, { defaultValue: row.label }) },
      {
        id: 'base',
        header: t('columns.base'),
        meta: { numeric: true },
        accessorFn: (row) => row.base,
        cell: ({ getValue }) => formatNumber(getValue() as number),
      },
      {
        id: 'rate',
        header: t('columns.rate'),
        meta: { numeric: true },
        accessorFn: (row) => row.rate,
        cell: ({ row }) =>
          row.original.specific
            ? t('perUnit', { amount: formatNumber(row.original.rate), unit: row.original.unit ?? '' })
            : `${formatNumber(row.original.rate)} %`,
      },
      {
        id: 'amount',
        header: t('columns.amount'),
        meta: { numeric: true },
        accessorFn: (row) => row.amount,
        cell: ({ getValue }) => formatNumber(getValue() as number),
      },
    ],
    [t],
  );

  // The file and the printed page say what the result was computed from: the input of the simulation, not the
  // form as edited since (the form itself is not printed).
  const shown = simulated ?? input;
  const shownCountry = countryList.find((row) => row.code === shown.itemCountryOfOriginCode);
  const shownCountryName = shownCountry ? countryLabel(shownCountry, language, translated) : shown.itemCountryOfOriginCode;
  const exportTable = async () => simulationTable(shown, data!, shownCountryName, language, t);

  const value = Number(shown.statValueInForeignCurrency);
  const national = shown.currencyCode && Number.isFinite(value) ? shown.currencyCode.rate * value : null;

  return (
    <div className="tool">
      <form className="search-form criteria-form" aria-label={t('form.label')} noValidate onSubmit={submit}>
        <Field id={`${id}-typeOfDeclaration`} label={t('fields.typeOfDeclaration')}>
          <select
            id={`${id}-typeOfDeclaration`}
            value={input.typeOfDeclaration}
            onChange={(event) => update({ typeOfDeclaration: event.target.value })}
            {...describedBy('typeOfDeclaration')}
          >
            <option value="">{t('form.choose')}</option>
            {models.map((model) => (
              <option
                key={`${model.code}-${model.generalProcedureCode}`}
                value={`${model.code}-${model.generalProcedureCode}`}
                lang={language !== 'en' && !(translated && model.descriptionTranslated) ? 'en' : undefined}
              >
                {optionLabel(`${model.code}-${model.generalProcedureCode}`, describe(model, translated))}
              </option>
            ))}
          </select>
          {fieldError('typeOfDeclaration')}
        </Field>
        <Field id={`${id}-commodityCode`} label={t('fields.commodityCode')}>
          <input
            id={`${id}-commodityCode`}
            type="search"
            list={`${id}-commodity-list`}
            value={commodityText}
            onChange={(event) => pickCommodity(event.target.value)}
            placeholder={t('placeholders.commodityCode')}
            autoComplete="off"
            {...(commodityRefused ? { 'aria-invalid': true, 'aria-describedby': `${id}-tariffNotFound` } : describedBy('commodityCode'))}
          />
          <datalist id={`${id}-commodity-list`}>
            {commodities.map((row) => (
              <option key={String(row.code)} value={String(row.code)}>
                {commodityName(row, language, translated).text}
              </option>
            ))}
          </datalist>
          {input.commodityCode ? (
            <p className="hint" {...textLanguage(translated ? language : 'en')}>
              {input.commodityCode.value} · {input.commodityCode.description}
            </p>
          ) : (
            fieldError('commodityCode')
          )}
        </Field>
        <Field id={`${id}-itemCountryOfOriginCode`} label={t('fields.itemCountryOfOriginCode')}>
          <select
            id={`${id}-itemCountryOfOriginCode`}
            value={input.itemCountryOfOriginCode}
            onChange={(event) => update({ itemCountryOfOriginCode: event.target.value })}
            {...describedBy('itemCountryOfOriginCode')}
          >
            <option value="">{t('form.choose')}</option>
            {countries.map((country) => (
              <option key={String(country.code)} value={String(country.code)}>
                {optionLabel(countryLabel(country, language, translated), String(country.code))}
              </option>
            ))}
          </select>
          {fieldError('itemCountryOfOriginCode')}
        </Field>
        <Field id={`${id}-statValueInForeignCurrency`} label={t('fields.statValueInForeignCurrency')}>
          <input
            id={`${id}-statValueInForeignCurrency`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={input.statValueInForeignCurrency}
            onChange={(event) => update({ statValueInForeignCurrency: event.target.value })}
            {...describedBy('statValueInForeignCurrency')}
          />
          {fieldError('statValueInForeignCurrency')}
        </Field>
        <Field id={`${id}-currencyCode`} label={t('fields.currencyCode')}>
          <select
            id={`${id}-currencyCode`}
            value={input.currencyCode?.value ?? ''}
            onChange={(event) => {
              const row = currencies.find((item) => item.code === event.target.value);
              update({ currencyCode: row ? currencyChoice(row) : null });
            }}
            {...describedBy('currencyCode')}
          >
            <option value="">{t('form.choose')}</option>
            {currencies.map((row) => (
              <option key={String(row.code)} value={String(row.code)}>
                {optionLabel(
                  String(row.code),
                  (language !== 'en' && currencyName(String(row.code), language)) || describe(row, translated),
                )}
              </option>
            ))}
          </select>
          {input.currencyCode ? (
            <p className="hint">
              <Trans
                t={t}
                // The rate in force is the latest published: its date is said when it is not today's.
                i18nKey={input.currencyCode.published && input.currencyCode.published !== todayIso() ? 'rateOfDayPublished' : 'rateOfDay'}
                values={{
                  rate: formatNumber(input.currencyCode.rate),
                  currency: input.currencyCode.value,
                  published: input.currencyCode.published ? formatDate(input.currencyCode.published, language) : '',
                }}
                components={{ ltr: <Ltr /> }}
              />
            </p>
          ) : (
            fieldError('currencyCode')
          )}
        </Field>
        <Field id={`${id}-supplementaryUnit`} label={t('fields.supplementaryUnit')}>
          <input
            id={`${id}-supplementaryUnit`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={input.supplementaryUnit}
            onChange={(event) => update({ supplementaryUnit: event.target.value })}
            {...describedBy('supplementaryUnit')}
          />
          {fieldError('supplementaryUnit') ?? <p className="hint">{t('hints.supplementaryUnit')}</p>}
        </Field>
        <FormActions
          submit={t('form.simulate')}
          disabled={loading}
          reset={{
            label: t('form.reset'),
            onClick: () => {
              setInput({ ...EMPTY_INPUT, typeOfDeclaration: input.typeOfDeclaration });
              setCommodityText('');
              setErrors({});
              simulation.reset();
            },
          }}
        />
      </form>

      <section className="results" aria-labelledby={`${id}-result`} aria-busy={loading}>
        <div className="results-head">
          <h2 id={`${id}-result`}>{t('result.title')}</h2>
          {data && (
            <div className="results-actions">
              <ExportMenu load={exportTable} fileName="taxation-simulation" />
            </div>
          )}
        </div>
        {loading && (
          <p className="loading" role="status">
            {t('result.loading')}
          </p>
        )}
        {missing && (
          <p className="notice notice-inline" role="alert">
            {t('cannotCalculate', { codes: missing.join(', ') })}
          </p>
        )}
        {tariffNotFound !== null && (
          <p id={`${id}-tariffNotFound`} className="notice notice-inline" role="alert">
            {t('tariffNotFound', { code: tariffNotFound })}
          </p>
        )}
        {!loading && !data && !error && <p className="hint">{t('result.empty')}</p>}
        {data && (
          <>
            <dl className="facts print-only" data-testid="simulation-inputs">
              {simulationInputs(shown, data, shownCountryName, language, t).map(({ label, value }) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>
              <Trans
                t={t}
                i18nKey="result.value"
                values={{
                  foreign: formatNumber(value),
                  currency: shown.currencyCode?.value ?? '',
                  national: formatNumber(national),
                  nationalCurrency: data.currency,
                }}
                components={{ ltr: <Ltr /> }}
              />
            </p>
            <DataTable
              caption={t('result.caption', { code: shown.commodityCode?.value ?? '' })}
              columns={columns}
              data={taxes}
              rowKey={(row) => row.code}
            />
            <dl className="facts">
              <div>
                <dt>{t('total')}</dt>
                <dd>
                  <strong>
                    <Ltr>
                      {formatNumber(data.items[0]?.totalItemTaxes)} {data.currency}
                    </Ltr>
                  </strong>
                  {national ? (
                    <>
                      {' '}
                      <Ltr>({formatNumber(((data.items[0]?.totalItemTaxes ?? 0) / national) * 100)} %)</Ltr>
                    </>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt>{t('guarantee')}</dt>
                <dd>
                  <Ltr>
                    {formatNumber(data.guaranteeAmount)} {data.currency}
                  </Ltr>
                </dd>
              </div>
            </dl>
            {taxes.some((tax) => tax.sample) && <p className="hint">{t('sampleTax')}</p>}
            <p className="notice notice-inline">{t('note')}</p>
          </>
        )}
      </section>
    </div>
  );
}
