import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { FallbackNotice } from '../components/FallbackNotice';
import { RichText } from '../components/RichText';
import type { InternalToolsContent } from '../content/types';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';
import { textLanguage } from '../i18n/language';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { INTERNAL_TOOLS_ROLES } from '../config/access';

type Context = { content: InternalToolsContent | null };

export default function InternalToolsPage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { content, language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('internalTools.title') }]}>
      <ProtectedRoute language={language} roles={INTERNAL_TOOLS_ROLES}>
        <article className="article">
          <FallbackNotice show={content?.fallback ?? false} />
          <h1 {...textLanguage(content?.lang)}>{content?.title ?? t('internalTools.title')}</h1>
          {content && <RichText html={content.html} lang={content.lang} />}
        </article>
      </ProtectedRoute>
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps<Context>) => (
  <Seo
    language={pageContext.language}
    originalPath={pageContext.i18n.originalPath}
    title={pageContext.content?.title ?? headText(data, 'internalTools.title')}
  />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
