import React, { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismiss } from '../app/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../app/store';

/** Error and information messages of the tools, announced to screen readers. */
export function Notifications() {
  const { t } = useTranslation('common');
  const notifications = useAppSelector((state) => state.notifications);
  const dispatch = useAppDispatch();
  useEffect(() => {
    const timers = notifications.map((n) => setTimeout(() => dispatch(dismiss(n.id)), 8000));
    return () => timers.forEach(clearTimeout);
  }, [notifications, dispatch]);
  return (
    <div className="notifications" role="alert" aria-live="assertive">
      {notifications.map((n) => (
        <div key={n.id} className={`notification notification-${n.kind}`}>
          <span>{t(n.messageKey)}</span>
          <button
            type="button"
            className="notification-close"
            onClick={() => dispatch(dismiss(n.id))}
            aria-label={t('notifications.dismiss')}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
