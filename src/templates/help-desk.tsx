import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { HELPDESK_ROLES } from '@guichet/shared/config/access';
import { HelpDesk } from '../features/helpdesk/HelpDesk';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

export default function HelpDeskPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('helpDesk.title')} lead={t('helpDesk.intro')}>
      <ProtectedRoute language={language} roles={HELPDESK_ROLES}>
        <HelpDesk language={language} />
      </ProtectedRoute>
    </Page>
  );
}

export const Head = titledHead('helpDesk.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
