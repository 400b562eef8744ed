import React, { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Field, FormActions, SearchForm, SearchText, fieldText } from '../../components/Form';
import { ResultStatus } from '../../components/ResultStatus';
import { notify } from '../../app/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { showInAddress, useAddressedSearch } from '../../app/address';
import { DataTable } from '../../components/DataTable';
import { DEFAULT_PAGE_SIZE, SearchPager } from '../../components/Pager';
import { useFieldValue } from '../../components/useFieldValue';
import { download } from '@guichet/shared/export/download';
import { currencyName, formatDate, formatNumber, isDay, textLanguage, todayIso } from '@guichet/shared/i18n/language';
import { MAX_RATE_SEARCH_LENGTH } from '@guichet/shared/api/rates';
import { skipToken } from '@reduxjs/toolkit/query';
import { fetchCsv, printUrl, useCentralBankRatesQuery, type CentralBankRate, type ExternalRatesSearch, type PrintFormat } from './api';
import { centralBankSearchShown, selectExternalRates } from './slice';

/** The search's address: its date and text (?date=2026-03-01&q=yen), so that a reload or a link finds it again. */
export function addressOfSearch(search: Pick<ExternalRatesSearch, 'date' | 'searchText'>): string {
  return `?${new URLSearchParams({ date: search.date, ...(search.searchText ? { q: search.searchText } : {}) })}`;
}

/** The search an address names: today's rates without a date, or with one that is no day. */
export function searchOfAddress(query: string): ExternalRatesSearch {
  const parameters = new URLSearchParams(query);
  const date = parameters.get('date') ?? '';
  return {
    date: isDay(date) ? date : todayIso(),
    searchText: (parameters.get('q') ?? '').slice(0, MAX_RATE_SEARCH_LENGTH),
    page: 1,
    size: DEFAULT_PAGE_SIZE,
  };
}

/** A central bank's reference rates (the European Central Bank's in the embedded default): search and print. */
export function CentralBankRates({ language }: { language: string }) {
  const { t } = useTranslation('rates');
  const dispatch = useAppDispatch();
  const { search } = useAppSelector(selectExternalRates);
  const {
    loading,
    searched,
    failed,
    result: page,
    ask: run,
  } = searchOf(search, useCentralBankRatesQuery(search ? { ...search, language } : skipToken), (next: ExternalRatesSearch) =>
    dispatch(centralBankSearchShown(next)),
  );
  const data = useMemo(() => page?.exchangeRates ?? [], [page]);
  const totalCount = page?.totalCount ?? 0;
  const source = page?.source ?? null;
  const textField = useFieldValue();
  const [date, setDate] = useState('');
  const [printing, setPrinting] = useState(false);

  // The address's search shows on arrival, and Back and Forward show theirs; a new search is a new entry.
  const setText = textField[1];
  useAddressedSearch(
    (arrival) => {
      const addressed = searchOfAddress(window.location.search);
      setDate(addressed.date);
      // On arrival an address without text keeps what was typed before the page's scripts ran.
      if (addressed.searchText || !arrival) setText(addressed.searchText);
      if (arrival) showInAddress(addressOfSearch(addressed), false);
      dispatch(centralBankSearchShown(addressed));
    },
    [dispatch, setText],
  );
  const searchFor = (next: ExternalRatesSearch) => {
    showInAddress(addressOfSearch(next), true);
    run(next);
  };

  const print = async (format: PrintFormat) => {
    if (!search) return;
    if (format !== 'csv') {
      window.open(printUrl(search, format, language, page?.currencies), '_blank', 'noopener');
      return;
    }
    setPrinting(true);
    try {
      download(new Blob([await fetchCsv(search, language, page?.currencies)], { type: 'text/csv;charset=utf-8' }), 'rates.csv');
    } catch {
      dispatch(notify('error', 'notifications.centralBankFailed'));
    } finally {
      setPrinting(false);
    }
  };

  const base = data[0]?.baseCurrency ?? 'EUR';
  const columns = useMemo<Array<ColumnDef<CentralBankRate, unknown>>>(
    () => [
      { id: 'currency', header: t('columns.code'), accessorFn: (row) => row.currency },
      {
        id: 'currencyName',
        header: t('columns.name'),
        // In the page language where the browser has the currency's name (as the customs rates and the printed
        // files give it), else the feed's English name.
        accessorFn: (row) => (language !== 'en' && currencyName(row.currency, language)) || row.currencyName,
        cell: ({ row, getValue }) =>
          getValue() !== row.original.currencyName ? (
            <span {...textLanguage(language)}>{getValue() as string}</span>
          ) : (
            <span lang="en" dir="ltr">
              {(getValue() as string | null) ?? '-'}
            </span>
          ),
      },
      {
        id: 'rate',
        header: t('centralBank.rate', { base }),
        meta: { numeric: true },
        accessorFn: (row) => row.rate,
        cell: ({ getValue }) => formatNumber(getValue() as number),
      },
    ],
    [t, base, language],
  );

  return (
    <div className="tool">
      <SearchForm
        label={t('centralBank.form')}
        onSearch={(fields) =>
          searchFor({
            date: isDay(date) ? date : todayIso(),
            searchText: fieldText(fields, 'searchText'),
            page: 1,
            size: search?.size ?? DEFAULT_PAGE_SIZE,
          })
        }
      >
        <SearchText id="cb-text" name="searchText" label={t('form.key')} field={textField} maxLength={MAX_RATE_SEARCH_LENGTH} />
        <Field id="cb-date" label={t('form.dov')}>
          <input id="cb-date" type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </Field>
        <FormActions submit={t('form.search')} />
      </SearchForm>

      <section className="results" aria-labelledby="cb-title" aria-busy={loading}>
        <div className="results-head">
          <h2 id="cb-title">
            {data[0] ? t('centralBank.resultsOn', { date: formatDate(data[0].date, language) }) : t('centralBank.results')}
          </h2>
          {data.length > 0 && (
            <div className="results-actions" role="group" aria-label={t('centralBank.print')}>
              {(['csv', 'xlsx', 'pdf'] as const).map((format) => (
                <button
                  key={format}
                  type="button"
                  className="button button-secondary button-small"
                  disabled={printing}
                  onClick={() => void print(format)}
                >
                  {t('centralBank.printAs', { format: format.toUpperCase() })}
                </button>
              ))}
            </div>
          )}
        </div>
        {source && (
          <p className="hint">
            {/* The source is a name the service gives: in the page language where the page knows it. */}
            {t('centralBank.source', { source: t(`centralBank.sourceNames.${source}`, { defaultValue: source }), base })}
          </p>
        )}
        <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && data.length === 0} failed={failed} />
        {search && data.length > 0 && (
          <>
            <DataTable
              caption={t('results.caption', { count: totalCount })}
              columns={columns}
              data={data}
              rowKey={(row) => row.currency}
              busy={loading}
            />
            <SearchPager search={search} totalCount={totalCount} onSearch={run} />
          </>
        )}
      </section>
    </div>
  );
}
