import React from 'react';
import { graphql } from 'gatsby';
import { ErrorPage } from '../components/ErrorPage';
import { Seo } from '../components/Seo';
import { InLanguage } from '../i18n/InLanguage';
import { languageOfPath } from '@guichet/shared/i18n/language';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

/**
 * The 500 page. Gatsby's runtime shows its one copy (/500.html, built from the unprefixed page) wherever a
 * page fails with 500, so the page speaks the language of the address it is shown at (/fr/..., /ar/...),
 * not that of its copy: it carries the common texts of every language.
 */
export default function ServerErrorPage({ pageContext, location }: TemplateProps) {
  const language = languageOfPath(location.pathname, pageContext.language);
  return (
    <InLanguage language={language}>
      <ErrorPage kind="server" language={language} originalPath={pageContext.i18n.originalPath} />
    </InLanguage>
  );
}

export const Head = ({ pageContext, location, data }: TemplateHeadProps) => {
  const language = languageOfPath(location.pathname, pageContext.language);
  return (
    <Seo
      language={language}
      originalPath={pageContext.i18n.originalPath}
      title={headText(data, 'errors.serverTitle', 'common', language)}
    />
  );
};

export const query = graphql`
  query {
    locales: allLocale(filter: { ns: { eq: "common" } }) {
      edges {
        node {
          ns
          data
          language
        }
      }
    }
  }
`;
