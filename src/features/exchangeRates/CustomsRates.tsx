import React, { useEffect, useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { showInAddress, useAddressedSearch } from '../../app/address';
import { BilingualText } from '../../components/BilingualText';
import { Field, FormActions, SearchForm, SearchText, fieldText } from '../../components/Form';
import { ResultStatus } from '../../components/ResultStatus';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { SearchPager } from '../../components/Pager';
import { useFieldValue } from '../../components/useFieldValue';
import { paths } from '../../config/routes';
import { tenant } from '@guichet/shared/config/tenant';
import type { ExportTable } from '@guichet/shared/export/index';
import { currencyName, formatDate, formatNumber, textLanguage } from '@guichet/shared/i18n/language';
import { MAX_RATE_SEARCH_LENGTH } from '@guichet/shared/api/rates';
import {
  addDifference,
  currencyNameIn,
  daysBetween,
  formatDifference,
  isDay,
  publishedDateOf,
  searchRates,
  shiftDays,
  useRatesQuery,
  type ExchangeRate,
  type RatesSearch,
} from './api';
import { defaultSearch, ratesShown, selectExchangeRates } from './slice';
import { Converter } from './Converter';

const SORTS: ReadonlyArray<RatesSearch['sort']> = ['code', 'description', 'exchangeRate'];
const ORDERS: ReadonlyArray<RatesSearch['order']> = ['asc', 'desc'];
/** The page sizes the pager offers. */
const PAGE_SIZES = [10, 25, 50, 100];

/** A page number as the address gives it: a whole number from 1 (else null). */
const pageNumber = (text: string | null) => (text !== null && /^[1-9]\d{0,5}$/.test(text) ? Number(text) : null);

/**
 * The search in the address bar (date, text, difference, sort, order, page and page size), so that a
 * link, a reload or the same page in another language reproduces it; what cannot be read is the default.
 */
export function searchFromUrl(query: string): { search: RatesSearch; showDifference: boolean } {
  const params = new URLSearchParams(query);
  const defaults = defaultSearch();
  const dov = params.get('dov') ?? '';
  const sort = SORTS.find((value) => value === params.get('sort'));
  const order = ORDERS.find((value) => value === params.get('order'));
  const size = pageNumber(params.get('size'));
  return {
    search: {
      ...defaults,
      key: params.get('key') ?? '',
      ...(isDay(dov) ? { dov } : {}),
      ...(sort ? { sort } : {}),
      ...(order ? { order } : {}),
      page: pageNumber(params.get('page')) ?? defaults.page,
      ...(size !== null && PAGE_SIZES.includes(size) ? { size } : {}),
    },
    showDifference: params.get('difference') === '1',
  };
}

/** The address bar's query for a search: the date always, the rest where it is not the default. */
export function urlFromSearch(search: RatesSearch, showDifference: boolean): string {
  const defaults = defaultSearch();
  const params = new URLSearchParams({ dov: search.dov });
  if (search.key.trim()) params.set('key', search.key.trim());
  if (showDifference) params.set('difference', '1');
  if (search.sort !== defaults.sort) params.set('sort', search.sort);
  if (search.order) params.set('order', search.order);
  if (search.page !== defaults.page) params.set('page', String(search.page));
  if (search.size !== defaults.size) params.set('size', String(search.size));
  return `?${params.toString()}`;
}

/** A currency's name: in the page language first (from the browser's CLDR names), then the reference name in English. */
function CurrencyName({ rate, language }: { rate: ExchangeRate; language: string }) {
  const local = language === 'en' ? null : currencyName(rate.code, language);
  return (
    <>
      {local && local !== rate.code && (
        <span className="local-name" {...textLanguage(language)}>
          {local}
        </span>
      )}
      {/* The tenant's translation is left out where it is the name already shown. */}
      <BilingualText
        text={rate.description}
        translated={rate.descriptionTranslated === local ? null : rate.descriptionTranslated}
        language={language}
      />
    </>
  );
}

export function CustomsRates({ language }: { language: string }) {
  const { t } = useTranslation('rates');
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectExchangeRates);
  const search = useMemo(() => shown.search ?? defaultSearch(), [shown.search]);
  const { showDifference } = shown;
  const asked = shown.search ? { search: shown.search, showDifference } : null;
  const {
    loading,
    searched,
    failed,
    result: page,
    ask,
  } = searchOf(asked, useRatesQuery(asked ? { ...asked, language } : skipToken), (next: { search: RatesSearch; showDifference: boolean }) =>
    dispatch(ratesShown(next)),
  );
  const data = useMemo(() => page?.resultList ?? [], [page]);
  const totalCount = page?.totalCount ?? 0;
  const previousDayMissing = page?.previousDayMissing ?? false;
  const publishedDate = page?.publishedDate ?? null;
  const staleDays = publishedDate ? daysBetween(publishedDate, search.dov) : 0;
  const keyField = useFieldValue();
  const setKey = keyField[1];
  const [dov, setDov] = useState(search.dov);
  const [difference, setDifference] = useState(false);
  /** The date of validity is missing (or not a date): said beside it, and nothing is searched. */
  const [dovProblem, setDovProblem] = useState<'converter.mandatory' | 'converter.dateInvalid' | null>(null);

  // A new search is a new history entry, so that Back shows the one before; a correction replaces its own.
  const run = (next: RatesSearch, withDiff: boolean, replace = false) => {
    showInAddress(urlFromSearch(next, withDiff), !replace);
    ask({ search: next, showDifference: withDiff });
  };

  // The rates of the day (or of the linked search) show on arrival; Back and Forward show their address's.
  useAddressedSearch(
    (arrival) => {
      const addressed = searchFromUrl(window.location.search);
      // On arrival an address without text keeps what was typed before the page's scripts ran.
      if (addressed.search.key || !arrival) setKey(addressed.search.key);
      setDov(addressed.search.dov);
      setDifference(addressed.showDifference);
      setDovProblem(null);
      if (arrival) showInAddress(urlFromSearch(addressed.search, addressed.showDifference), false);
      dispatch(ratesShown(addressed));
    },
    [dispatch, setKey],
  );

  // A page past the last one (an old link, fewer rates that day): the last page is shown instead.
  const lastPage = Math.ceil(totalCount / search.size);
  useEffect(() => {
    if (!loading && page && page.resultList.length === 0 && lastPage >= 1 && search.page > lastPage)
      run({ ...search, page: lastPage }, showDifference, true);
    // run is a new function every render; the effect depends on what it reads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loading, page, lastPage, search, showDifference]);

  const onSort = (field: string) => {
    const order = search.sort === field && search.order === 'asc' ? 'desc' : 'asc';
    run({ ...search, sort: field as RatesSearch['sort'], order, page: 1 }, showDifference);
  };

  const columns = useMemo<Array<ColumnDef<ExchangeRate, unknown>>>(() => {
    const list: Array<ColumnDef<ExchangeRate, unknown>> = [
      { id: 'code', header: t('columns.code'), accessorFn: (row) => row.code },
      {
        id: 'description',
        header: t('columns.name'),
        accessorFn: (row) => row.description,
        cell: ({ row }) => <CurrencyName rate={row.original} language={language} />,
      },
      {
        id: 'exchangeRate',
        header: t('columns.rate', { currency: tenant.currency }),
        meta: { numeric: true },
        accessorFn: (row) => row.exchangeRate,
        cell: ({ getValue }) => formatNumber(getValue() as number),
      },
    ];
    if (showDifference)
      list.push({
        id: 'difference',
        header: t('columns.difference'),
        enableSorting: false,
        meta: { numeric: true },
        accessorFn: (row) => row.difference ?? null,
        cell: ({ getValue }) => formatDifference(getValue() as number | null),
      });
    list.push({
      id: 'chart',
      header: t('columns.chart'),
      enableSorting: false,
      cell: ({ row }) => (
        <Link
          to={`/${language}${paths.ratesChart}?${new URLSearchParams({ currency: row.original.code, from: shiftDays(search.dov, -30), to: search.dov }).toString()}`}
          aria-label={t('chart.linkFor', { currency: row.original.code })}
        >
          {t('chart.link')}
        </Link>
      ),
    });
    return list;
  }, [t, language, showDifference, search.dov]);

  /** Every rate of the search (not only this page), with the difference when it is shown. */
  const loadExport = async (): Promise<ExportTable> => {
    const all = await searchRates({ ...search, page: 1, size: 10000 }, language);
    let rows = all.resultList;
    if (showDifference) rows = await addDifference(rows).catch(() => rows);
    const published = publishedDateOf(rows);
    return {
      title: t('export.title'),
      // The date, the publication and the unit, in every format: a file of rates without them says nothing.
      details: [
        { label: t('form.dov'), value: formatDate(search.dov, language) },
        ...(published ? [{ label: t('export.published'), value: formatDate(published, language) }] : []),
        { label: t('export.unit'), value: t('export.unitValue', { currency: tenant.currency }) },
      ],
      language,
      columns: [
        { header: t('columns.code') },
        { header: t('columns.name') },
        // The spec's export column is "Rate"; the unit is in the details.
        { header: t('export.rate'), numeric: true },
        ...(showDifference ? [{ header: t('columns.difference'), numeric: true }] : []),
      ],
      // One name per currency in a file: the page language's.
      rows: rows.map((row) => [
        row.code,
        currencyNameIn(row, language),
        row.exchangeRate,
        ...(showDifference ? [row.difference ?? null] : []),
      ]),
    };
  };

  return (
    <div className="tool">
      <SearchForm
        label={t('form.label')}
        onSearch={(fields) => {
          const date = fieldText(fields, 'dov').trim();
          if (!isDay(date)) {
            setDovProblem(date ? 'converter.dateInvalid' : 'converter.mandatory');
            document.getElementById('rates-dov')?.focus();
            return;
          }
          setDovProblem(null);
          run({ ...search, key: fieldText(fields, 'key'), dov: date, page: 1 }, difference);
        }}
      >
        <SearchText id="rates-key" name="key" label={t('form.key')} field={keyField} maxLength={MAX_RATE_SEARCH_LENGTH} />
        <Field id="rates-dov" label={t('form.dov')}>
          <input
            id="rates-dov"
            name="dov"
            type="date"
            value={dov}
            required
            onChange={(event) => setDov(event.target.value)}
            aria-invalid={dovProblem ? true : undefined}
            aria-describedby={dovProblem ? 'rates-dov-error' : undefined}
          />
          {dovProblem && (
            <p id="rates-dov-error" className="field-error" role="alert">
              {t(dovProblem)}
            </p>
          )}
        </Field>
        <div className="field field-check">
          <input
            id="rates-difference"
            type="checkbox"
            checked={difference}
            onChange={(event) => {
              setDifference(event.target.checked);
              if (searched) run(search, event.target.checked);
            }}
          />
          <label htmlFor="rates-difference">{t('form.difference')}</label>
        </div>
        <FormActions submit={t('form.search')} />
      </SearchForm>

      <section className="results" aria-labelledby="rates-title" aria-busy={loading}>
        <div className="results-head">
          <h2 id="rates-title">{t('results.title', { date: formatDate(search.dov, language) })}</h2>
          {data.length > 0 && (
            <div className="results-actions">
              <ExportMenu load={loadExport} fileName={`exchange-rates-${search.dov}`} />
            </div>
          )}
        </div>
        {publishedDate && (
          <p className="hint" data-testid="rates-published">
            {t('results.published', { date: formatDate(publishedDate, language) })}
          </p>
        )}
        {publishedDate && staleDays > tenant.ratesStaleAfterDays && (
          <p className="notice-inline" role="status">
            {t('results.stale', { date: formatDate(publishedDate, language), days: staleDays })}
          </p>
        )}
        <p className="hint">{t('results.unit', { currency: tenant.currency })}</p>
        {previousDayMissing && (
          <p className="notice-inline" role="status">
            {t('results.previousDayMissing')}
          </p>
        )}
        <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && data.length === 0} failed={failed} />
        {data.length > 0 && (
          <>
            <DataTable
              caption={t('results.caption', { count: totalCount })}
              columns={columns}
              data={data}
              rowKey={(row) => row.code}
              sorting={{ field: search.sort, order: search.order || 'asc' }}
              onSort={onSort}
              busy={loading}
            />
            <SearchPager search={search} totalCount={totalCount} onSearch={(next) => run(next, showDifference)} />
          </>
        )}
      </section>

      <Converter language={language} />

      <p className="browse-link">
        <Link to={`/${language}${paths.centralBankRates}`}>{t('centralBank.link')}</Link>
      </p>
    </div>
  );
}
