import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { paths } from '../config/routes';
import type { CustomPage } from '../content/types';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';
import { textLanguage } from '@guichet/shared/i18n/language';

type Context = { pages: Array<Omit<CustomPage, 'html'>> };

export default function CustomPagesIndex({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { pages, language, i18n } = pageContext;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('customPages.title')} lead={t('customPages.intro')}>
      <ul className="link-list">
        {pages.map((page) => (
          <li key={page.slug}>
            <Link to={`/${language}${paths.customPage(page.slug)}`} {...textLanguage(page.lang)}>
              {page.title}
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

export const Head = titledHead('customPages.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
