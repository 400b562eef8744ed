import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { DATA_CONSOLE_ROLES } from '@guichet/shared/config/access';
import { DataConsole } from '../features/dataConsole/DataConsole';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

export default function DataConsolePage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('dataConsole');
  const { language, i18n } = pageContext;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('title')} lead={t('intro')}>
      <ProtectedRoute language={language} roles={DATA_CONSOLE_ROLES}>
        <DataConsole language={language} />
      </ProtectedRoute>
    </Page>
  );
}

export const Head = titledHead('title', 'dataConsole');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
