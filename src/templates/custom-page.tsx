import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { FallbackNotice } from '../components/FallbackNotice';
import { RichText } from '../components/RichText';
import { paths } from '../config/routes';
import type { CustomPage } from '../content/types';
import { headOf } from './head';
import type { TemplateProps } from './page-types';
import { textLanguage } from '@guichet/shared/i18n/language';

type Context = { page: CustomPage };

export default function CustomPageTemplate({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { page, language, i18n } = pageContext;
  return (
    <Layout
      language={language}
      originalPath={i18n.originalPath}
      crumbs={[{ label: t('customPages.title'), path: paths.customPages }, { label: page.title }]}
    >
      <article className="article">
        <FallbackNotice show={page.fallback} />
        <h1 {...textLanguage(page.lang)}>{page.title}</h1>
        <RichText html={page.html} lang={page.lang} />
      </article>
    </Layout>
  );
}

export const Head = headOf<Context>(({ pageContext }) => ({ title: pageContext.page.title }));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
