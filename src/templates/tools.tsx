import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { ToolCard } from '../components/ToolCard';
import { TOOL_LINKS } from '../config/routes';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

export default function ToolsIndex({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('tools.indexTitle') }]}>
      <header className="page-header">
        <h1>{t('tools.indexTitle')}</h1>
        <p className="lead">{t('tools.indexIntro')}</p>
      </header>
      <div className="tool-grid">
        {TOOL_LINKS.map((tool) => (
          <ToolCard key={tool.key} toolKey={tool.key} href={`/${language}${tool.path}`} />
        ))}
      </div>
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'tools.indexTitle')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
