import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { ToolCard } from '../components/ToolCard';
import { TOOL_LINKS } from '../config/routes';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

export default function ToolsIndex({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('tools.indexTitle')} lead={t('tools.indexIntro')}>
      <div className="tool-grid">
        {TOOL_LINKS.map((tool) => (
          <ToolCard key={tool.key} toolKey={tool.key} href={`/${language}${tool.path}`} />
        ))}
      </div>
    </Page>
  );
}

export const Head = titledHead('tools.indexTitle');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
