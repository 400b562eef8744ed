import React from 'react';
import { graphql } from 'gatsby';
import { ErrorPage } from '../components/ErrorPage';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

export default function NotFoundPage({ pageContext }: TemplateProps) {
  return <ErrorPage kind="notFound" language={pageContext.language} originalPath={pageContext.i18n.originalPath} />;
}

export const Head = titledHead('errors.notFoundTitle');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
