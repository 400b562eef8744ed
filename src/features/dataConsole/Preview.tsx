import React, { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, todayIso } from '@guichet/shared/i18n/language';
import { isRefused } from '../../app/api';
import {
  MAX_FILE_BYTES,
  useDiscardUploadMutation,
  usePublishUploadMutation,
  type DiffLine,
  type LineError,
  type Preview,
  type TariffDiffLine,
  type Upload,
} from './api';
import { number } from './format';
import { Field } from '../../components/Form';
import { TableHead } from '../../components/TableHead';
import { Ltr } from '../../components/Ltr';

/**
 * A value of the file inside a sentence of the page, isolated (U+2068 … U+2069): an Arabic value in an English
 * sentence, or Bengali digits in an Arabic one, would otherwise turn the sentence's words around.
 */
const isolated = (value: string) => `\u2068${value}\u2069`;

/** Focus on an element when it is shown: what an action led to (its errors, its preview) is where the keyboard goes on. */
export function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/** Every error of a refused file: line, field and why. */
export function ErrorList({ errors, moreErrors, fileName }: { errors: LineError[]; moreErrors: number; fileName: string }) {
  const { t } = useTranslation('dataConsole');
  const count = errors.length + moreErrors;
  const heading = useFocusOnShow<HTMLHeadingElement>();
  return (
    <section className="notice console-errors" role="alert" aria-labelledby="console-errors">
      <h3 id="console-errors" ref={heading} tabIndex={-1}>
        {t('errors.title', { count, file: fileName })}
      </h3>
      <p>{t('errors.nothingImported')}</p>
      <div className="table-wrap" tabIndex={0} role="region" aria-label={t('errors.tableLabel')}>
        <table className="table">
          <TableHead columns={[t('errors.line'), t('errors.field'), t('errors.problem')]} />
          <tbody>
            {errors.map((error, index) => (
              <tr key={index}>
                <td>{error.line ?? '—'}</td>
                <td>{error.field ? <code>{error.field}</code> : '—'}</td>
                {error.reason ? (
                  <td>
                    {t(`reasons.${error.reason}`, {
                      value: isolated(error.value ?? ''),
                      line: error.repeats ?? '',
                      max: MAX_FILE_BYTES / 1024 / 1024,
                    })}
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
      </div>
      {moreErrors > 0 && <p>{t('errors.more', { count: moreErrors })}</p>}
    </section>
  );
}

function RatesTable({ lines, language }: { lines: DiffLine[]; language: string }) {
  const { t } = useTranslation('dataConsole');
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('preview.tableLabel')}>
      <table className="table">
        <TableHead
          columns={[
            t('preview.date'),
            t('preview.currency'),
            t('preview.previous'),
            t('preview.live'),
            t('preview.rate'),
            t('preview.change'),
            t('preview.status'),
          ]}
        />
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.date} ${line.currency} ${line.status}`} className={line.jump ? 'console-jump' : undefined}>
              <td>{formatDate(line.date, language)}</td>
              <td>{line.currency}</td>
              <td>{number(line.previous, language)}</td>
              <td>{number(line.live, language)}</td>
              <td>{number(line.rate, language)}</td>
              <td>
                {line.changePercent === null ? (
                  '—'
                ) : (
                  <Ltr>{`${line.changePercent > 0 ? '+' : ''}${number(line.changePercent, language, 1)} %`}</Ltr>
                )}
                {line.jump && <strong className="console-flag"> {t('preview.jump')}</strong>}
              </td>
              <td>{t(`preview.statuses.${line.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const TAX_NAMES = ['cd', 'rd', 'sd', 'vat', 'ait', 'at'] as const;

/** Taxes before and after, the changed ones shown as "before → after". */
function TariffTable({ lines, language }: { lines: TariffDiffLine[]; language: string }) {
  const { t } = useTranslation('dataConsole');
  // Percentages as the tariff writes them: two decimals.
  const percent = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const pair = (before: number | null, after: number | null) =>
    before === after || before === null || after === null
      ? percent.format(after ?? before ?? 0)
      : `${percent.format(before)} → ${percent.format(after)}`;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('preview.tableLabel')}>
      <table className="table">
        <TableHead
          columns={[
            t('preview.tariff.code'),
            t('preview.tariff.description'),
            t('preview.tariff.taxes'),
            t('preview.tariff.tti'),
            t('preview.status'),
          ]}
        />
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.code} ${line.status}`} className={line.jump ? 'console-jump' : undefined}>
              <td>{line.code}</td>
              <td lang="en" dir="ltr">
                {line.description}
              </td>
              <td>
                {TAX_NAMES.filter((name) => (line.before?.[name] ?? null) !== (line.after?.[name] ?? null) || line.status === 'new')
                  .map((name) => `${name.toUpperCase()} ${pair(line.before?.[name] ?? null, line.after?.[name] ?? null)}`)
                  .join(' · ') || '—'}
              </td>
              <td>{pair(line.before?.tti ?? null, line.after?.tti ?? null)}</td>
              <td>{t(`preview.statuses.${line.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What a checked file changes against what is live, and its publication. */
export function PreviewPanel({
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
  const [problem, setProblem] = useState<string | null>(null);
  // Lines in force that the publication removes are confirmed, by their number, before it can be published.
  const removals = preview.counts.removed;
  const [confirmed, setConfirmed] = useState(false);
  // So are unusual rate changes (over 5 % from the day before): a misplaced decimal is one of them.
  const jumps = upload.kind === 'tariff' ? 0 : preview.counts.jumps;
  const [checked, setChecked] = useState(false);
  const heading = useFocusOnShow<HTMLHeadingElement>();
  const [publishUpload, published] = usePublishUploadMutation();
  const [discardUpload, discarded] = useDiscardUploadMutation();
  const busy = published.isLoading || discarded.isLoading;
  const failed = (error: unknown) => setProblem(isRefused(error) ? t('actions.conflict') : t('actions.failed'));
  const publish = async () => {
    setProblem(null);
    const { data: publication, error } = await publishUpload({ id: upload.id, validFrom, removals });
    if (!publication) return failed(error);
    onDone(
      publication.status === 'live'
        ? t('actions.published', { count: publication.rowCount })
        : t('actions.scheduled', { date: formatDate(publication.validFrom, language) }),
    );
  };
  const discard = async () => {
    setProblem(null);
    const { error } = await discardUpload(upload.id);
    if (error) return failed(error);
    onDone(t('actions.discarded'));
  };
  return (
    <section className="results" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('preview.title', { file: upload.fileName })}
      </h2>
      <p>
        {t(`kinds.${upload.kind}`)}
        {preview.from && <> · {t('preview.period', { from: formatDate(preview.from, language), to: formatDate(preview.to, language) })}</>}
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
            <strong>{number(preview.counts[name], language)}</strong>{' '}
            {t(`preview.counts.${name === 'jumps' && upload.kind === 'tariff' ? 'ttiChanges' : name}`)}
          </li>
        ))}
      </ul>
      {upload.kind === 'tariff' ? (
        <TariffTable lines={preview.lines as TariffDiffLine[]} language={language} />
      ) : (
        <RatesTable lines={preview.lines as DiffLine[]} language={language} />
      )}
      {preview.truncated && <p className="hint">{t('preview.truncated', { count: preview.lines.length })}</p>}
      <div className="search-form">
        <Field id={`${id}-valid`} label={t('preview.validFrom')}>
          <input
            id={`${id}-valid`}
            type="date"
            value={validFrom}
            required
            onChange={(event) => setValidFrom(event.target.value)}
            aria-describedby={`${id}-valid-hint`}
          />
          <p id={`${id}-valid-hint`} className="hint">
            {t(upload.kind === 'tariff' ? 'preview.validFromHint' : 'preview.validFromHintRates')}
          </p>
        </Field>
      </div>
      {removals > 0 && (
        <Confirmation
          warning={t('preview.removals.warning', { formatted: number(removals, language) })}
          confirm={t('preview.removals.confirm', { formatted: number(removals, language) })}
          checked={confirmed}
          onChange={setConfirmed}
        />
      )}
      {jumps > 0 && (
        <Confirmation
          warning={t('preview.jumps.warning', { formatted: number(jumps, language) })}
          confirm={t('preview.jumps.confirm', { formatted: number(jumps, language) })}
          checked={checked}
          onChange={setChecked}
        />
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button"
          disabled={busy || !validFrom || (removals > 0 && !confirmed) || (jumps > 0 && !checked)}
          onClick={() => void publish()}
        >
          {t('actions.publish')}
        </button>
        <button type="button" className="button button-light" disabled={busy} onClick={() => void discard()}>
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

/** What the officer must confirm before publishing (lines removed, unusual changes): a warning and a checkbox. */
function Confirmation({
  warning,
  confirm,
  checked,
  onChange,
}: {
  warning: string;
  confirm: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="notice console-removals" role="note">
      <p>
        <strong>{warning}</strong>
      </p>
      <label>
        <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} /> {confirm}
      </label>
    </div>
  );
}
