import React, { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallError } from '../../app/api';
import { notify } from '../../app/notificationsSlice';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { download } from '@guichet/shared/export/download';
import { encodeFile } from '../../http/base64';
import { formatDate } from '@guichet/shared/i18n/language';
import { visibleText, withoutControls } from '@guichet/shared/api/text';
import { Field, FormActions } from '../../components/Form';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  CATEGORIES,
  fetchAttachment,
  useAnswerHelpdeskRequestMutation,
  useCreateHelpdeskRequestMutation,
  useHelpdeskRequestsQuery,
  type Category,
  type HelpdeskRequest,
} from './api';
import { loadDraft, saveDraft } from './storage';

/** Longest file name the service keeps. */
const ATTACHMENT_NAME_MAX = 200;

type Problem = { field: 'category' | 'subject' | 'message' | 'attachment'; key: string };

/**
 * The subject and question as sent: trimmed, and without the control characters pasted with them (a NUL),
 * which show nothing and which the service refuses; line breaks kept.
 */
export const sentText = (form: { subject: string; message: string }) => ({
  subject: withoutControls(form.subject).trim(),
  message: withoutControls(form.message).trim(),
});

/** Every field's problem at once, in the form's order (an empty list: the request can be sent). */
export function validate(form: { category: string; subject: string; message: string }, file: File | null): Problem[] {
  const problems: Problem[] = [];
  if (!form.category) problems.push({ field: 'category', key: 'validation.mandatory' });
  if (visibleText(form.subject).length < 3) problems.push({ field: 'subject', key: 'validation.subject' });
  if (visibleText(form.message).length < 10) problems.push({ field: 'message', key: 'validation.message' });
  if (file && file.size > ATTACHMENT_MAX_BYTES) problems.push({ field: 'attachment', key: 'validation.attachmentSize' });
  else if (file && !ATTACHMENT_TYPES.includes(file.type)) problems.push({ field: 'attachment', key: 'validation.attachmentType' });
  else if (file && file.size === 0) problems.push({ field: 'attachment', key: 'validation.attachmentEmpty' });
  else if (file && Array.from(file.name).length > ATTACHMENT_NAME_MAX)
    problems.push({ field: 'attachment', key: 'validation.attachmentName' });
  return problems;
}

function AnswerForm({ request }: { request: HelpdeskRequest }) {
  const { t } = useTranslation('helpdesk');
  const id = useId();
  const [answer, setAnswer] = useState('');
  const [close, setClose] = useState(false);
  const [send, { isLoading: busy }] = useAnswerHelpdeskRequestMutation();
  return (
    <form
      className="helpdesk-answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (answer.trim().length < 2) return;
        void send({ id: request.id, answer: answer.trim(), status: close ? 'closed' : 'answered' });
      }}
    >
      <label htmlFor={`${id}-answer`}>{t('staff.answerLabel', { subject: request.subject })}</label>
      <textarea id={`${id}-answer`} rows={3} value={answer} onChange={(event) => setAnswer(event.target.value)} required />
      <div className="helpdesk-answer-actions">
        <label className="field-check">
          <input type="checkbox" checked={close} onChange={(event) => setClose(event.target.checked)} /> {t('staff.close')}
        </label>
        <button type="submit" className="button button-small" disabled={busy}>
          {t('staff.send')}
        </button>
      </div>
    </form>
  );
}

/** Requests to the help desk: a signed-in user writes and follows their own; officers see and answer all. */
export function HelpDesk({ language }: { language: string }) {
  const { t } = useTranslation('helpdesk');
  const dispatch = useAppDispatch();
  const id = useId();
  const list = useHelpdeskRequestsQuery();
  const requests = list.isError ? [] : list.data?.resultList;
  const staff = list.data?.staff ?? false;
  const loading = list.isFetching;
  const [create, { isLoading: sending }] = useCreateHelpdeskRequestMutation();
  const [form, setForm] = useState({ category: '' as Category | '', subject: '', message: '' });
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [sent, setSent] = useState(false);
  const [fileKey, setFileKey] = useState(0);
  // A request is sent once: a second click while the attachment is read or the request is on its way does nothing.
  const submitting = useRef(false);
  const [encoding, setEncoding] = useState(false);
  // What was being written comes back after a reload or a change of language (for the same account).
  const user = useAppSelector((state) => state.auth.user?.subject ?? '');
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    const draft = user ? loadDraft(user) : null;
    if (draft) setForm({ ...draft, category: CATEGORIES.includes(draft.category as Category) ? (draft.category as Category) : '' });
    setRestored(true);
  }, [user]);
  useEffect(() => {
    if (restored && user) saveDraft(user, form);
  }, [restored, user, form]);

  const submit = async () => {
    if (submitting.current) return;
    const found = validate(form, file);
    setProblems(found);
    setSent(false);
    const focusProblem = (field: Problem['field']) => document.getElementById(`${id}-${field === 'attachment' ? 'file' : field}`)?.focus();
    // The first field to correct takes the focus; each says what is wrong under it.
    if (found.length > 0) focusProblem(found[0].field);
    if (found.length > 0 || !form.category) return;
    submitting.current = true;
    try {
      setEncoding(Boolean(file));
      const attachment = file ? await encodeFile(file) : undefined;
      setEncoding(false);
      const created = await create({ category: form.category, ...sentText(form), attachment });
      if (created.error) {
        // The service's refusal of the file is said under it (the notice says only that something went wrong).
        if ((created.error as CallError).reason === 'AttachmentRefused') {
          setProblems([{ field: 'attachment', key: 'validation.attachmentRefused' }]);
          focusProblem('attachment');
        }
        return;
      }
      setForm({ category: '', subject: '', message: '' });
      setFile(null);
      setFileKey((key) => key + 1);
      setSent(true);
    } finally {
      setEncoding(false);
      submitting.current = false;
    }
  };

  const problemOf = (field: Problem['field']) => problems.find((item) => item.field === field);
  const invalid = (field: Problem['field']) =>
    problemOf(field) ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-problem` } : {};
  const fieldProblem = (field: Problem['field']) => {
    const found = problemOf(field);
    return found ? (
      <p id={`${id}-${field}-problem`} className="field-error">
        {t(found.key, { size: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
      </p>
    ) : null;
  };
  return (
    <div className="tool helpdesk">
      <section aria-labelledby={`${id}-new`}>
        <h2 id={`${id}-new`}>{t('form.title')}</h2>
        <form
          className="helpdesk-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Field id={`${id}-category`} label={t('form.category')}>
            <select
              id={`${id}-category`}
              value={form.category}
              onChange={(event) => setForm({ ...form, category: event.target.value as Category })}
              {...invalid('category')}
            >
              <option value="">{t('form.chooseCategory')}</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </select>
            {fieldProblem('category')}
          </Field>
          <Field id={`${id}-subject`} label={t('form.subject')}>
            <input
              id={`${id}-subject`}
              value={form.subject}
              maxLength={200}
              onChange={(event) => setForm({ ...form, subject: event.target.value })}
              {...invalid('subject')}
            />
            {fieldProblem('subject')}
          </Field>
          <Field id={`${id}-message`} label={t('form.message')}>
            <textarea
              id={`${id}-message`}
              rows={6}
              maxLength={10000}
              value={form.message}
              onChange={(event) => setForm({ ...form, message: event.target.value })}
              {...invalid('message')}
            />
            {fieldProblem('message')}
          </Field>
          <Field id={`${id}-file`} label={t('form.attachment')}>
            <input
              key={fileKey}
              id={`${id}-file`}
              type="file"
              accept=".pdf,.png,.jpg,.jpeg,.txt,application/pdf,image/png,image/jpeg,text/plain"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              aria-invalid={problemOf('attachment') ? true : undefined}
              aria-describedby={`${id}-file-hint${problemOf('attachment') ? ` ${id}-attachment-problem` : ''}`}
            />
            <p id={`${id}-file-hint`} className="hint">
              {t('form.attachmentHint', { size: ATTACHMENT_MAX_BYTES / 1024 / 1024 })}
            </p>
            {fieldProblem('attachment')}
          </Field>
          <FormActions submit={sending || encoding ? t('form.sending') : t('form.send')} disabled={sending || encoding} />
          {sent && (
            <p className="notice-inline" role="status">
              {t('form.sent')}
            </p>
          )}
        </form>
      </section>

      <section className="results" aria-labelledby={`${id}-list`} aria-busy={loading}>
        <h2 id={`${id}-list`}>{staff ? t('list.allTitle') : t('list.title')}</h2>
        {loading && (
          <p className="loading" role="status">
            {t('list.loading')}
          </p>
        )}
        {!loading && requests?.length === 0 && <p className="empty-state">{t('list.empty')}</p>}
        <ul className="helpdesk-list">
          {requests?.map((request) => (
            <li key={request.id} className="helpdesk-item">
              <div className="helpdesk-item-head">
                <h3 dir="auto">{request.subject}</h3>
                <span className={`status status-${request.status}`}>{t(`status.${request.status}`)}</span>
              </div>
              <p className="hint">
                {t('list.meta', { category: t(`categories.${request.category}`), date: formatDate(request.createdAt, language, true) })}
                {staff && ` · ${request.userName} <${request.userEmail}>`}
              </p>
              <p className="helpdesk-message" dir="auto">
                {request.message}
              </p>
              {request.attachmentName && (
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    fetchAttachment(request.id).then(
                      (blob) => download(blob, request.attachmentName!),
                      () => dispatch(notify('error', 'notifications.somethingWentWrong')),
                    )
                  }
                >
                  {t('list.attachment', { name: request.attachmentName })}
                </button>
              )}
              {request.answer && (
                <div className="helpdesk-reply">
                  <p className="hint">{t('list.answeredBy', { name: request.answeredBy ?? '' })}</p>
                  <p dir="auto">{request.answer}</p>
                </div>
              )}
              {staff && request.status !== 'closed' && <AnswerForm request={request} />}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
