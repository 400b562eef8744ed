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
  const [className, title, text] = failed
    ? ['empty-state failed-state', t('results.failed'), t('results.failedRetry')]
    : ['empty-state', t('results.none'), t('results.tryAgain')];
  if (!failed && !empty) return null;
  return (
    <div className={className} role="status">
      <p>
        <strong>{title}</strong>
      </p>
      <p>{text}</p>
    </div>
  );
}
