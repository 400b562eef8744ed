import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { FallbackNotice } from '../components/FallbackNotice';
import { RichText } from '../components/RichText';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { INTERNAL_TOOLS_ROLES } from '@guichet/shared/config/access';
import { renderMarkdownInBrowser as renderMarkdown } from '../content/rich-text';
import { useInternalToolsQuery } from '../http/pages';
import { textLanguage } from '@guichet/shared/i18n/language';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

/** The page's content, fetched for staff only (it is not in the public build). */
function InternalTools({ language }: { language: string }) {
  const { t } = useTranslation('common');
  const { data, isLoading: loading, isError: error } = useInternalToolsQuery(language);
  if (loading)
    return (
      <p className="loading" role="status">
        {t('account.loading')}
      </p>
    );
  if (error || !data)
    return (
      <div className="notice" role="alert">
        <h1>{t('internalTools.title')}</h1>
        <p>{t('internalTools.unavailable')}</p>
      </div>
    );
  return (
    <article className="article">
      <FallbackNotice show={data.fallback} />
      <h1 {...textLanguage(data.lang)}>{data.title}</h1>
      <RichText html={renderMarkdown(data.body, language)} lang={data.lang} />
    </article>
  );
}

export default function InternalToolsPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('internalTools.title') }]}>
      <ProtectedRoute language={language} roles={INTERNAL_TOOLS_ROLES}>
        <InternalTools language={language} />
      </ProtectedRoute>
    </Layout>
  );
}

export const Head = titledHead('internalTools.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
