import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/routes';
import { formatNumber } from '@guichet/shared/i18n/language';
import { BilingualText } from '../../components/BilingualText';
import { nodeText, TAX_COLUMNS, useChapterQuery, useHeadingQuery, useSectionsQuery, type NomenclatureNode, type TariffCode } from './api';
import { isNotFound } from '../../app/api';
import { HsTextOf, NationalText, SourcesNote } from './LineDescription';
import { displayCode, sameText } from './table';
import { numeric, TableHead } from '../../components/TableHead';
import { TaxName } from '../../components/TaxName';

const tti = TAX_COLUMNS[TAX_COLUMNS.length - 1];

/** Whether a page in `language` shows any of these nodes in English. */
const anyEnglish = (nodes: NomenclatureNode[], language: string) => nodes.some((node) => nodeText(node).language !== language);

function Sections({ base, language }: { base: string; language: string }) {
  const { t } = useTranslation('tariff');
  const tree = useSectionsQuery(language);
  if (tree.isError) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!tree.data) return <p className="loading">{t('results.loading')}</p>;
  return (
    <div className="browse">
      {tree.data.map(({ section, chapters }) => (
        <section key={section.code} className="card" aria-labelledby={`section-${section.code}`}>
          <h2 id={`section-${section.code}`}>
            {t('browse.section', { section: section.code })} <HsTextOf className="section-name" text={nodeText(section)} />
          </h2>
          <ul className="browse-list">
            {chapters.map((chapter) => (
              <li key={chapter.code}>
                <Link to={`${base}?chapter=${chapter.code}`}>
                  <span className="code">{chapter.code}</span> <HsTextOf text={nodeText(chapter)} />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <SourcesNote
        english={anyEnglish(
          tree.data.flatMap(({ section, chapters }) => [section, ...chapters]),
          language,
        )}
        language={language}
      />
    </div>
  );
}

function Chapter({ code, base, language }: { code: string; base: string; language: string }) {
  const { t } = useTranslation('tariff');
  const chapter = useChapterQuery({ code, language });
  if (isNotFound(chapter.error)) return <p role="alert">{t('browse.chapterMissing', { chapter: code })}</p>;
  if (chapter.isError) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!chapter.data) return <p className="loading">{t('results.loading')}</p>;
  return (
    <section className="card" aria-labelledby="chapter-title">
      <h2 id="chapter-title">
        {t('browse.chapter', { chapter: code })} <HsTextOf text={nodeText(chapter.data.node)} />
      </h2>
      <ul className="browse-list">
        {chapter.data.headings.map((heading: NomenclatureNode) => (
          <li key={heading.code}>
            <Link to={`${base}?heading=${heading.code}`}>
              <span className="code">{displayCode(heading.code)}</span> <HsTextOf text={nodeText(heading)} />
            </Link>
          </li>
        ))}
      </ul>
      <SourcesNote english={anyEnglish([chapter.data.node, ...chapter.data.headings], language)} language={language} />
    </section>
  );
}

/**
 * A line under its heading: its subheading's HS text in the page language (often a fragment, so only ever
 * shown under the heading), and the official national text (English) where it says more than the
 * subheading's; in English or without a text in the page language, the national text.
 */
function LineText({
  line,
  heading,
  subheading,
  language,
}: {
  line: TariffCode;
  heading: NomenclatureNode;
  subheading?: NomenclatureNode;
  language: string;
}) {
  const text = subheading && nodeText(subheading);
  if (language === 'en' || !subheading || !text || text.language !== language)
    return <BilingualText text={line.description} translated={line.descriptionTranslated} language={language} />;
  return (
    <>
      {!sameText(subheading.description, heading.description) && <HsTextOf className="hs-subheading" text={text} />}
      {!sameText(line.description, subheading.description) && <NationalText text={line.description} />}
    </>
  );
}

function Heading({ code, base, detail, language }: { code: string; base: string; detail: string; language: string }) {
  const { t } = useTranslation('tariff');
  const heading = useHeadingQuery({ code, language });
  if (isNotFound(heading.error)) return <p role="alert">{t('detail.notFound')}</p>;
  if (heading.isError) return <p role="alert">{t('common:notifications.somethingWentWrong')}</p>;
  if (!heading.data) return <p className="loading">{t('results.loading')}</p>;
  const { node, lines, subheadings } = heading.data;
  return (
    <section className="card" aria-labelledby="heading-title">
      <p>
        <Link to={`${base}?chapter=${code.slice(0, 2)}`}>{t('browse.chapter', { chapter: code.slice(0, 2) })}</Link>
      </p>
      <h2 id="heading-title">
        <span className="code">{displayCode(code)}</span> <HsTextOf text={nodeText(node)} />
      </h2>
      {lines.length === 0 ? (
        <p className="empty">{t('browse.noLines')}</p>
      ) : (
        <table className="table">
          <TableHead columns={[t('columns.code'), t('columns.description'), numeric(<TaxName label={tti.label} />)]} />
          <tbody>
            {lines.map((line) => (
              <tr key={line.code}>
                <td>
                  <Link className="code" to={`${detail}?code=${line.code}`}>
                    {displayCode(line.code)}
                  </Link>
                </td>
                <td>
                  <LineText line={line} heading={node} subheading={subheadings[line.code.slice(0, 6)]} language={language} />
                </td>
                <td className="numeric">{formatNumber(line.taxCodes.find((tax) => tax.name === tti.field)?.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <SourcesNote english={anyEnglish([node, ...Object.values(subheadings)], language)} language={language} />
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
        <Heading code={heading} base={base} detail={detail} language={language} />
      ) : chapter ? (
        <Chapter code={chapter} base={base} language={language} />
      ) : (
        <Sections base={base} language={language} />
      )}
    </div>
  );
}
