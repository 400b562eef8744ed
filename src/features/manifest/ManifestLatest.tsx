import React, { useMemo } from 'react';
import { Link } from 'gatsby';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { DataTable } from '../../components/DataTable';
import { SearchPager } from '../../components/Pager';
import { ResultStatus } from '../../components/ResultStatus';
import { formatDate } from '@guichet/shared/i18n/language';
import { paths } from '../../config/routes';
import { useLatestManifestsQuery, useVesselsQuery, VESSEL_STATUSES, type Manifest, type Vessel, type VesselStatus } from './api';
import { selectManifest, vesselPageShown, vesselStatusChosen } from './slice';
import { registrationColumns } from './columns';

const LATEST_COUNT = 10;
const NO_VESSELS: Vessel[] = [];

/** The latest registered manifests, and the vessels of the latest voyages with their status. */
export function ManifestLatest({ language }: { language: string }) {
  const { t } = useTranslation('manifest');
  const dispatch = useAppDispatch();
  const { vesselStatus: status, vesselPage } = useAppSelector(selectManifest);
  const latestAnswer = useLatestManifestsQuery(LATEST_COUNT);
  const vesselsAnswer = useVesselsQuery(status);
  const latest = { data: latestAnswer.data ?? [], loading: latestAnswer.isFetching, error: latestAnswer.isError };
  // The counts per status stay while another status loads.
  const vessels = {
    status,
    data: vesselsAnswer.currentData?.resultList ?? NO_VESSELS,
    totalCount: vesselsAnswer.currentData?.totalCount ?? 0,
    counts: vesselsAnswer.data?.statusCounts ?? ({} as Partial<Record<VesselStatus, number>>),
    loading: vesselsAnswer.isFetching,
    error: vesselsAnswer.isError,
  };
  // The same status again (after a failure, say) asks the service again.
  const choose = (next: VesselStatus | '') => (next === status ? void vesselsAnswer.refetch() : dispatch(vesselStatusChosen(next)));

  const manifestColumns = useMemo<Array<ColumnDef<Manifest, unknown>>>(
    () => [
      ...registrationColumns(t, language),
      {
        id: 'vessel',
        header: t('columns.vessel'),
        accessorFn: (row) => row.vesselName,
        cell: ({ getValue }) => <span lang="en">{getValue() as string}</span>,
      },
      { id: 'voyageNumber', header: t('fields.voyageNumber'), accessorFn: (row) => row.voyageNumber },
      {
        id: 'route',
        header: t('columns.route'),
        accessorFn: (row) => `${row.placeOfDeparture} → ${row.placeOfDestination}`,
        cell: ({ row }) => <span dir="ltr">{`${row.original.placeOfDeparture} → ${row.original.placeOfDestination}`}</span>,
      },
      { id: 'arrivalDate', header: t('fields.arrivalDate'), accessorFn: (row) => formatDate(row.arrivalDate, language) },
    ],
    [t, language],
  );

  const vesselColumns = useMemo<Array<ColumnDef<Vessel, unknown>>>(
    () => [
      {
        id: 'vesselName',
        header: t('columns.vessel'),
        accessorFn: (row) => row.vesselName,
        cell: ({ getValue }) => <span lang="en">{getValue() as string}</span>,
      },
      { id: 'vesselImo', header: t('columns.imo'), accessorFn: (row) => row.vesselImo },
      {
        id: 'vesselType',
        header: t('columns.type'),
        accessorFn: (row) => t(`vesselTypes.${row.vesselType}`, { defaultValue: row.vesselType }),
      },
      { id: 'flag', header: t('columns.flag'), accessorFn: (row) => row.flag },
      {
        id: 'status',
        header: t('columns.status'),
        accessorFn: (row) => row.status,
        cell: ({ getValue }) => (
          <span className={`status-badge status-${getValue() as string}`}>{t(`statuses.${getValue() as VesselStatus}`)}</span>
        ),
      },
      {
        id: 'route',
        header: t('columns.route'),
        accessorFn: (row) => `${row.lastPort} → ${row.nextPort}`,
        cell: ({ row }) => (
          <span
            dir="ltr"
            title={`${row.original.lastPortName} → ${row.original.nextPortName}`}
          >{`${row.original.lastPort} → ${row.original.nextPort}`}</span>
        ),
      },
      { id: 'arrivalDate', header: t('columns.eta'), accessorFn: (row) => formatDate(row.arrivalDate, language) },
    ],
    [t, language],
  );

  // The vessels come in one answer (the service's most per call): they are shown a page at a time, as the
  // tool's other tables are. A page past the end (fewer vessels after a new answer) shows the last one.
  const pageCount = Math.max(1, Math.ceil(vessels.data.length / vesselPage.size));
  const shownPage = { ...vesselPage, page: Math.min(vesselPage.page, pageCount) };
  const pageRows = useMemo(
    () => vessels.data.slice((shownPage.page - 1) * shownPage.size, shownPage.page * shownPage.size),
    [vessels.data, shownPage.page, shownPage.size],
  );

  const total = VESSEL_STATUSES.reduce((sum, status) => sum + (vessels.counts[status] ?? 0), 0);

  return (
    <div className="tool">
      <p className="notice notice-sample" role="note">
        {t('sampleNotice')} <Link to={`/${language}${paths.tool('manifest')}`}>{t('searchLink')}</Link>
      </p>
      <section className="results" aria-labelledby="latest-title" aria-busy={latest.loading}>
        <div className="results-head">
          <h2 id="latest-title">{t('latest.title')}</h2>
        </div>
        <ResultStatus
          loading={latest.loading}
          loadingText={t('results.loading')}
          empty={!latest.loading && !latest.error && latest.data.length === 0}
        />
        {latest.error && <p className="notice-inline">{t('latest.unavailable')}</p>}
        {latest.data.length > 0 && (
          <DataTable
            caption={t('latest.caption', { count: latest.data.length })}
            columns={manifestColumns}
            data={latest.data}
            rowKey={(row) => `${row.customsOfficeCode}/${row.registrationYear}/${row.registrationNumber}`}
          />
        )}
      </section>

      <section className="results" aria-labelledby="vessels-title" aria-busy={vessels.loading}>
        <div className="results-head">
          <h2 id="vessels-title">{t('vessels.title')}</h2>
        </div>
        <div className="status-filter" role="group" aria-label={t('vessels.filter')}>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-pressed={vessels.status === ''}
            onClick={() => choose('')}
          >
            {t('vessels.all', { count: total })}
          </button>
          {VESSEL_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              className="button button-secondary button-small"
              aria-pressed={vessels.status === status}
              onClick={() => choose(status)}
            >
              {t(`statuses.${status}`)} ({vessels.counts[status] ?? 0})
            </button>
          ))}
        </div>
        <ResultStatus
          loading={vessels.loading}
          loadingText={t('vessels.loading')}
          empty={!vessels.loading && !vessels.error && vessels.data.length === 0}
        />
        {vessels.error && <p className="notice-inline">{t('vessels.unavailable')}</p>}
        {vessels.data.length > 0 && (
          <>
            <DataTable
              caption={t('vessels.caption', { count: vessels.totalCount })}
              columns={vesselColumns}
              data={pageRows}
              rowKey={(row) => row.vesselImo}
            />
            <SearchPager search={shownPage} totalCount={vessels.data.length} onSearch={(next) => dispatch(vesselPageShown(next))} />
          </>
        )}
      </section>
    </div>
  );
}
