import React from 'react';
import { graphql } from 'gatsby';
import { ToolShell } from '../components/ToolShell';
import { Seo } from '../components/Seo';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

export default function ExchangeRatePage({ pageContext }: TemplateProps) {
  return <ToolShell toolKey="customs-exchange-rate" language={pageContext.language} originalPath={pageContext.i18n.originalPath} />;
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'exchange.title')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
