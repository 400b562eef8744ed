import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import type { Download } from '../content/types';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';
import { fileSize, textLanguage } from '@guichet/shared/i18n/language';
import { TableHead } from '../components/TableHead';

type Context = { downloads: Download[] };

export default function DownloadsPage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { downloads, language, i18n } = pageContext;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('downloads.title')} lead={t('downloads.intro')}>
      {downloads.length === 0 ? (
        <p className="empty">{t('downloads.empty')}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <TableHead columns={[t('downloads.file'), t('downloads.size')]} actions={t('downloads.download')} />
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
    </Page>
  );
}

export const Head = titledHead('downloads.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
