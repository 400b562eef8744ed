import React from 'react';
import { useTranslation } from 'react-i18next';

interface ResultStatusProps {
  loading: boolean;
  /** What the loader says (each tool words its own wait). */
  loadingText: string;
  /** A search ran and found nothing. */
  empty: boolean;
  /** The search failed (the error notice says so too): a failure is not an empty result. */
  failed?: boolean;
}

/** The states of a result list around its table: loading, failed, and the catalogue's "no result" message. */
export function ResultStatus({ loading, loadingText, empty, failed = false }: ResultStatusProps) {
  const { t } = useTranslation('common');
  if (loading)
    return (
      <p className="loading" role="status">
        {loadingText}
      </p>
    );
  if (failed)
    return (
      <div className="empty-state failed-state" role="status">
        <p>
          <strong>{t('results.failed')}</strong>
        </p>
        <p>{t('results.failedRetry')}</p>
      </div>
    );
  if (!empty) return null;
  return (
    <div className="empty-state" role="status">
      <p>
        <strong>{t('results.none')}</strong>
      </p>
      <p>{t('results.tryAgain')}</p>
    </div>
  );
}
