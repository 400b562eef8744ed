import React, { useEffect, useId, useRef, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { skipToken } from '@reduxjs/toolkit/query';
import { paths } from '../../config/routes';
import { sanitizeNotes } from '../../content/sanitize';
import { formatNumber, minimumLengthOf } from '@guichet/shared/i18n/language';
import { visibleText } from '@guichet/shared/api/text';
import {
  recordUsage,
  shownProbability,
  useCodeDetailsQuery,
  useCodeNotesQuery,
  useHeadingTreeQuery,
  usePredictionsQuery,
  type Prediction,
} from './api';
import { FinderSources, textLanguage, UncertainAnswer } from './FinderNotes';
import { Field, FormActions, SearchForm } from '../../components/Form';
import { numeric, TableHead } from '../../components/TableHead';
import { TaxName } from '../../components/TaxName';

/** Fewest characters a description needs. */
const MIN_QUERY_LENGTH = 3;
/** Longest description the finder accepts (a pasted invoice line or goods description). */
const MAX_QUERY_LENGTH = 2000;

/** The other subheadings of the code's heading, from the finder's tree: where the code stands among its neighbours. */
function HeadingTree({ heading, current, language }: { heading: string; current: string; language: string }) {
  const { t } = useTranslation('aiTariff');
  const tree = useHeadingTreeQuery({ heading, language });
  if (!tree.data?.children?.length) return null;
  return (
    <section className="finder-heading-tree" aria-label={t('details.headingTree', { code: tree.data.hsCode })}>
      <h4>{t('details.headingTree', { code: tree.data.hsCode })}</h4>
      <ul>
        {tree.data.children.map((child) => (
          <li key={child.code} aria-current={child.code === current ? 'true' : undefined}>
            <Link to={`/${language}${paths.tool('tariff-search')}?code=${child.code}`} dir="ltr">
              {child.hsCode}
            </Link>{' '}
            <span {...textLanguage(child.language ?? 'en', language)}>{child.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A code's national lines with their taxes, from the reference data (loaded when opened). */
function CodeDetails({ hsCode, language }: { hsCode: string; language: string }) {
  const { t } = useTranslation('aiTariff');
  const details = useCodeDetailsQuery(hsCode);
  const notes = useCodeNotesQuery(hsCode);
  if (details.isLoading)
    return (
      <p className="loading" role="status">
        {t('details.loading')}
      </p>
    );
  return (
    <div className="finder-details">
      {details.isError || !details.data ? (
        <p className="notice-inline">{t('details.unavailable')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption>{t('details.caption', { code: details.data.hsCode })}</caption>
            <TableHead
              columns={[
                t('details.line'),
                t('details.description'),
                ...(details.data.lines[0]?.taxes ?? []).map((tax) => numeric(<TaxName label={tax.name} />)),
              ]}
            />
            <tbody>
              {details.data.lines.map((line) => (
                <tr key={line.code}>
                  <td>
                    <Link to={`/${language}${paths.tariffDetail(line.code)}`}>{line.hsCode}</Link>
                  </td>
                  <td lang="en">{line.description}</td>
                  {line.taxes.map((tax) => (
                    <td key={tax.name} className="numeric">
                      {formatNumber(tax.value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <HeadingTree heading={hsCode.slice(0, 4)} current={hsCode} language={language} />
      <section className="finder-notes" aria-label={t('details.notes')}>
        <h4>{t('details.notes')}</h4>
        {notes.isLoading && <p className="loading">{t('details.loading')}</p>}
        {!notes.isLoading && !notes.data && <p className="empty">{t('details.notesUnavailable')}</p>}
        {notes.data && language !== 'en' && <p className="hint">{t('details.notesInEnglish')}</p>}
        {notes.data && (
          <div className="rich-text" lang="en" dir="ltr" dangerouslySetInnerHTML={{ __html: sanitizeNotes(notes.data.html) }} />
        )}
      </section>
    </div>
  );
}

function PredictionCard({ prediction, rank, language, query }: { prediction: Prediction; rank: number; language: string; query: string }) {
  const { t } = useTranslation('aiTariff');
  const [open, setOpen] = useState(false);
  const id = useId();
  const percent = Math.round(prediction.probability * 100);
  // The code the user picks (opens or prices) teaches the finder: text, code and language only.
  const picked = () => void recordUsage(query, prediction.code, language);
  return (
    <li className="card finder-prediction">
      <div className="finder-head">
        <h3 id={`${id}-title`}>
          <span className="finder-rank">{rank}.</span> <span dir="ltr">{prediction.hsCode}</span>{' '}
          {/* The French, Spanish and Arabic subheading texts go on from their heading's ("De coton"): the title says both. */}
          {prediction.language !== 'en' && prediction.heading.language === prediction.language && (
            <span className="finder-description" {...textLanguage(prediction.heading.language, language)}>
              {prediction.heading.description} ›{' '}
            </span>
          )}
          <span className="finder-description" {...textLanguage(prediction.language, language)}>
            {prediction.description}
          </span>
        </h3>
        <p className="finder-probability">
          <span>{t('probability')}</span> <strong dir="ltr">{shownProbability(prediction.probability)}</strong>
          <meter min={0} max={1} value={prediction.probability} aria-label={t('probabilityOf', { code: prediction.hsCode, percent })} />
        </p>
      </div>
      {prediction.englishDescription && (
        <p className="finder-english">
          {t('englishText')}{' '}
          <span lang="en" dir="ltr">
            {prediction.englishDescription}
          </span>
        </p>
      )}
      <p className="finder-path">
        {t('chapter')} {prediction.chapter.code}:{' '}
        <span {...textLanguage(prediction.chapter.language, language)}>{prediction.chapter.description}</span> ›{' '}
        <span dir="ltr">{prediction.heading.hsCode}</span>:{' '}
        <span {...textLanguage(prediction.heading.language, language)}>{prediction.heading.description}</span>
      </p>
      {prediction.children.length === 0 && <p className="hint">{t('noLines')}</p>}
      {prediction.children.length > 0 && (
        <ul className="finder-tree" aria-label={t('tree', { code: prediction.hsCode })}>
          {prediction.children.map((child) => (
            <li key={child.code}>
              <Link to={`/${language}${paths.tariffDetail(child.code)}`} onClick={picked}>
                <span dir="ltr">{child.hsCode}</span>
              </Link>{' '}
              <span className="chip" title={t('shortCode')}>
                {child.shortCode}
              </span>{' '}
              <span lang="en">{child.description}</span>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        aria-expanded={open}
        aria-controls={`${id}-details`}
        onClick={() => {
          if (!open) picked();
          setOpen(!open);
        }}
      >
        {open ? t('hideDetails') : t('showDetails')}
      </button>
      <div id={`${id}-details`}>{open && <CodeDetails hsCode={prediction.code} language={language} />}</div>
    </li>
  );
}

/** Most characters of a description repeated in the results heading; a pasted description is cut at a word. */
export const HEADING_MAX = 80;

/** A description as the results heading repeats it: whole up to HEADING_MAX characters, else cut at a word with "…". */
export function headingOf(query: string): string {
  const characters = Array.from(query);
  if (characters.length <= HEADING_MAX) return query;
  const start = characters.slice(0, HEADING_MAX).join('');
  const space = start.search(/\s\S*$/u);
  return `${(space > HEADING_MAX / 2 ? start.slice(0, space) : start).trimEnd()}…`;
}

/** A description as searched: trimmed, without control characters (a NUL or an escape pasted with it; not its lines). */
export function cleanQuery(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
}

/** What stops a description being searched: too short (for its script) or too long (in characters, as the finder counts). */
export function queryProblemOf(value: string): 'tooShort' | 'tooLong' | undefined {
  // Control and invisible characters (zero-width, bidi marks) are no part of a description's length.
  const visible = visibleText(value);
  if (visible.length < minimumLengthOf(visible, MIN_QUERY_LENGTH)) return 'tooShort';
  return Array.from(value).length > MAX_QUERY_LENGTH ? 'tooLong' : undefined;
}

/** AI tariff search: a product described in one's own words -> ranked HS codes with their probability. */
export function AiTariffSearch({ language, search }: { language: string; search: string }) {
  const { t } = useTranslation('aiTariff');
  // The built page has no address query: read it once mounted, so that the first render matches the built
  // HTML (a page opened from a link hydrated with React errors #418 and #425).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const fromUrl = mounted ? (new URLSearchParams(search).get('q') ?? '') : '';
  const [text, setText] = useState(fromUrl);
  // Whether to say what stops the text being searched: once submitted, or opened from a link, until edited.
  const [checked, setChecked] = useState(false);
  // The query lives in the address, so that a link reproduces the results.
  const linked = cleanQuery(fromUrl);
  const query = linked && !queryProblemOf(linked) ? linked : '';
  const problem = checked ? queryProblemOf(cleanQuery(text)) : undefined;
  const answer = usePredictionsQuery(query ? { query, language } : skipToken);
  const { isFetching: loading, isError: error, refetch } = answer;
  const data = answer.currentData;
  const busyFor = answer.error && 'retryAfter' in answer.error ? (answer.error.retryAfter ?? null) : null;
  // After a search the visitor asked for, focus goes to its answer (the button was disabled meanwhile, which
  // dropped it), so that a screen reader reads it and the next Tab goes on from there; a problem, to the field.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!asked || loading) return;
    setAsked(false);
    resultsHeading.current?.focus();
  }, [asked, loading]);

  useEffect(() => {
    setText(fromUrl);
    setChecked(cleanQuery(fromUrl) !== '');
  }, [fromUrl]);

  const submit = () => {
    const value = cleanQuery(text);
    setChecked(true);
    if (queryProblemOf(value)) {
      field.current?.focus();
      return;
    }
    setAsked(true);
    if (value === query) void refetch();
    else void navigate(`/${language}${paths.tariffFinder}?q=${encodeURIComponent(value)}`);
  };

  return (
    <div className="tool">
      <SearchForm className="search-form finder-form" label={t('form.label')} onSearch={submit}>
        <Field id="finder-query" label={t('form.query')}>
          <textarea
            ref={field}
            id="finder-query"
            rows={3}
            dir="auto"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setChecked(false);
            }}
            placeholder={t('form.placeholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'finder-query-error' : 'finder-query-hint'}
            autoComplete="off"
            onKeyDown={(event) => {
              // Enter searches, as in a search box; Shift+Enter starts a new line.
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              }
            }}
          />
          {problem ? (
            <p id="finder-query-error" className="field-error" role="alert">
              {problem === 'tooLong'
                ? t('form.tooLong', { count: MAX_QUERY_LENGTH, length: Array.from(cleanQuery(text)).length })
                : t('form.tooShort', { count: minimumLengthOf(cleanQuery(text), MIN_QUERY_LENGTH) })}
            </p>
          ) : (
            <p id="finder-query-hint" className="hint">
              {t('form.hint', { count: MAX_QUERY_LENGTH })}
            </p>
          )}
        </Field>
        <FormActions submit={t('form.search')} disabled={loading} />
      </SearchForm>

      <section className="results" aria-labelledby="finder-results" aria-busy={loading}>
        {/* The query is isolated: in a page of the other direction its punctuation keeps its place, and its own
            bidi controls (a link's U+202E) end with it. */}
        <h2 id="finder-results" ref={resultsHeading} tabIndex={-1}>
          {query ? t('results.for', { query: `\u2068${headingOf(query)}\u2069` }) : t('results.title')}
        </h2>
        {!query && <p className="hint">{t('results.empty')}</p>}
        {loading && (
          <p className="loading" role="status">
            {t('results.loading')}
          </p>
        )}
        {!loading && error && (
          <p className="notice" role="alert">
            {busyFor === null ? t('results.error') : t('results.busy', { seconds: busyFor })}
          </p>
        )}
        {!loading && data && (!data.confident || data.predictions.length === 0) && (
          <p className="notice" role="status">
            {t('results.describeDifferently')}
          </p>
        )}
        {!loading && data?.confident && data.predictions.length > 0 && (
          <>
            {data.uncertain && data.alternatives.length > 0 && <UncertainAnswer data={data} language={language} />}
            <p className="hint">{t('results.explain')}</p>
            <ol className="finder-list">
              {data.predictions.map((prediction, index) => (
                <PredictionCard key={prediction.code} prediction={prediction} rank={index + 1} language={language} query={data.query} />
              ))}
            </ol>
            <FinderSources englishFallback={data.englishFallback} />
          </>
        )}
      </section>
    </div>
  );
}
