import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { HELPDESK_ROLES } from '@guichet/shared/config/access';
import { HelpDesk } from '../features/helpdesk/HelpDesk';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

export default function HelpDeskPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('helpDesk.title') }]}>
      <header className="page-header">
        <h1>{t('helpDesk.title')}</h1>
        <p className="lead">{t('helpDesk.intro')}</p>
      </header>
      <ProtectedRoute language={language} roles={HELPDESK_ROLES}>
        <HelpDesk language={language} />
      </ProtectedRoute>
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'helpDesk.title')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
