import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ResultStatus } from '../../components/ResultStatus';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { Pager } from '../../components/Pager';
import { tenant, usesTranslatedSearch } from '@guichet/shared/config/tenant';
import { textLanguage } from '@guichet/shared/i18n/language';
import type { ExportTable } from '@guichet/shared/export/index';
import { skipToken } from '@reduxjs/toolkit/query';
import { CACHED_ENTITIES, searchReference, useReferenceList, type CachedEntity, type ReferenceRecord } from '../../http/reference';
import { useReferenceLookup } from '../../http/useReferenceLookup';
import {
  CONDITIONS,
  codificationRequest,
  detailKey,
  EXPORT_LIMIT,
  flowKey,
  hasAddress,
  shownCode,
  type CodificationFilter,
  type Condition,
  useCodificationQuery,
  useCodificationRecordQuery,
  type CodificationSearch,
  type ReferenceTable,
} from './api';
import { closeDetail, EMPTY_FILTER, openDetail, reset, searchShown, selectCodification } from './slice';
import { Field, FormActions, SearchForm } from '../../components/Form';

/** Fields the detail panel shows, in order, when the record has them. */
const DETAIL_FIELDS = [
  'code',
  'requestedProcedureCode',
  'previousProcedureCode',
  'generalProcedureCode',
  'flow',
  'description',
  'descriptionTranslated',
  'address1',
  'address1Translated',
  'address2',
  'address2Translated',
  'supplementaryUnit1Code',
] as const;

const isCached = (table: ReferenceTable | null): table is ReferenceTable & CachedEntity =>
  table !== null && (CACHED_ENTITIES as readonly string[]).includes(table);

/** Descriptions suggested for the description field. */
function useSuggestions(table: ReferenceTable | null, text: string, translated: boolean): string[] {
  const records = useReferenceLookup(table, text, translated);
  return [...new Set(records.map((row) => String((translated ? row.descriptionTranslated : row.description) ?? '')))].filter(Boolean);
}

function ConditionSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: Condition;
  onChange: (value: Condition) => void;
}) {
  const { t } = useTranslation('codification');
  return (
    <select id={id} aria-label={label} value={value} onChange={(event) => onChange(event.target.value as Condition)}>
      {CONDITIONS.map((condition) => (
        <option key={condition} value={condition}>
          {t(`conditions.${condition || 'ALL'}`)}
        </option>
      ))}
    </select>
  );
}

export function Codification({ language }: { language: string }) {
  const { t } = useTranslation('codification');
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectCodification);
  const { config, paging, search } = state;
  const {
    loading,
    searched,
    result: page,
    ask,
  } = searchOf(search, useCodificationQuery(search ?? skipToken), (next: CodificationSearch) => dispatch(searchShown(next)));
  const table = page?.table ?? null;
  const data = useMemo(() => page?.resultList ?? [], [page]);
  const totalCount = page?.totalCount ?? 0;
  // The detail panel opens as soon as its record starts loading, and closes with a search that finds nothing.
  const record = useCodificationRecordQuery(state.detailKey && table && data.length ? { table, key: state.detailKey } : skipToken);
  const detail =
    state.detailKey && table && data.length
      ? { key: state.detailKey, data: record.currentData ?? null, loading: record.isFetching, error: record.isError }
      : null;
  const [filter, setLocalFilter] = useState<CodificationFilter>(state.filter);
  const [problem, setProblem] = useState(false);
  const translated = usesTranslatedSearch(language);
  const id = useId();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const descriptionSuggestions = useSuggestions(filter.referenceTable, filter.description, translated);

  // The cached reference lists feed the code suggestions of their tables.
  const cachedList = useReferenceList(isCached(filter.referenceTable) ? filter.referenceTable : null);
  const codeSuggestions = isCached(filter.referenceTable) ? cachedList.slice(0, 200) : [];

  useEffect(() => {
    if (detail) detailHeading.current?.focus();
  }, [detail?.key]); // eslint-disable-line react-hooks/exhaustive-deps

  const update = (changes: Partial<CodificationFilter>) => setLocalFilter((current) => ({ ...current, ...changes }));
  const run = (next: CodificationFilter, pageNumber: number, size = paging.size) =>
    ask({ filter: next, paging: { ...paging, pageNumber, size }, translated, language });

  const submit = () => {
    if (!filter.referenceTable) {
      setProblem(true);
      return;
    }
    setProblem(false);
    dispatch(closeDetail());
    run(filter, 0);
  };

  const columns = useMemo<Array<ColumnDef<ReferenceRecord, unknown>>>(() => {
    if (!table) return [];
    const list: Array<ColumnDef<ReferenceRecord, unknown>> = [
      {
        id: 'code',
        header: t('columns.code'),
        cell: ({ row }) => (
          <button
            type="button"
            className="link-button code"
            aria-expanded={detail?.key === detailKey(table, row.original)}
            onClick={() => dispatch(openDetail(detailKey(table, row.original)))}
          >
            {shownCode(table, row.original)}
          </button>
        ),
      },
      {
        id: 'description',
        header: t('columns.description'),
        cell: ({ row }) => (
          <span lang="en" dir="ltr">
            {String(row.original.description ?? '-')}
          </span>
        ),
      },
    ];
    if (table === 'modelOfDeclaration')
      list.push({
        id: 'flow',
        header: t('fields.flow'),
        cell: ({ row }) => {
          const flow = flowKey(row.original.flow);
          return flow ? t(`flow.${flow}`) : '-';
        },
      });
    if (hasAddress(table))
      list.push({
        id: 'address',
        header: t('columns.address'),
        cell: ({ row }) => (
          <span lang="en" dir="ltr">
            {[row.original.address1, row.original.address2].filter(Boolean).join(', ') || '-'}
          </span>
        ),
      });
    return list;
  }, [t, table, detail?.key, dispatch]);

  /** Up to 1000 rows of the search: code and name, plus the address lines for banks, offices and declarants. */
  const loadExport = async (): Promise<ExportTable> => {
    const current = table!;
    const { resultList } = await searchReference(
      current,
      codificationRequest(
        { ...state.filter, referenceTable: current },
        { ...paging, pageNumber: 0, size: EXPORT_LIMIT },
        translated,
        language,
      ),
    );
    const address = hasAddress(current);
    return {
      title: t(`tables.${current}`),
      subtitle: t('export.subtitle', { count: resultList.length }),
      language,
      columns: [
        { header: t('columns.code') },
        { header: t('columns.name') },
        ...(address ? [{ header: t('columns.address1') }, { header: t('columns.address2') }] : []),
      ],
      rows: resultList.map((row) => [
        shownCode(current, row),
        (row.description as string | null) ?? null,
        ...(address ? [(row.address1 as string | null) ?? null, (row.address2 as string | null) ?? null] : []),
      ]),
    };
  };

  const sample = data.some((row) => row.sample === true);
  const problemId = `${id}-problem`;
  return (
    <div className="tool codification">
      <SearchForm className="search-form codification-form" label={t('form.label')} onSearch={submit}>
        <Field id={`${id}-table`} label={t('form.table')}>
          <select
            id={`${id}-table`}
            value={filter.referenceTable ?? ''}
            aria-invalid={problem || undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => {
              update({ referenceTable: (event.target.value || null) as ReferenceTable | null });
              setProblem(false);
            }}
          >
            <option value="">{t('form.choose')}</option>
            {config.referenceTables.map((value) => (
              <option key={value} value={value}>
                {t(`tables.${value}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-code`} label={t('form.code')} className="field-pair">
          <div className="field-pair-inputs">
            <ConditionSelect
              id={`${id}-code-condition`}
              label={t('form.codeCondition')}
              value={filter.codeCondition}
              onChange={(codeCondition) => update({ codeCondition })}
            />
            <input
              id={`${id}-code`}
              value={filter.code}
              list={`${id}-code-list`}
              onChange={(event) => update({ code: event.target.value })}
              autoComplete="off"
            />
            <datalist id={`${id}-code-list`}>
              {filter.referenceTable &&
                codeSuggestions.map((row) => (
                  <option key={detailKey(filter.referenceTable!, row)} value={shownCode(filter.referenceTable!, row)}>
                    {String(row.description ?? '')}
                  </option>
                ))}
            </datalist>
          </div>
        </Field>
        <Field id={`${id}-description`} label={t('form.description')} className="field-pair">
          <div className="field-pair-inputs">
            <ConditionSelect
              id={`${id}-description-condition`}
              label={t('form.descriptionCondition')}
              value={filter.descriptionCondition}
              onChange={(descriptionCondition) => update({ descriptionCondition })}
            />
            <input
              id={`${id}-description`}
              value={filter.description}
              list={`${id}-description-list`}
              onChange={(event) => update({ description: event.target.value })}
              autoComplete="off"
            />
            <datalist id={`${id}-description-list`}>
              {descriptionSuggestions.map((text) => (
                <option key={text} value={text} />
              ))}
            </datalist>
          </div>
        </Field>
        {filter.referenceTable && hasAddress(filter.referenceTable) && (
          <Field id={`${id}-address`} label={t('form.address')} className="field-pair">
            <div className="field-pair-inputs">
              <ConditionSelect
                id={`${id}-address-condition`}
                label={t('form.addressCondition')}
                value={filter.addressCondition}
                onChange={(addressCondition) => update({ addressCondition })}
              />
              <input
                id={`${id}-address`}
                value={filter.address}
                onChange={(event) => update({ address: event.target.value })}
                autoComplete="off"
              />
            </div>
          </Field>
        )}
        <FormActions
          submit={t('form.search')}
          reset={{
            label: t('form.reset'),
            onClick: () => {
              setLocalFilter(EMPTY_FILTER);
              setProblem(false);
              dispatch(reset());
            },
          }}
        />
        {problem && (
          <p id={problemId} className="field-error" role="alert">
            {t('validation.tableRequired')}
          </p>
        )}
      </SearchForm>

      <div className={detail ? 'codification-body with-detail' : 'codification-body'}>
        <section className="results" aria-labelledby={`${id}-results`} aria-busy={loading}>
          <div className="results-head">
            <h2 id={`${id}-results`}>{table ? t('results.titleOf', { table: t(`tables.${table}`) }) : t('results.title')}</h2>
            {data.length > 0 && (
              <div className="results-actions">
                <ExportMenu load={loadExport} fileName={`codification-${table}`} />
              </div>
            )}
          </div>
          {sample && <p className="notice-inline">{t('results.sample')}</p>}
          <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && data.length === 0} />
          {!searched && !loading && <p className="hint">{t('results.hint')}</p>}
          {table && data.length > 0 && (
            <>
              <DataTable
                caption={t('results.caption', { count: totalCount })}
                columns={columns}
                data={data}
                rowKey={(row) => detailKey(table, row)}
                busy={loading}
              />
              <Pager
                page={paging.pageNumber + 1}
                size={paging.size}
                totalCount={totalCount}
                onPage={(page) => run(state.filter, page - 1)}
                onSize={(size) => run(state.filter, 0, size)}
              />
            </>
          )}
        </section>

        {detail && table && (
          <aside className="detail-panel" aria-labelledby={`${id}-detail`} aria-busy={detail.loading}>
            <div className="detail-panel-head">
              <h2 id={`${id}-detail`} ref={detailHeading} tabIndex={-1}>
                {t('detail.title', { code: detail.data ? shownCode(table, detail.data) : detail.key.replace('/', '') })}
              </h2>
              <button type="button" className="button button-secondary button-small" onClick={() => dispatch(closeDetail())}>
                {t('detail.close')}
              </button>
            </div>
            {detail.loading && (
              <p className="loading" role="status">
                {t('detail.loading')}
              </p>
            )}
            {detail.error && <p className="field-error">{t('detail.failed')}</p>}
            {detail.data && (
              <dl className="detail-list">
                {DETAIL_FIELDS.filter(
                  (field) => detail.data![field] !== undefined && detail.data![field] !== null && detail.data![field] !== '',
                ).map((field) => (
                  <React.Fragment key={field}>
                    <dt>{t(`fields.${field}`)}</dt>
                    <dd {...textLanguage(field.endsWith('Translated') ? tenant.translatedLanguages[0] : 'en')}>
                      {field === 'flow' && flowKey(detail.data![field])
                        ? t(`flow.${flowKey(detail.data![field])}`)
                        : String(detail.data![field])}
                    </dd>
                  </React.Fragment>
                ))}
                {detail.data.sample === true && (
                  <>
                    <dt>{t('fields.source')}</dt>
                    <dd>{t('detail.sample')}</dd>
                  </>
                )}
              </dl>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
