import React, { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@guichet/shared/i18n/language';
import { isRefused } from '../../app/api';
import { useRollBackMutation, type Kind, type Publication } from './api';
import { number } from './format';
import { TableHead } from '../../components/TableHead';

/** Publications, newest first; the latest in effect of each kind can be rolled back, a scheduled one cancelled. */
export function History({ items, language, onChange }: { items: Publication[]; language: string; onChange: (message: string) => void }) {
  const { t } = useTranslation('dataConsole');
  const [problem, setProblem] = useState<string | null>(null);
  // The publication whose rollback (or cancellation) is asked to be confirmed: one click changes no live data.
  const [asking, setAsking] = useState<number | null>(null);
  // After "No", focus goes back to the button that asked.
  const [backTo, setBackTo] = useState<number | null>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking !== null) keep.current?.focus();
  }, [asking]);
  useEffect(() => {
    if (backTo !== null) back.current?.focus();
  }, [backTo]);
  const [send] = useRollBackMutation();
  // The one the service rolls back: the last applied (a scheduled one applied on its date may be older by id).
  const latestLive = new Map<Kind, Publication>();
  for (const item of items) {
    const latest = latestLive.get(item.kind);
    const later = !latest || `${item.appliedAt}` > `${latest.appliedAt}` || (item.appliedAt === latest.appliedAt && item.id > latest.id);
    if (item.status === 'live' && later) latestLive.set(item.kind, item);
  }
  const undo = async (item: Publication) => {
    setAsking(null);
    setProblem(null);
    const { data, error } = await send(item.id);
    if (data) onChange(data.status === 'cancelled' ? t('actions.cancelled') : t('actions.rolledBack'));
    else setProblem(isRefused(error) ? t('actions.conflict') : t('actions.failed'));
  };
  if (items.length === 0) return <p className="empty-state">{t('history.empty')}</p>;
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t('history.title')}>
        <table className="table">
          <TableHead
            columns={[
              t('history.publishedAt'),
              t('history.kind'),
              t('history.file'),
              t('history.rows'),
              t('history.validFrom'),
              t('history.status'),
              t('history.by'),
              t('history.checksum'),
            ]}
            actions={t('history.actions')}
          />
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{formatDate(item.publishedAt, language, true)}</td>
                <td>{t(`kinds.${item.kind}`)}</td>
                <td dir="auto">{item.fileName}</td>
                <td>{number(item.rowCount, language)}</td>
                <td>{formatDate(item.validFrom, language)}</td>
                <td>{t(`history.statuses.${item.status}`)}</td>
                <td dir="auto">{item.publishedBy}</td>
                <td>
                  <code title={item.checksum}>{item.checksum.slice(0, 12)}</code>
                </td>
                <td>
                  {(item.status === 'scheduled' || latestLive.get(item.kind)?.id === item.id) &&
                    (asking === item.id ? (
                      <div className="confirm" role="group" aria-labelledby={`confirm-${item.id}`}>
                        <p id={`confirm-${item.id}`}>
                          {item.status === 'scheduled' ? t('actions.confirmCancel') : t('actions.confirmRollBack')}
                        </p>
                        <button type="button" className="button button-small" onClick={() => undo(item)}>
                          {item.status === 'scheduled' ? t('actions.yesCancel') : t('actions.yesRollBack')}
                        </button>{' '}
                        <button
                          ref={keep}
                          type="button"
                          className="button button-small button-light"
                          onClick={() => {
                            setAsking(null);
                            setBackTo(item.id);
                          }}
                        >
                          {t('actions.no')}
                        </button>
                      </div>
                    ) : (
                      <button
                        ref={backTo === item.id ? back : undefined}
                        type="button"
                        className="button button-small button-light"
                        onClick={() => {
                          setBackTo(null);
                          setAsking(item.id);
                        }}
                      >
                        {item.status === 'scheduled' ? t('actions.cancel') : t('actions.rollBack')}
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}
