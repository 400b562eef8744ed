import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import type { Download } from '../content/types';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';
import { fileSize, textLanguage } from '@guichet/shared/i18n/language';

type Context = { downloads: Download[] };

export default function DownloadsPage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { downloads, language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('downloads.title') }]}>
      <header className="page-header">
        <h1>{t('downloads.title')}</h1>
        <p className="lead">{t('downloads.intro')}</p>
      </header>
      {downloads.length === 0 ? (
        <p className="empty">{t('downloads.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('downloads.file')}</th>
                <th scope="col">{t('downloads.size')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('downloads.download')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {downloads.map((item) => (
                <tr key={item.file}>
                  <td {...textLanguage(item.lang)}>
                    <span className="badge">{item.category}</span> {item.title}
                  </td>
                  <td>{fileSize(item.size, language)}</td>
                  <td>
                    <a href={item.file} download aria-label={`${t('downloads.download')}: ${item.title}`}>
                      {t('downloads.download')}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps<Context>) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'downloads.title')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
