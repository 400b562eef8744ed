import React, { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '../../i18n/language';
import {
  discardUpload,
  feedState,
  KINDS,
  MAX_FILE_BYTES,
  messageOf,
  pendingUploads,
  previewUpload,
  publications,
  publishUpload,
  RefusedFile,
  rollBack,
  runFeed,
  uploadFile,
  type FeedState,
  type Kind,
  type LineError,
  type Preview,
  type Publication,
  type Upload,
} from './api';

const number = (value: number | null, language: string, digits = 6) =>
  value === null ? '—' : new Intl.NumberFormat(language, { maximumFractionDigits: digits }).format(value);

function ErrorList({ errors, moreErrors, fileName }: { errors: LineError[]; moreErrors: number; fileName: string }) {
  const { t } = useTranslation('dataConsole');
  const count = errors.length + moreErrors;
  return (
    <section className="notice console-errors" role="alert" aria-labelledby="console-errors">
      <h3 id="console-errors">{t('errors.title', { count, file: fileName })}</h3>
      <p>{t('errors.nothingImported')}</p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('errors.line')}</th>
            <th scope="col">{t('errors.field')}</th>
            <th scope="col">{t('errors.problem')}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((error, index) => (
            <tr key={index}>
              <td>{error.line ?? '—'}</td>
              <td>{error.field ? <code>{error.field}</code> : '—'}</td>
              {error.reason ? (
                <td dir="auto">
                  {t(`reasons.${error.reason}`, { value: error.value ?? '', line: error.repeats ?? '', max: MAX_FILE_BYTES / 1024 / 1024 })}
                </td>
              ) : (
                <td lang="en" dir="ltr">
                  {error.message}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {moreErrors > 0 && <p>{t('errors.more', { count: moreErrors })}</p>}
    </section>
  );
}

function PreviewPanel({
  upload,
  preview,
  language,
  onDone,
}: {
  upload: Upload;
  preview: Preview;
  language: string;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('dataConsole');
  const id = useId();
  const [validFrom, setValidFrom] = useState(todayIso());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    setProblem(null);
    try {
      onDone(await action());
    } catch (error) {
      setProblem(messageOf(error) ? t('actions.conflict') : t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };
  const publish = () =>
    act(async () => {
      const publication = await publishUpload(upload.id, validFrom);
      return publication.status === 'live'
        ? t('actions.published', { count: publication.rowCount })
        : t('actions.scheduled', { date: formatDate(publication.validFrom, language) });
    });
  return (
    <section className="results" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('preview.title', { file: upload.fileName })}</h2>
      <p>
        {t(`kinds.${upload.kind}`)} ·{' '}
        {t('preview.period', { from: formatDate(preview.from, language), to: formatDate(preview.to, language) })}
      </p>
      {upload.problems && (
        <div className="notice" role="note">
          <p>{t('preview.held')}</p>
          <ul>
            {upload.problems.map((item, index) => (
              <li key={index} lang="en" dir="ltr">
                {item.field}: {item.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className="console-counts">
        {(['new', 'changed', 'unchanged', 'removed', 'jumps'] as const).map((name) => (
          <li key={name} className={name === 'jumps' && preview.counts.jumps > 0 ? 'console-jump' : undefined}>
            <strong>{number(preview.counts[name], language)}</strong> {t(`preview.counts.${name}`)}
          </li>
        ))}
      </ul>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t('preview.tableLabel')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('preview.date')}</th>
              <th scope="col">{t('preview.currency')}</th>
              <th scope="col">{t('preview.previous')}</th>
              <th scope="col">{t('preview.live')}</th>
              <th scope="col">{t('preview.rate')}</th>
              <th scope="col">{t('preview.change')}</th>
              <th scope="col">{t('preview.status')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.lines.map((line) => (
              <tr key={`${line.date} ${line.currency} ${line.status}`} className={line.jump ? 'console-jump' : undefined}>
                <td>{formatDate(line.date, language)}</td>
                <td>{line.currency}</td>
                <td>{number(line.previous, language)}</td>
                <td>{number(line.live, language)}</td>
                <td>{number(line.rate, language)}</td>
                <td>
                  {line.changePercent === null ? '—' : `${line.changePercent > 0 ? '+' : ''}${number(line.changePercent, language, 1)} %`}
                  {line.jump && <strong className="console-flag"> {t('preview.jump')}</strong>}
                </td>
                <td>{t(`preview.statuses.${line.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {preview.truncated && <p className="hint">{t('preview.truncated', { count: preview.lines.length })}</p>}
      <div className="search-form">
        <div className="field">
          <label htmlFor={`${id}-valid`}>{t('preview.validFrom')}</label>
          <input
            id={`${id}-valid`}
            type="date"
            value={validFrom}
            required
            onChange={(event) => setValidFrom(event.target.value)}
            aria-describedby={`${id}-valid-hint`}
          />
          <p id={`${id}-valid-hint`} className="hint">
            {t('preview.validFromHint')}
          </p>
        </div>
      </div>
      <div className="form-actions">
        <button type="button" className="button" disabled={busy || !validFrom} onClick={publish}>
          {t('actions.publish')}
        </button>
        <button
          type="button"
          className="button button-light"
          disabled={busy}
          onClick={() => act(async () => (await discardUpload(upload.id), t('actions.discarded')))}
        >
          {t('actions.discard')}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function History({ items, language, onChange }: { items: Publication[]; language: string; onChange: (message: string) => void }) {
  const { t } = useTranslation('dataConsole');
  const [problem, setProblem] = useState<string | null>(null);
  const latestLive = new Map<Kind, number>();
  for (const item of items) if (item.status === 'live' && !latestLive.has(item.kind)) latestLive.set(item.kind, item.id);
  const undo = async (item: Publication) => {
    setProblem(null);
    try {
      const result = await rollBack(item.id);
      onChange(result.status === 'cancelled' ? t('actions.cancelled') : t('actions.rolledBack'));
    } catch (error) {
      setProblem(messageOf(error) ? t('actions.conflict') : t('actions.failed'));
    }
  };
  if (items.length === 0) return <p className="empty-state">{t('history.empty')}</p>;
  return (
    <>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t('history.title')}>
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('history.publishedAt')}</th>
              <th scope="col">{t('history.kind')}</th>
              <th scope="col">{t('history.file')}</th>
              <th scope="col">{t('history.rows')}</th>
              <th scope="col">{t('history.validFrom')}</th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col">{t('history.by')}</th>
              <th scope="col">{t('history.checksum')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('history.actions')}</span>
              </th>
            </tr>
          </thead>
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
                  {(item.status === 'scheduled' || latestLive.get(item.kind) === item.id) && (
                    <button type="button" className="button button-small button-light" onClick={() => undo(item)}>
                      {item.status === 'scheduled' ? t('actions.cancel') : t('actions.rollBack')}
                    </button>
                  )}
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

/** Officers upload rates, see every error or a preview against what is live, publish, and roll back. */
export function DataConsole({ language }: { language: string }) {
  const { t } = useTranslation('dataConsole');
  const id = useId();
  const [kind, setKind] = useState<Kind>('customsRates');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ errors: LineError[]; moreErrors: number; fileName: string } | null>(null);
  const [current, setCurrent] = useState<{ upload: Upload; preview: Preview } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [lists, setLists] = useState<{ pending: Upload[]; history: Publication[]; feed: FeedState } | null>(null);

  const load = useCallback(async () => {
    try {
      const [pending, history, feed] = await Promise.all([pendingUploads(), publications(), feedState()]);
      setLists({ pending, history, feed });
    } catch {
      setFailure(t('actions.failed'));
    }
  }, [t]);
  useEffect(() => {
    void load();
  }, [load]);

  const done = (text: string) => {
    setCurrent(null);
    setMessage(text);
    void load();
  };

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setFailure(null);
    setRefused(null);
    setCurrent(null);
    if (!file) return setFailure(t('upload.chooseFile'));
    if (file.size > MAX_FILE_BYTES) return setFailure(t('reasons.tooLarge', { max: MAX_FILE_BYTES / 1024 / 1024 }));
    setBusy(true);
    try {
      setCurrent(await uploadFile(kind, file));
      setFileKey((key) => key + 1);
      setFile(null);
      void load();
    } catch (error) {
      if (error instanceof RefusedFile) setRefused({ errors: error.errors, moreErrors: error.moreErrors, fileName: file.name });
      else setFailure(t('actions.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="data-console">
      <section aria-labelledby={`${id}-upload`}>
        <h2 id={`${id}-upload`}>{t('upload.title')}</h2>
        <form onSubmit={check} noValidate>
          <div className="search-form">
            <div className="field">
              <label htmlFor={`${id}-kind`}>{t('upload.kind')}</label>
              <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
                {KINDS.map((name) => (
                  <option key={name} value={name}>
                    {t(`kinds.${name}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-file`}>{t('upload.file')}</label>
              <input
                key={fileKey}
                id={`${id}-file`}
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
              <p id={`${id}-file-hint`} className="hint">
                {t(`upload.hint.${kind}`, { max: MAX_FILE_BYTES / 1024 / 1024 })}
              </p>
            </div>
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('upload.checking') : t('upload.check')}
            </button>
          </div>
        </form>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        {message && (
          <p className="notice-inline" role="status">
            {message}
          </p>
        )}
      </section>
      {refused && <ErrorList {...refused} />}
      {current && <PreviewPanel key={current.upload.id} {...current} language={language} onDone={done} />}

      <section aria-labelledby={`${id}-pending`}>
        <h2 id={`${id}-pending`}>{t('pending.title')}</h2>
        {!lists && (
          <p className="loading" role="status">
            {t('loading')}
          </p>
        )}
        {lists?.pending.length === 0 && <p className="empty-state">{t('pending.empty')}</p>}
        <ul className="console-pending">
          {lists?.pending.map((upload) => (
            <li key={upload.id}>
              <span dir="auto">{upload.fileName}</span> · {t(`kinds.${upload.kind}`)} · {t(`pending.${upload.status}`)} ·{' '}
              {formatDate(upload.createdAt, language, true)}{' '}
              <button
                type="button"
                className="button button-small button-light"
                onClick={() => previewUpload(upload.id).then(setCurrent, () => setFailure(t('actions.failed')))}
              >
                {t('pending.open')}
              </button>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-history`}>
        <h2 id={`${id}-history`}>{t('history.title')}</h2>
        {lists && <History items={lists.history} language={language} onChange={done} />}
      </section>

      <section aria-labelledby={`${id}-feed`}>
        <h2 id={`${id}-feed`}>{t('feed.title')}</h2>
        {lists && !lists.feed.url && <p>{t('feed.none')}</p>}
        {lists?.feed.url && (
          <>
            <p>
              {t('feed.source', { url: lists.feed.url, minutes: lists.feed.minutes })}
              {lists.feed.lastRunAt &&
                ` · ${t('feed.last', { date: formatDate(lists.feed.lastRunAt, language, true), status: t(`feed.statuses.${lists.feed.lastStatus}`) })}`}
            </p>
            {lists.feed.lastMessage && (
              <p className="hint" lang="en" dir="ltr">
                {lists.feed.lastMessage}
              </p>
            )}
            <button
              type="button"
              className="button button-light"
              onClick={() =>
                runFeed().then(
                  () => load(),
                  () => setFailure(t('actions.failed')),
                )
              }
            >
              {t('feed.run')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
