import React, { useEffect, useId, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { tenant } from '@guichet/shared/config/tenant';
import { paths } from '../../config/routes';
import { codeAsTyped, formatDate, formatNumber, textLanguage, todayIso } from '@guichet/shared/i18n/language';
import { skipToken } from '@reduxjs/toolkit/query';
import { nodeText, TAX_COLUMNS, useHeadingQuery, useLineOnQuery, useLineQuery, useNotesQuery, type TariffCode } from './api';
import { sanitizeNotes } from '../../content/sanitize';
import { FallbackNotice } from '../../components/FallbackNotice';
import { isNotFound } from '../../app/api';
import { HsTextOf, SourcesNote } from './LineDescription';
import { displayCode, sameText } from './table';
import { Field, FormActions, SearchForm, fieldText } from '../../components/Form';
import { numeric, TableHead } from '../../components/TableHead';
import { TaxName } from '../../components/TaxName';

/** The heading's explanatory notes: written in English, which other pages say above them. */
function NotesPanel({ heading, language }: { heading: string; language: string }) {
  const { t } = useTranslation('tariff');
  const notes = useNotesQuery(heading);
  return (
    <section className="card notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t('detail.notes', { heading: displayCode(heading) })}</h2>
      {notes.isLoading && <p className="loading">{t('results.loading')}</p>}
      {!notes.isLoading && !notes.data && <p className="empty">{t('detail.notesUnavailable')}</p>}
      {notes.data && (
        <>
          <FallbackNotice show={language !== 'en'} />
          <div className="rich-text" lang="en" dir="ltr" dangerouslySetInnerHTML={{ __html: sanitizeNotes(notes.data) }} />
        </>
      )}
    </section>
  );
}

/** The search bar above a line: another HS code, opened in the tariff search. */
function CodeSearchBar({ searchPath }: { searchPath: string }) {
  const { t } = useTranslation('tariff');
  const id = useId();
  return (
    <SearchForm
      className="search-form detail-search"
      action={searchPath}
      method="get"
      onSearch={(fields) => {
        const code = codeAsTyped(fieldText(fields, 'code'));
        void navigate(`${searchPath}${code ? `?${new URLSearchParams({ code })}` : ''}`);
      }}
    >
      <Field id={`${id}-code`} label={t('form.code')}>
        <input id={`${id}-code`} name="code" inputMode="numeric" autoComplete="off" />
      </Field>
      <FormActions submit={t('form.search')} />
    </SearchForm>
  );
}

/** One national tariff line: description, unit, every tax with its label, where it sits, its notes. */
export function TariffDetail({ language, search }: { language: string; search: string }) {
  const searchPath = `/${language}${paths.tool('tariff-search')}`;
  // The code is in the address, which the server-rendered page does not know: render the same loading
  // state as the server until the page is interactive, so that hydration matches.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <div className="tool detail">
      <CodeSearchBar searchPath={searchPath} />
      <LineDetail language={language} search={mounted ? search : null} searchPath={searchPath} />
    </div>
  );
}

function LineDetail({ language, search, searchPath }: { language: string; search: string | null; searchPath: string }) {
  const { t } = useTranslation('tariff');
  const code = codeAsTyped(new URLSearchParams(search ?? '').get('code') ?? '');
  const valid = /^\d{4,10}$/.test(code);
  const detail = useLineQuery(search !== null && valid ? { code, language } : skipToken);
  // An HS heading or subheading typed for a line: its heading, when it has lines, lists them.
  const linesNearby = useHeadingQuery(valid && isNotFound(detail.error) ? { code: code.slice(0, 4), language } : skipToken);
  const browsePath = `/${language}${paths.tool('tariff-search')}browse/`;

  if (search === null) return <p className="loading">{t('results.loading')}</p>;
  if (!valid || isNotFound(detail.error)) {
    return (
      <div className="notice" role="alert">
        <p>{t('detail.notFound')}</p>
        {linesNearby.data && linesNearby.data.lines.length > 0 && (
          <p>
            <Link to={`${browsePath}?heading=${linesNearby.data.node.code}`}>
              {t('detail.headingLines', { heading: displayCode(linesNearby.data.node.code) })}
            </Link>
          </p>
        )}
        <Link to={searchPath}>{t('detail.backToSearch')}</Link>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <p className="notice" role="alert">
        {t('common:notifications.somethingWentWrong')}
      </p>
    );
  }
  if (!detail.currentData) return <p className="loading">{t('results.loading')}</p>;

  const { line, heading, chapter, subheading } = detail.currentData;
  // In another language than English, the line is named by its HS texts when that language has them, the
  // subheading's (often a fragment) under the heading's, and the national text where it says more.
  const inPage = language !== 'en' && nodeText(heading).language === language;
  const subheadingShown = inPage && subheading !== null && !sameText(subheading.description, heading.description);
  const nationalShown = !inPage || subheading === null || !sameText(line.description, subheading.description);
  return (
    <>
      <p className="back-link">
        <Link to={searchPath}>{t('detail.backToSearch')}</Link>
      </p>
      <section className="card" aria-labelledby="line-title">
        <p className="code detail-code">{displayCode(line.code)}</p>
        {inPage ? (
          <h2 id="line-title">
            <HsTextOf text={nodeText(heading)} />
          </h2>
        ) : (
          <h2 id="line-title" lang="en" dir="ltr">
            {line.description}
          </h2>
        )}
        {subheadingShown && subheading && (
          <p className="hs-subheading">
            <HsTextOf text={nodeText(subheading)} />
          </p>
        )}
        {inPage && nationalShown && (
          <p className="national-text">
            <span className="visually-hidden">{t('results.nationalText')} </span>
            <span lang="en" dir="ltr">
              {line.description}
            </span>
          </p>
        )}
        {line.descriptionTranslated && <p {...textLanguage(tenant.translatedLanguages[0])}>{line.descriptionTranslated}</p>}
        <dl className="facts">
          {line.supplementaryUnitCode && (
            <>
              <dt>{t('detail.unit')}</dt>
              <dd>{line.supplementaryUnitCode}</dd>
            </>
          )}
          <dt>{t('detail.heading')}</dt>
          <dd>
            <Link to={`${browsePath}?heading=${heading.code}`}>{displayCode(heading.code)}</Link> <HsTextOf text={nodeText(heading)} />
          </dd>
          <dt>{t('detail.chapter')}</dt>
          <dd>
            <Link to={`${browsePath}?chapter=${chapter.code}`}>{chapter.code}</Link> <HsTextOf text={nodeText(chapter)} />
          </dd>
        </dl>
        <SourcesNote
          english={[heading, chapter, ...(subheading ? [subheading] : [])].some((node) => nodeText(node).language !== language)}
          language={language}
        />
      </section>
      <TaxesCard line={line} language={language} />
      <NotesPanel heading={line.code.slice(0, 4)} language={language} />
    </>
  );
}

/** The line's taxes, and beside them, on request, those of the edition in force on another date. */
function TaxesCard({ line, language }: { line: TariffCode; language: string }) {
  const { t } = useTranslation('tariff');
  const id = useId();
  const [date, setDate] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const other = useLineOnQuery(asked ? { code: line.code, date: asked } : skipToken);
  const valueOf = (item: TariffCode, field: string) => item.taxCodes.find((tax) => tax.name === field)?.value;
  const found = asked ? other.currentData : undefined;
  const compared = found && !('missing' in found) ? found : null;
  const missing = found && 'missing' in found ? found.missing : null;
  return (
    <section className="card" aria-labelledby="taxes-title">
      <h2 id="taxes-title">{t('detail.taxes')}</h2>
      <table className="table compact-table">
        <TableHead
          columns={[
            t('detail.tax'),
            numeric(t('detail.rate')),
            ...(compared ? [numeric(t('detail.compare.column', { date: formatDate(asked!, language) }))] : []),
          ]}
        />
        <tbody>
          {TAX_COLUMNS.map(({ field, label }) => (
            <tr key={field}>
              <th scope="row">
                <TaxName label={label} expanded />
              </th>
              <td className="numeric">{formatNumber(valueOf(line, field))}</td>
              {compared && (
                <td className="numeric">
                  {formatNumber(valueOf(compared, field))}
                  {Number(valueOf(compared, field) ?? 0) !== Number(valueOf(line, field) ?? 0) && (
                    <strong> {t('detail.compare.differs')}</strong>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <form
        className="search-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (date) setAsked(date);
        }}
      >
        <Field id={`${id}-date`} label={t('detail.compare.date')}>
          <input id={`${id}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </Field>
        <FormActions submit={t('detail.compare.button')} submitClass="button button-light" disabled={!date} />
      </form>
      {asked && other.isFetching && <p className="loading">{t('results.loading')}</p>}
      {missing && (
        <p role="status">
          {t(missing === 'line' ? 'detail.compare.missing' : 'detail.compare.noEdition', { date: formatDate(asked!, language) })}
        </p>
      )}
      {compared && asked! > todayIso() && <p className="hint">{t('detail.compare.future', { date: formatDate(asked!, language) })}</p>}
      {asked && other.isError && (
        <p className="notice" role="alert">
          {t('common:notifications.somethingWentWrong')}
        </p>
      )}
    </section>
  );
}
