import React, { useEffect, useMemo, useState } from 'react';
import { useFieldValue } from '../../components/useFieldValue';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ResultStatus } from '../../components/ResultStatus';
import { paths } from '../../config/routes';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { showInAddress, useAddressedSearch } from '../../app/address';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { SearchPager } from '../../components/Pager';
import { TaxName } from '../../components/TaxName';
import { codeAsTyped, formatDate, formatNumber, todayIso } from '@guichet/shared/i18n/language';
import { FinderSuggestions } from './FinderSuggestions';
import { HsTextsNote, LineDescription } from './LineDescription';
import { tenant } from '@guichet/shared/config/tenant';
import { skipToken } from '@reduxjs/toolkit/query';
import { searchTariff, TAX_COLUMNS, useTariffSearchQuery, type SortField, type TariffCode, type TariffQuery } from './api';
import { defaultSortFor, queryFromSearch, searchFromQuery } from './query-string';
import { useRecentSearches, type RecentSearch } from './recent';
import { DEFAULT_QUERY, searchShown, selectTariff } from './slice';
import { validateSearch, type ValidationError } from './validation';
import { displayCode, hasHsTextIn, tariffTable } from './table';
import { FormActions, SearchForm, SearchText, fieldText } from '../../components/Form';

export function TariffSearch({ language }: { language: string }) {
  const { t } = useTranslation('tariff');
  const dispatch = useAppDispatch();
  const shown = useAppSelector(selectTariff).query;
  const query = shown ?? DEFAULT_QUERY;
  const { loading, searched, failed, result, ask } = searchOf(
    shown,
    useTariffSearchQuery(shown ? { query: shown, language } : skipToken),
    (next: TariffQuery) => dispatch(searchShown(next)),
  );
  const data = useMemo(() => result?.items ?? [], [result]);
  const totalCount = result?.totalCount ?? 0;
  const keywordField = useFieldValue();
  const codeField = useFieldValue();
  const setKeyword = keywordField[1];
  const setCode = codeField[1];
  const [error, setError] = useState<ValidationError | null>(null);
  const { recent, remember, clear } = useRecentSearches();

  // The URL is the search.
  const run = (next: TariffQuery) => {
    showInAddress(searchFromQuery(next), true);
    ask(next);
  };

  // The URL is the search: run it on arrival and when the visitor goes back or forward.
  useAddressedSearch(() => {
    const next = queryFromSearch(window.location.search);
    if (!next) return;
    // A form sent before the scripts ran arrives here as a query: an exact line still opens its detail.
    const exact = exactLine(next.keyword, next.code);
    if (exact) {
      void navigate(`/${language}${paths.tariffDetail(exact)}`, { replace: true });
      return;
    }
    setKeyword(next.keyword);
    setCode(next.code);
    if (!validateSearch(next.keyword, next.code)) dispatch(searchShown(next));
  }, [dispatch, language, setKeyword, setCode]);

  // A link to a page past the last one (an old link, a hand-edited one) shows the last page.
  useEffect(() => {
    if (!shown || !result || result.items.length > 0 || result.totalCount === 0) return;
    const last = Math.ceil(result.totalCount / shown.size);
    if (shown.page <= last) return;
    const next = { ...shown, page: last };
    showInAddress(searchFromQuery(next), false);
    dispatch(searchShown(next));
  }, [shown, result, dispatch]);

  const submit = (search: RecentSearch) => {
    const problem = validateSearch(search.keyword, search.code);
    setError(problem);
    if (problem) return;
    remember({ keyword: search.keyword.trim(), code: search.code.trim() });
    // A complete national line code goes straight to its detail.
    const exact = exactLine(search.keyword, search.code);
    if (exact) {
      void navigate(`/${language}${paths.tariffDetail(exact)}`);
      return;
    }
    const keyword = search.keyword.trim();
    run({ ...DEFAULT_QUERY, size: query.size, keyword, code: search.code.trim(), sort: defaultSortFor(keyword) });
  };

  const onSort = (field: string) => {
    const order = query.sort === field && query.order === 'asc' ? 'desc' : 'asc';
    run({ ...query, sort: field as SortField, order, page: 1 });
  };

  const hasUnits = data.some((row) => row.supplementaryUnitCode);
  const columns = useMemo<Array<ColumnDef<TariffCode, unknown>>>(
    () => [
      {
        id: 'code',
        header: t('columns.code'),
        accessorFn: (row) => row.code,
        cell: ({ row }) => (
          <Link className="code" to={`/${language}${paths.tariffDetail(row.original.code)}`}>
            {displayCode(row.original.code)}
          </Link>
        ),
      },
      {
        id: 'description',
        header: t('columns.description'),
        accessorFn: (row) => row.description,
        cell: ({ row }) => <LineDescription line={row.original} language={language} />,
      },
      // The unit column only when a line of the results has a unit (the demonstration tariff has none).
      ...(hasUnits
        ? [
            {
              id: 'uom',
              header: t('columns.uom'),
              enableSorting: false,
              accessorFn: (row: TariffCode) => row.supplementaryUnitCode,
              cell: ({ getValue }: { getValue: () => unknown }) => (getValue() as string | null) ?? '-',
            } satisfies ColumnDef<TariffCode, unknown>,
          ]
        : []),
      ...TAX_COLUMNS.map<ColumnDef<TariffCode, unknown>>(({ field, label }) => ({
        id: field,
        header: () => <TaxName label={label} />,
        meta: { numeric: true },
        accessorFn: (row) => row.taxCodes.find((tax) => tax.name === field)?.value ?? null,
        cell: ({ getValue }) => formatNumber(getValue() as number | null),
      })),
    ],
    [t, language, hasUnits],
  );

  /** What was searched, and when: under the title of an export, and of the results on paper. */
  const searchedFor = () =>
    t('export.subtitle', { search: [query.code, query.keyword].filter(Boolean).join(' · '), date: formatDate(new Date(), language) });

  /** Every line of the current search, up to the export maximum, in the tariff's column set. */
  const loadExport = async () => {
    const all = await searchTariff({ ...query, page: 1, size: tenant.tariffSearch.exportMax }, language);
    const subtitle = searchedFor();
    const english = language !== 'en' && all.items.some((line) => !hasHsTextIn(line, language));
    return tariffTable(
      all.items,
      {
        title: t('export.title'),
        subtitle,
        code: t('columns.code'),
        description: t('columns.description'),
        uom: t('columns.uom'),
        sources: { label: t('export.sources'), value: [english ? t('results.englishTexts') : '', t('results.hsSource')].join(' ').trim() },
      },
      language,
    );
  };

  const errorId = 'tariff-search-error';
  return (
    <div className="tool">
      <SearchForm
        label={t('form.label')}
        method="get"
        onSearch={(fields) => {
          const typed = { keyword: fieldText(fields, 'keyword'), code: fieldText(fields, 'code') };
          setKeyword(typed.keyword);
          setCode(typed.code);
          submit(typed);
        }}
      >
        <SearchText
          id="tariff-keyword"
          name="keyword"
          label={t('form.keyword')}
          field={keywordField}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={
            ['validation.keywordMinLength', 'validation.keywordMaxLength', 'validation.keywordOrCode'].includes(error?.key ?? '') ||
            undefined
          }
        />
        <SearchText
          id="tariff-code"
          name="code"
          label={t('form.code')}
          field={codeField}
          inputMode="numeric"
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error?.key === 'validation.codeMinDigits' || error?.key === 'validation.keywordOrCode' || undefined}
        />
        <FormActions
          submit={t('form.search')}
          reset={{
            label: t('form.clear'),
            onClick: () => {
              setKeyword('');
              setCode('');
              setError(null);
            },
          }}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {t(error.key, { count: error.count })}
          </p>
        )}
      </SearchForm>

      <p className="browse-link">
        <Link to={`/${language}${paths.tariffBrowse}`}>{t('browse.link')}</Link>
        {' · '}
        <Link to={`/${language}${paths.tariffFinder}`}>{t('browse.finderLink')}</Link>
      </p>

      {recent.length > 0 && (
        <section className="recent" aria-labelledby="recent-title">
          <h2 id="recent-title">{t('recent.title')}</h2>
          <ul>
            {recent.map((item) => (
              <li key={`${item.keyword}|${item.code}`}>
                <button
                  type="button"
                  className="chip"
                  onClick={() => {
                    setKeyword(item.keyword);
                    setCode(item.code);
                    submit(item);
                  }}
                >
                  {[item.code, item.keyword].filter(Boolean).join(' · ')}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              clear();
              // The list and this button go away: the keyboard carries on from the search box, not the page's top.
              document.getElementById('tariff-keyword')?.focus();
            }}
          >
            {t('recent.clear')}
          </button>
        </section>
      )}

      <section className="results" aria-labelledby="results-title" aria-busy={loading}>
        <div className="results-head">
          <h2 id="results-title">{t('results.title')}</h2>
          {data.length > 0 && (
            <div className="results-actions">
              <label className="order-select">
                {t('results.order')}{' '}
                <select
                  value={query.sort === 'relevance' ? 'relevance' : 'code'}
                  onChange={(event) => run({ ...query, sort: event.target.value as SortField, order: 'asc', page: 1 })}
                >
                  <option value="code">{t('results.orderCode')}</option>
                  <option value="relevance" disabled={!query.keyword}>
                    {t('results.orderRelevance')}
                  </option>
                </select>
              </label>
              <ExportMenu load={loadExport} fileName={`tariff-${todayIso()}`} />
            </div>
          )}
        </div>
        {data.length > 0 && (
          <p className="print-only" data-testid="printed-search">
            {searchedFor()}
          </p>
        )}
        <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && data.length === 0} failed={failed} />
        {searched && !failed && !loading && data.length === 0 && query.keyword.trim() && (
          <FinderSuggestions keywords={query.keyword.trim()} language={language} />
        )}
        {!searched && !loading && <p className="hint">{t('results.hint')}</p>}
        {data.length > 0 && (
          <>
            <DataTable
              caption={t('results.caption', { count: totalCount })}
              columns={columns}
              data={data}
              rowKey={(row) => row.code}
              sorting={{ field: query.sort, order: query.order }}
              onSort={onSort}
              busy={loading}
            />
            <HsTextsNote lines={data} language={language} />
            <SearchPager search={query} totalCount={totalCount} onSearch={run} />
          </>
        )}
      </section>
    </div>
  );
}

/** A complete national line code alone (no keywords) goes straight to its detail. */
function exactLine(keyword: string, code: string): string | null {
  const exact = codeAsTyped(code);
  return !keyword.trim() && /^\d{8}$/.test(exact) ? exact : null;
}
