import React, { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { ResultStatus } from '../../components/ResultStatus';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { searchOf } from '../../app/api';
import { showInAddress, useAddressedSearch } from '../../app/address';
import { DataTable } from '../../components/DataTable';
import { ExportMenu } from '../../components/ExportMenu';
import { Pager } from '../../components/Pager';
import { tenant, usesTranslatedSearch } from '@guichet/shared/config/tenant';
import { textLanguage } from '@guichet/shared/i18n/language';
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
  shownText,
  type CodificationFilter,
  type Condition,
  useCodificationQuery,
  useCodificationRecordQuery,
  type CodificationSearch,
  type ReferenceTable,
} from './api';
import { closeDetail, DEFAULT_PAGING, EMPTY_FILTER, openDetail, reset, searchShown, selectCodification } from './slice';
import { exportLimitNote, exportTableOf } from './export';
import { queryFromSearch, searchFromQuery } from './query-string';
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
type DetailField = (typeof DETAIL_FIELDS)[number];

/** The language of the reference data's translated texts (descriptionTranslated, address1Translated...). */
const TRANSLATION = tenant.translatedLanguages[0] ?? null;

/**
 * Shows a search in the address bar (its query string), so that a reload or a link finds it again; a new
 * search the visitor asks for is a new history entry (`push`), so that Back shows the one before.
 */
function showSearchInAddress(search: CodificationSearch | null, push = false) {
  showInAddress(
    queryFromSearch(search ? { filter: search.filter, pageNumber: search.paging.pageNumber, size: search.paging.size } : null),
    push,
  );
}

const isCached = (table: ReferenceTable | null): table is ReferenceTable & CachedEntity =>
  table !== null && (CACHED_ENTITIES as readonly string[]).includes(table);

/** A record's texts joined (an address's lines), in the language they are in. */
function RecordText({
  row,
  fields,
  translated,
}: {
  row: ReferenceRecord;
  fields: Array<'description' | 'address1' | 'address2'>;
  translated: boolean;
}) {
  const shown = fields.map((field) => shownText(row, field, translated));
  const text = shown
    .map((item) => item.text)
    .filter(Boolean)
    .join(', ');
  return shown.some((item) => item.translatedText) && TRANSLATION ? (
    <span {...textLanguage(TRANSLATION)}>{text || '-'}</span>
  ) : (
    <span lang="en" dir="ltr">
      {text || '-'}
    </span>
  );
}

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
  const query = useCodificationQuery(search ?? skipToken);
  const answered = searchOf(search, query, (next: CodificationSearch) => dispatch(searchShown(next)));
  const { loading, ask } = answered;
  // Without a search (a reset, Back to the page before the first one) no earlier answer is shown.
  const searched = search !== null && answered.searched;
  const page = search ? answered.result : undefined;
  // A search that failed: its list could not be loaded (which is not a list without records).
  const failed = query.isError && !loading;
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
  const resultsSection = useRef<HTMLElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  /** The key of the row whose code opened the detail panel just closed: it gets the focus back. */
  const returnFocus = useRef<string | null>(null);
  const descriptionSuggestions = useSuggestions(filter.referenceTable, filter.description, translated);

  // The cached reference lists feed the code suggestions of their tables.
  const cachedList = useReferenceList(isCached(filter.referenceTable) ? filter.referenceTable : null);
  const codeSuggestions = isCached(filter.referenceTable) ? cachedList.slice(0, 200) : [];

  // The panel takes the focus when it opens; when it is closed, the code that opened it takes it back
  // (rendered anew by then: it is found by its row's key), or the results' heading if that row has gone.
  useEffect(() => {
    if (detail) {
      detailHeading.current?.focus();
      return;
    }
    const key = returnFocus.current;
    returnFocus.current = null;
    if (key === null) return;
    const opener = Array.from(resultsSection.current?.querySelectorAll<HTMLButtonElement>('button[data-detail-key]') ?? []).find(
      (button) => button.dataset.detailKey === key,
    );
    (opener ?? resultsHeading.current)?.focus();
  }, [detail?.key]); // eslint-disable-line react-hooks/exhaustive-deps

  // The search in the address (a reload, a link) is shown on arrival; otherwise the address shows the one kept.
  // Back and Forward show the search of their address, or the empty form before the first one.
  const kept = useRef(search);
  kept.current = search;
  useAddressedSearch((arrival) => {
    const addressed = searchFromQuery(window.location.search, config.referenceTables);
    if (!addressed) {
      if (arrival && kept.current) showSearchInAddress(kept.current);
      else if (!arrival) {
        setLocalFilter(EMPTY_FILTER);
        dispatch(reset());
      }
      return;
    }
    const next: CodificationSearch = {
      filter: addressed.filter,
      paging: { ...DEFAULT_PAGING, pageNumber: addressed.pageNumber, size: addressed.size },
      translated,
      language,
    };
    setLocalFilter(addressed.filter);
    if (JSON.stringify(next) !== JSON.stringify(kept.current)) {
      dispatch(closeDetail());
      dispatch(searchShown(next));
    }
    if (arrival) showSearchInAddress(next);
  }, []);

  // A page past the last one (an old link, a hand-edited address) shows the last page.
  useEffect(() => {
    const current = query.currentData;
    if (!search || loading || !current || current.resultList.length > 0 || current.totalCount === 0) return;
    const last = Math.ceil(current.totalCount / search.paging.size) - 1;
    if (search.paging.pageNumber <= last) return;
    const next = { ...search, paging: { ...search.paging, pageNumber: last } };
    showSearchInAddress(next);
    dispatch(searchShown(next));
  }, [search, query.currentData, loading, dispatch]);

  const update = (changes: Partial<CodificationFilter>) => setLocalFilter((current) => ({ ...current, ...changes }));
  const run = (next: CodificationFilter, pageNumber: number, size = paging.size) => {
    const asked: CodificationSearch = { filter: next, paging: { ...paging, pageNumber, size }, translated, language };
    showSearchInAddress(asked, true);
    ask(asked);
  };
  const closePanel = () => {
    returnFocus.current = state.detailKey;
    dispatch(closeDetail());
  };

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
            data-detail-key={detailKey(table, row.original)}
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
        cell: ({ row }) => <RecordText row={row.original} fields={['description']} translated={translated} />,
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
        cell: ({ row }) => <RecordText row={row.original} fields={['address1', 'address2']} translated={translated} />,
      });
    return list;
  }, [t, table, detail?.key, dispatch, translated]);

  /** Up to 1000 rows of the search: code and name, plus the address lines for banks, offices and declarants. */
  const loadExport = async () => {
    const current = table!;
    const found = await searchReference(
      current,
      codificationRequest(
        { ...state.filter, referenceTable: current },
        { ...paging, pageNumber: 0, size: EXPORT_LIMIT },
        translated,
        language,
      ),
    );
    return exportTableOf(t, current, found, language, translated);
  };
  const exportNote = exportLimitNote(t, totalCount, language);

  /** A field's name in the panel; a translated text's names the language it is in. */
  const fieldLabel = (field: DetailField) =>
    field.endsWith('Translated')
      ? t(`fields.${field.replace(/Translated$/, '')}In`, { language: t(`languages.${TRANSLATION}`) })
      : t(`fields.${field}`);

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
                    {shownText(row, 'description', translated).text ?? ''}
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
              showSearchInAddress(null);
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
        <section className="results" aria-labelledby={`${id}-results`} aria-busy={loading} ref={resultsSection}>
          <div className="results-head">
            <h2 id={`${id}-results`} ref={resultsHeading} tabIndex={-1}>
              {table ? t('results.titleOf', { table: t(`tables.${table}`) }) : t('results.title')}
            </h2>
            {data.length > 0 && (
              <div className="results-actions">
                <ExportMenu load={loadExport} fileName={`codification-${table}`} />
                {exportNote && <p className="hint export-limit">{exportNote}</p>}
              </div>
            )}
          </div>
          {sample && <p className="notice-inline">{t('results.sample')}</p>}
          <ResultStatus loading={loading} loadingText={t('results.loading')} empty={searched && !failed && data.length === 0} />
          {failed && search && (
            <div className="empty-state results-failed" role="status">
              <p>
                <strong>{t('results.failed')}</strong>
              </p>
              <button type="button" className="button button-secondary button-small" onClick={() => ask(search)}>
                {t('results.retry')}
              </button>
            </div>
          )}
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
              <button type="button" className="button button-secondary button-small" onClick={closePanel}>
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
                  (field) =>
                    detail.data![field] !== undefined &&
                    detail.data![field] !== null &&
                    detail.data![field] !== '' &&
                    (TRANSLATION !== null || !field.endsWith('Translated')),
                ).map((field) => (
                  <React.Fragment key={field}>
                    <dt>{fieldLabel(field)}</dt>
                    <dd {...textLanguage(field.endsWith('Translated') ? TRANSLATION! : 'en')}>
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
