import React, { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'gatsby';
import { skipToken } from '@reduxjs/toolkit/query';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { notify, resolved } from '../../app/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { DataTable } from '../../components/DataTable';
import { SearchPager } from '../../components/Pager';
import { ResultStatus } from '../../components/ResultStatus';
import { download } from '@guichet/shared/export/download';
import { formatDate } from '@guichet/shared/i18n/language';
import { paths } from '../../config/routes';
import {
  DATE_FIELDS,
  DATE_OPERATORS,
  EMPTY_FORM,
  formErrors,
  MIN_LENGTHS,
  PRINT_LIMIT,
  printManifests,
  restrictionsOf,
  TEXT_FIELDS,
  TEXT_OPERATORS,
  useManifestsQuery,
  type Manifest,
  type ManifestForm,
  type ManifestQuery,
  type Operator,
  type PrintFormat,
} from './api';
import { DEFAULT_PAGE, manifestSearchShown, selectManifest } from './slice';
import { registrationColumns } from './columns';
import { loadManifestSearch, saveManifestSearch } from './storage';
import { Field, FormActions, SearchForm } from '../../components/Form';

/** One criterion of the search: the field's name, its operator and (the children) the values it is compared with. */
function Criterion({
  field,
  operator,
  options,
  onChange,
  children,
}: {
  field: string;
  operator: Operator;
  options: readonly Operator[];
  onChange: (operator: Operator) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('manifest');
  const name = t(`fields.${field}`);
  return (
    <fieldset className="criterion">
      <legend>{name}</legend>
      <select
        id={`manifest-${field}-op`}
        aria-label={t('form.operatorOf', { field: name })}
        value={operator}
        onChange={(event) => onChange(event.target.value as Operator)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(`operators.${option || 'NONE'}`)}
          </option>
        ))}
      </select>
      {children}
    </fieldset>
  );
}

/** Prints a range of the result rows (1-based) in a chosen format. */
function PrintRange({
  totalCount,
  onPrint,
}: {
  totalCount: number;
  onPrint: (first: number, last: number, format: PrintFormat) => Promise<void>;
}) {
  const { t } = useTranslation('manifest');
  const [first, setFirst] = useState('1');
  const [last, setLast] = useState(String(Math.min(10, totalCount)));
  const [busy, setBusy] = useState(false);
  const from = Number(first);
  const to = Number(last);
  // Why the range cannot be printed, said under it (the buttons are disabled meanwhile).
  const problem =
    first.trim() === '' || last.trim() === '' || !Number.isInteger(from) || !Number.isInteger(to) || from < 1
      ? 'whole'
      : to < from
        ? 'order'
        : to > totalCount
          ? 'beyond'
          : to - from + 1 > PRINT_LIMIT
            ? 'tooMany'
            : null;
  const invalid = problem !== null;
  const print = async (format: PrintFormat) => {
    setBusy(true);
    try {
      await onPrint(from, to, format);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="print-range">
      <legend>{t('print.legend')}</legend>
      {(
        [
          ['from', first, setFirst],
          ['to', last, setLast],
        ] as const
      ).map(([end, value, setValue]) => (
        <Field key={end} id={`manifest-print-${end}`} label={t(`print.${end}`)} className="field-inline">
          <input
            id={`manifest-print-${end}`}
            type="number"
            min={1}
            max={totalCount}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby="manifest-print-hint"
          />
        </Field>
      ))}
      <div className="results-actions" role="group" aria-label={t('print.legend')}>
        {(['pdf', 'xlsx', 'csv'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="button button-secondary button-small"
            disabled={busy || invalid}
            onClick={() => void print(format)}
          >
            {t('print.as', { format: format.toUpperCase() })}
          </button>
        ))}
      </div>
      <p id="manifest-print-hint" className={invalid ? 'field-error' : 'hint'} aria-live="polite">
        {problem && `${t(`print.problems.${problem}`, { total: totalCount, limit: PRINT_LIMIT })} `}
        {t('print.hint', { total: totalCount, limit: PRINT_LIMIT })}
      </p>
    </fieldset>
  );
}

/** Manifest search: each field with its operator; at least one filled field; results paged; print a range. */
export function ManifestSearch({ language }: { language: string }) {
  const { t } = useTranslation('manifest');
  const dispatch = useAppDispatch();
  const { query } = useAppSelector(selectManifest);
  const answer = useManifestsQuery(query ?? skipToken);
  const {
    loading,
    searched,
    result: page,
    ask: run,
  } = searchOf(query, answer, (next: ManifestQuery) => dispatch(manifestSearchShown(next)));
  // A search that failed found nothing to show: it says so, rather than that nothing matched.
  const failed = answer.isError && !loading;
  const data = useMemo(() => page?.resultList ?? [], [page]);
  const totalCount = page?.totalCount ?? 0;
  const [form, setForm] = useState<ManifestForm>(EMPTY_FORM);
  const [message, setMessage] = useState<string | null>(null);
  // The form and the search kept for this tab come back after a reload or a change of language.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const kept = loadManifestSearch();
    if (kept) {
      setForm(kept.form);
      if (!query && kept.query) dispatch(manifestSearchShown(kept.query));
    }
    setRestored(true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (restored) saveManifestSearch({ form, query });
  }, [restored, form, query]);
  const errors = formErrors(form);

  const setField = <K extends keyof ManifestForm>(field: K, changes: Partial<ManifestForm[K]>) =>
    setForm((current) => ({ ...current, [field]: { ...current[field], ...changes } }));

  const submit = () => {
    const invalid = Object.keys(errors) as Array<keyof typeof errors>;
    if (invalid.length) {
      // The first field to correct: a date range's end, or the text field itself.
      const first = invalid[0];
      document.getElementById(errors[first] === 'endBeforeStart' ? `manifest-${first}-end` : `manifest-${first}`)?.focus();
      return;
    }
    const restrictions = restrictionsOf(form);
    if (!restrictions.length) {
      setMessage(t('validation.fillOne'));
      dispatch(notify('error', 'notifications.fillOneField'));
      return;
    }
    setMessage(null);
    dispatch(resolved(['notifications.fillOneField']));
    run({ restrictions, ...DEFAULT_PAGE, size: query?.size ?? DEFAULT_PAGE.size });
  };

  const print = async (first: number, last: number, format: PrintFormat) => {
    if (!query) return;
    try {
      const { blob, fileName } = await printManifests(query.restrictions, first, last, format, language);
      download(blob, fileName);
    } catch {
      dispatch(notify('error', 'notifications.somethingWentWrong'));
    }
  };

  const columns = useMemo<Array<ColumnDef<Manifest, unknown>>>(
    () => [
      ...registrationColumns(t, language),
      {
        id: 'vessel',
        header: t('columns.vessel'),
        accessorFn: (row) => row.vesselName,
        cell: ({ row }) => (
          <>
            <span lang="en">{row.original.vesselName}</span> <small>IMO {row.original.vesselImo}</small>
          </>
        ),
      },
      { id: 'voyageNumber', header: t('fields.voyageNumber'), accessorFn: (row) => row.voyageNumber },
      { id: 'flow', header: t('columns.flow'), accessorFn: (row) => t(`flow.${row.flow}`) },
      {
        id: 'placeOfDeparture',
        header: t('fields.placeOfDeparture'),
        accessorFn: (row) => row.placeOfDeparture,
        cell: ({ row }) => <abbr title={row.original.placeOfDepartureName}>{row.original.placeOfDeparture}</abbr>,
      },
      {
        id: 'placeOfDestination',
        header: t('fields.placeOfDestination'),
        accessorFn: (row) => row.placeOfDestination,
        cell: ({ row }) => <abbr title={row.original.placeOfDestinationName}>{row.original.placeOfDestination}</abbr>,
      },
      { id: 'departureDate', header: t('fields.departureDate'), accessorFn: (row) => formatDate(row.departureDate, language) },
      { id: 'arrivalDate', header: t('fields.arrivalDate'), accessorFn: (row) => formatDate(row.arrivalDate, language) },
      { id: 'containers', header: t('columns.containers'), meta: { numeric: true }, accessorFn: (row) => row.containers },
    ],
    [t, language],
  );

  return (
    <div className="tool">
      <p className="notice notice-sample" role="note">
        {t('sampleNotice')} <Link to={`/${language}${paths.manifestLatest}`}>{t('latestLink')}</Link>
      </p>
      <SearchForm className="search-form criteria-form" label={t('form.label')} onSearch={submit}>
        {DATE_FIELDS.map((field) => (
          <Criterion
            key={field}
            field={field}
            operator={form[field].operator}
            options={DATE_OPERATORS}
            onChange={(operator) => setField(field, { operator })}
          >
            <label className="visually-hidden" htmlFor={`manifest-${field}`}>
              {t('form.start', { field: t(`fields.${field}`) })}
            </label>
            <input
              id={`manifest-${field}`}
              type="date"
              value={form[field].start}
              onChange={(event) => setField(field, { start: event.target.value })}
            />
            {form[field].operator === 'BETWEEN' && (
              <>
                <label className="visually-hidden" htmlFor={`manifest-${field}-end`}>
                  {t('form.end', { field: t(`fields.${field}`) })}
                </label>
                <input
                  id={`manifest-${field}-end`}
                  type="date"
                  value={form[field].end}
                  min={form[field].start || undefined}
                  aria-invalid={errors[field] ? true : undefined}
                  aria-describedby={errors[field] ? `manifest-${field}-error` : undefined}
                  onChange={(event) => setField(field, { end: event.target.value })}
                />
                {errors[field] && (
                  <p id={`manifest-${field}-error`} className="field-error">
                    {t('validation.endBeforeStart')}
                  </p>
                )}
              </>
            )}
          </Criterion>
        ))}
        {TEXT_FIELDS.map((field) => (
          <Criterion
            key={field}
            field={field}
            operator={form[field].operator}
            options={TEXT_OPERATORS}
            onChange={(operator) => setField(field, { operator })}
          >
            <label className="visually-hidden" htmlFor={`manifest-${field}`}>
              {t(`fields.${field}`)}
            </label>
            <input
              id={`manifest-${field}`}
              type="text"
              inputMode={field === 'registrationNumber' ? 'numeric' : undefined}
              value={form[field].value}
              maxLength={field === 'registrationNumber' ? 12 : 40}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `manifest-${field}-error` : undefined}
              onChange={(event) => setField(field, { value: event.target.value })}
              placeholder={t(`placeholders.${field}`)}
              autoComplete="off"
            />
            {errors[field] && (
              <p id={`manifest-${field}-error`} className="field-error">
                {errors[field] === 'minLength' ? t('validation.minLength', { count: MIN_LENGTHS[field] }) : t('validation.number')}
              </p>
            )}
          </Criterion>
        ))}
        {message && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <FormActions
          submit={t('form.search')}
          reset={{
            label: t('form.reset'),
            onClick: () => {
              setForm(EMPTY_FORM);
              setMessage(null);
            },
          }}
        />
      </SearchForm>

      <section className="results" aria-labelledby="manifest-results" aria-busy={loading}>
        <div className="results-head">
          <h2 id="manifest-results">{t('results.title')}</h2>
        </div>
        <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && !loading && !failed && data.length === 0} />
        {failed && (
          <p className="notice notice-inline" role="status">
            {t('results.failed')}
          </p>
        )}
        {query && data.length > 0 && (
          <>
            <DataTable
              caption={t('results.caption', { count: totalCount })}
              columns={columns}
              data={data}
              rowKey={(row) => `${row.customsOfficeCode}/${row.registrationYear}/${row.registrationNumber}`}
              busy={loading}
            />
            <SearchPager search={query} totalCount={totalCount} onSearch={run} />
            <PrintRange key={`${totalCount}-${JSON.stringify(query.restrictions)}`} totalCount={totalCount} onPrint={print} />
          </>
        )}
      </section>
    </div>
  );
}
