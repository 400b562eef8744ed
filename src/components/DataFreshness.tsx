import React from 'react';
import { useTranslation } from 'react-i18next';
import { serviceUrls } from '../config/services';
import { http } from '../http/client';
import { useRequest } from '../http/useRequest';
import { formatDate } from '@guichet/shared/i18n/language';

type Kind = 'customsRates' | 'centralBankRates' | 'tariff';

interface Freshness {
  date: string | null;
  source: 'pack' | 'upload' | 'feed';
  publishedAt: string | null;
  cadenceDays: number;
  stale: boolean;
}

/** The date of the data a rates or tariff page shows, its source, and a warning when it is older than its cadence. */
export function DataFreshness({ kind, language }: { kind: Kind; language: string }) {
  const { t } = useTranslation('common');
  const { data } = useRequest(language, async () => (await http.get<Record<Kind, Freshness>>(`${serviceUrls.dataConsole}freshness`)).data);
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
