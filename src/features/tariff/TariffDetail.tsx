import React, { useEffect, useId, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { tenant } from '../../config/tenant';
import { paths } from '../../config/routes';
import { useRequest } from '../../http/useRequest';
import { formatNumber, textLanguage } from '../../i18n/language';
import { getNomenclature, getNotes, getTariffCode, normaliseCode, NotFound, TAX_COLUMNS } from './api';
import { sanitizeNotes } from '../../content/sanitize';
import { displayCode } from './table';

function NotesPanel({ heading }: { heading: string }) {
  const { t } = useTranslation('tariff');
  const notes = useRequest(heading, () => getNotes(heading));
  return (
    <section className="card notes" aria-labelledby="notes-title">
      <h2 id="notes-title">{t('detail.notes', { heading: displayCode(heading) })}</h2>
      {notes.loading && <p className="loading">{t('results.loading')}</p>}
      {!notes.loading && !notes.data && <p className="empty">{t('detail.notesUnavailable')}</p>}
      {notes.data && <div className="rich-text" lang="en" dir="ltr" dangerouslySetInnerHTML={{ __html: sanitizeNotes(notes.data) }} />}
    </section>
  );
}

/** The search bar above a line: another HS code, opened in the tariff search. */
function CodeSearchBar({ searchPath }: { searchPath: string }) {
  const { t } = useTranslation('tariff');
  const id = useId();
  return (
    <form
      className="search-form detail-search"
      role="search"
      action={searchPath}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const code = normaliseCode(String(new FormData(event.currentTarget).get('code') ?? ''));
        void navigate(`${searchPath}${code ? `?${new URLSearchParams({ code })}` : ''}`);
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('form.code')}</label>
        <input id={`${id}-code`} name="code" inputMode="numeric" autoComplete="off" />
      </div>
      <div className="form-actions">
        <button type="submit" className="button">
          {t('form.search')}
        </button>
      </div>
    </form>
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
  const code = normaliseCode(new URLSearchParams(search ?? '').get('code') ?? '');
  const valid = /^\d{4,10}$/.test(code);
  const detail = useRequest(search !== null && valid ? code : null, async () => {
    const line = await getTariffCode(code);
    const [heading, chapter] = await Promise.all([getNomenclature(code.slice(0, 4)), getNomenclature(code.slice(0, 2))]);
    return { line, heading, chapter };
  });
  const browsePath = `/${language}${paths.tool('tariff-search')}browse/`;

  if (search === null) return <p className="loading">{t('results.loading')}</p>;
  if (!valid || detail.error instanceof NotFound) {
    return (
      <div className="notice" role="alert">
        <p>{t('detail.notFound')}</p>
        <Link to={searchPath}>{t('detail.backToSearch')}</Link>
      </div>
    );
  }
  if (detail.error) {
    return (
      <p className="notice" role="alert">
        {t('common:notifications.somethingWentWrong')}
      </p>
    );
  }
  if (detail.loading || !detail.data) return <p className="loading">{t('results.loading')}</p>;

  const { line, heading, chapter } = detail.data;
  return (
    <>
      <p>
        <Link to={searchPath}>{t('detail.backToSearch')}</Link>
      </p>
      <section className="card" aria-labelledby="line-title">
        <p className="code detail-code">{displayCode(line.code)}</p>
        <h2 id="line-title" lang="en" dir="ltr">
          {line.description}
        </h2>
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
            <Link to={`${browsePath}?heading=${heading.code}`}>{displayCode(heading.code)}</Link>{' '}
            <span lang="en" dir="ltr">
              {heading.description}
            </span>
          </dd>
          <dt>{t('detail.chapter')}</dt>
          <dd>
            <Link to={`${browsePath}?chapter=${chapter.code}`}>{chapter.code}</Link>{' '}
            <span lang="en" dir="ltr">
              {chapter.description}
            </span>
          </dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="taxes-title">
        <h2 id="taxes-title">{t('detail.taxes')}</h2>
        <table className="table compact-table">
          <thead>
            <tr>
              <th scope="col">{t('detail.tax')}</th>
              <th scope="col" className="numeric">
                {t('detail.rate')}
              </th>
            </tr>
          </thead>
          <tbody>
            {TAX_COLUMNS.map(({ field, label }) => (
              <tr key={field}>
                <th scope="row">{label}</th>
                <td className="numeric">{formatNumber(line.taxCodes.find((tax) => tax.name === field)?.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <NotesPanel heading={line.code.slice(0, 4)} />
    </>
  );
}
