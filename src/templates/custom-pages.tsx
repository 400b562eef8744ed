import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { paths } from '../config/routes';
import type { CustomPage } from '../content/types';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';
import { textLanguage } from '@guichet/shared/i18n/language';

type Context = { pages: Array<Omit<CustomPage, 'html'>> };

export default function CustomPagesIndex({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { pages, language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('customPages.title') }]}>
      <header className="page-header">
        <h1>{t('customPages.title')}</h1>
        <p className="lead">{t('customPages.intro')}</p>
      </header>
      <ul className="link-list">
        {pages.map((page) => (
          <li key={page.slug}>
            <Link to={`/${language}${paths.customPage(page.slug)}`} {...textLanguage(page.lang)}>
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps<Context>) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'customPages.title')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
