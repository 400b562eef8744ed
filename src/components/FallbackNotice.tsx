import React from 'react';
import { useTranslation } from 'react-i18next';

/** Says, in the page language, that the text below is the English original. */
export function FallbackNotice({ show }: { show: boolean }) {
  const { t } = useTranslation('common');
  if (!show) return null;
  return (
    <p className="fallback-notice" role="note">
      {t('language.fallbackNotice')}
    </p>
  );
}
