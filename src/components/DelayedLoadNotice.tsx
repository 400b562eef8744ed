import React from 'react';
import { useTranslation } from 'react-i18next';
import { useDelayedLoad } from '../http/loading';

/** SPEC section 9's delayed-load notice: shown while a page or a tool's answer has been loading for a second. */
export function DelayedLoadNotice() {
  const { t } = useTranslation('common');
  const delayed = useDelayedLoad();
  return (
    <div className="delayed-load" role="status" aria-live="polite">
      {delayed && <p className="notice notice-inline">{t('loading.delayed')}</p>}
    </div>
  );
}
