import React, { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@guichet/shared/i18n/language';
import type { CallError } from '../../app/api';
import { encodeFile } from '../../http/base64';
import {
  KINDS,
  MAX_FILE_BYTES,
  useConsoleListsQuery,
  useLazyUploadPreviewQuery,
  useRunFeedMutation,
  useUploadFileMutation,
  type FileErrors,
  type Kind,
  type Preview,
  type Upload,
} from './api';
import { ErrorList, PreviewPanel, useFocusOnShow } from './Preview';
import { History } from './History';
import { Field, FormActions } from '../../components/Form';

/** Officers upload rates, see every error or a preview against what is live, publish, and roll back. */
/** What an action did (published, rolled back, discarded): the keyboard's focus goes to it, as the panel it came from is gone. */
function Outcome({ text }: { text: string }) {
  const ref = useFocusOnShow<HTMLParagraphElement>();
  return (
    <p className="notice-inline" role="status" ref={ref} tabIndex={-1}>
      {text}
    </p>
  );
}

export function DataConsole({ language }: { language: string }) {
  const { t } = useTranslation('dataConsole');
  const id = useId();
  const [kind, setKind] = useState<Kind>('customsRates');
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [refused, setRefused] = useState<(FileErrors & { fileName: string }) | null>(null);
  const [current, setCurrent] = useState<{ upload: Upload; preview: Preview } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The lists are read again by the data layer after every action.
  const { data: lists, isError: listsFailed } = useConsoleListsQuery();
  const [send, { isLoading: busy }] = useUploadFileMutation();
  const [openPreview] = useLazyUploadPreviewQuery();
  const [startFeed] = useRunFeedMutation();

  const done = (text: string) => {
    setCurrent(null);
    setMessage(text);
  };

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    setMessage(null);
    setFailure(null);
    setRefused(null);
    setCurrent(null);
    if (!file) return setFailure(t('upload.chooseFile'));
    if (file.size > MAX_FILE_BYTES) return setFailure(t('reasons.tooLarge', { max: MAX_FILE_BYTES / 1024 / 1024 }));
    const sent = await send({ kind, file: await encodeFile(file) });
    if (sent.data) {
      setCurrent(sent.data);
      setFileKey((key) => key + 1);
      setFile(null);
      return;
    }
    const error = sent.error as CallError;
    if (error.reason === 'refusedFile') setRefused({ ...(error.details as FileErrors), fileName: file.name });
    else setFailure(t('actions.failed'));
  };

  return (
    <div className="data-console">
      <section aria-labelledby={`${id}-upload`}>
        <h2 id={`${id}-upload`}>{t('upload.title')}</h2>
        <form onSubmit={check} noValidate>
          <div className="search-form upload-form">
            <Field id={`${id}-kind`} label={t('upload.kind')}>
              <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
                {KINDS.map((name) => (
                  <option key={name} value={name}>
                    {t(`kinds.${name}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={`${id}-file`} label={t('upload.file')}>
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
            </Field>
          </div>
          <FormActions submit={busy ? t('upload.checking') : t('upload.check')} disabled={busy} />
        </form>
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        {message && <Outcome key={message} text={message} />}
      </section>
      {refused && <ErrorList {...refused} />}
      {current && <PreviewPanel key={current.upload.id} {...current} language={language} onDone={done} />}

      <section aria-labelledby={`${id}-pending`}>
        <h2 id={`${id}-pending`}>{t('pending.title')}</h2>
        {listsFailed && (
          <p className="field-error" role="alert">
            {t('actions.failed')}
          </p>
        )}
        {!lists && !listsFailed && (
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
                onClick={() => openPreview(upload.id).then(({ data }) => (data ? setCurrent(data) : setFailure(t('actions.failed'))))}
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
              onClick={() => startFeed().then(({ error }) => error && setFailure(t('actions.failed')))}
            >
              {t('feed.run')}
            </button>
          </>
        )}
      </section>
    </div>
  );
}
