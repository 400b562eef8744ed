import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/routes';
import { useRequest } from '../../http/useRequest';
import { formatNumber } from '../../i18n/language';
import { getNomenclature, linesUnder, listNomenclature, NotFound, romanValue, TAX_COLUMNS, type NomenclatureNode } from './api';
import { displayCode } from './table';

const tti = TAX_COLUMNS[TAX_COLUMNS.length - 1];

function Sections({ base }: { base: string }) {
  const { t } = useTranslation('tariff');
  const tree = useRequest('sections', async () => {
    const [sections, chapters] = await Promise.all([
      listNomenclature([{ field: 'level', operator: 'EQUALS', value: 1 }]),
      listNomenclature([{ field: 'level', operator: 'EQUALS', value: 2 }]),
    ]);
    return sections
      .sort((a, b) => romanValue(a.code) - romanValue(b.code))
      .map((section) => ({ section, chapters: chapters.filter((chapter) => chapter.parentCode === section.code) }));
  });
  if (tree.error) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!tree.data) return <p className="loading">{t('results.loading')}</p>;
  return (
    <div className="browse">
      {tree.data.map(({ section, chapters }) => (
        <section key={section.code} className="card" aria-labelledby={`section-${section.code}`}>
          <h2 id={`section-${section.code}`}>
            {t('browse.section', { section: section.code })}{' '}
            <span className="section-name" lang="en" dir="ltr">
              {section.description}
            </span>
          </h2>
          <ul className="browse-list">
            {chapters.map((chapter) => (
              <li key={chapter.code}>
                <Link to={`${base}?chapter=${chapter.code}`}>
                  <span className="code">{chapter.code}</span>{' '}
                  <span lang="en" dir="ltr">
                    {chapter.description}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Chapter({ code, base }: { code: string; base: string }) {
  const { t } = useTranslation('tariff');
  const chapter = useRequest(code, async () => {
    const node = await getNomenclature(code);
    if (node.level !== 2) throw new NotFound(code);
    const headings = await listNomenclature([
      { field: 'level', operator: 'EQUALS', value: 4 },
      { field: 'parentCode', operator: 'EQUALS', value: code },
    ]);
    return { node, headings };
  });
  if (chapter.error instanceof NotFound) return <p role="alert">{t('browse.chapterMissing', { chapter: code })}</p>;
  if (chapter.error) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!chapter.data) return <p className="loading">{t('results.loading')}</p>;
  return (
    <section className="card" aria-labelledby="chapter-title">
      <h2 id="chapter-title">
        {t('browse.chapter', { chapter: code })}{' '}
        <span lang="en" dir="ltr">
          {chapter.data.node.description}
        </span>
      </h2>
      <ul className="browse-list">
        {chapter.data.headings.map((heading: NomenclatureNode) => (
          <li key={heading.code}>
            <Link to={`${base}?heading=${heading.code}`}>
              <span className="code">{displayCode(heading.code)}</span>{' '}
              <span lang="en" dir="ltr">
                {heading.description}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Heading({ code, base, detail }: { code: string; base: string; detail: string }) {
  const { t } = useTranslation('tariff');
  const heading = useRequest(code, async () => {
    const node = await getNomenclature(code);
    if (node.level !== 4) throw new NotFound(code);
    return { node, lines: await linesUnder(code) };
  });
  if (heading.error instanceof NotFound) return <p role="alert">{t('detail.notFound')}</p>;
  if (heading.error) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!heading.data) return <p className="loading">{t('results.loading')}</p>;
  return (
    <section className="card" aria-labelledby="heading-title">
      <p>
        <Link to={`${base}?chapter=${code.slice(0, 2)}`}>{t('browse.chapter', { chapter: code.slice(0, 2) })}</Link>
      </p>
      <h2 id="heading-title">
        <span className="code">{displayCode(code)}</span>{' '}
        <span lang="en" dir="ltr">
          {heading.data.node.description}
        </span>
      </h2>
      {heading.data.lines.length === 0 ? (
        <p className="empty">{t('browse.noLines')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('columns.code')}</th>
              <th scope="col">{t('columns.description')}</th>
              <th scope="col" className="numeric">
                {tti.label}
              </th>
            </tr>
          </thead>
          <tbody>
            {heading.data.lines.map((line) => (
              <tr key={line.code}>
                <td>
                  <Link className="code" to={`${detail}?code=${line.code}`}>
                    {displayCode(line.code)}
                  </Link>
                </td>
                <td lang="en" dir="ltr">
                  {line.description}
                </td>
                <td className="numeric">{formatNumber(line.taxCodes.find((tax) => tax.name === tti.field)?.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Browse the nomenclature: sections and chapters, a chapter's headings, a heading's national lines. */
export function TariffBrowse({ language, search }: { language: string; search: string }) {
  const { t } = useTranslation('tariff');
  const params = new URLSearchParams(search);
  const base = `/${language}${paths.tool('tariff-search')}browse/`;
  const detail = `/${language}${paths.tool('tariff-search')}detail/`;
  const chapter = params.get('chapter');
  const heading = params.get('heading');
  return (
    <div className="tool">
      <p>
        <Link to={base}>{t('browse.all')}</Link> · <Link to={`/${language}${paths.tool('tariff-search')}`}>{t('detail.backToSearch')}</Link>
      </p>
      {heading ? (
        <Heading code={heading} base={base} detail={detail} />
      ) : chapter ? (
        <Chapter code={chapter} base={base} />
      ) : (
        <Sections base={base} />
      )}
    </div>
  );
}
