import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { DATA_CONSOLE_ROLES } from '@guichet/shared/config/access';
import { DataConsole } from '../features/dataConsole/DataConsole';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

export default function DataConsolePage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('dataConsole');
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('title') }]}>
      <header className="page-header">
        <h1>{t('title')}</h1>
        <p className="lead">{t('intro')}</p>
      </header>
      <ProtectedRoute language={language} roles={DATA_CONSOLE_ROLES}>
        <DataConsole language={language} />
      </ProtectedRoute>
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'title', 'dataConsole')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
