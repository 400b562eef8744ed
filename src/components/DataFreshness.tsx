import React from 'react';
import { useTranslation } from 'react-i18next';
import { useFreshnessQuery, type FreshnessKind } from '../http/pages';
import { formatDate } from '@guichet/shared/i18n/language';

type Kind = FreshnessKind;

/** The date of the data a rates or tariff page shows, its source, and a warning when it is older than its cadence. */
export function DataFreshness({ kind, language }: { kind: Kind; language: string }) {
  const { t } = useTranslation('common');
  const { data } = useFreshnessQuery();
  const freshness = data?.[kind];
  if (!freshness) return null;
  const source = t(`freshness.sources.${kind}.${freshness.source}`, {
    date: freshness.publishedAt ? formatDate(freshness.publishedAt, language) : '',
  });
  return (
    <div className={freshness.stale ? 'freshness freshness-stale' : 'freshness'} role={freshness.stale ? 'note' : undefined}>
      <p>
        {freshness.date ? t(`freshness.dated.${kind}`, { date: formatDate(freshness.date, language) }) : t('freshness.none')} · {source}
      </p>
      {freshness.stale && <p>{t(`freshness.stale.${kind}`)}</p>}
    </div>
  );
}
