import React from 'react';
import { graphql } from 'gatsby';
import { ErrorPage } from '../components/ErrorPage';
import { Seo } from '../components/Seo';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

export default function ServerErrorPage({ pageContext }: TemplateProps) {
  return <ErrorPage kind="server" language={pageContext.language} originalPath={pageContext.i18n.originalPath} />;
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'errors.serverTitle')} />
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
