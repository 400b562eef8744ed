import React from 'react';
import { useTranslation } from 'react-i18next';

interface ResultStatusProps {
  loading: boolean;
  /** What the loader says (each tool words its own wait). */
  loadingText: string;
  /** A search ran and found nothing. */
  empty: boolean;
}

/** The states of a result list around its table: loading, and the catalogue's "no result" message. */
export function ResultStatus({ loading, loadingText, empty }: ResultStatusProps) {
  const { t } = useTranslation('common');
  if (loading)
    return (
      <p className="loading" role="status">
        {loadingText}
      </p>
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
