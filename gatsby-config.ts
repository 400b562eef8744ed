import type { GatsbyConfig } from 'gatsby';
import { FALLBACK_LANGUAGE, routeLanguages } from '@guichet/shared/config/tenant';

/**
 * Where the build reads content: the CMS GraphQL endpoint itself (CMS_URL, as the guichet server uses it), not
 * the portal's public /trade-server/graphql/, which refuses introspection in production and pages over 100 rows.
 */
const cmsUrl = (process.env.CMS_URL || `http://127.0.0.1:${process.env.CMS_PORT || 1337}`).replace(/\/+$/, '');
const cmsGraphqlUrl = process.env.CMS_GRAPHQL_URL || `${cmsUrl}/graphql`;

const config: GatsbyConfig = {
  siteMetadata: {
    title: 'Guichet',
    siteUrl: process.env.SITE_URL || 'http://localhost:8000',
  },
  trailingSlash: 'always',
  graphqlTypegen: false,
  plugins: [
    {
      resolve: 'gatsby-source-graphql',
      options: {
        typeName: 'Cms',
        fieldName: 'cms',
        url: cmsGraphqlUrl,
        batch: false,
        fetchOptions: { timeout: 240000 },
      },
    },
    {
      resolve: 'gatsby-source-filesystem',
      options: { name: 'locale', path: `${__dirname}/locales` },
    },
    {
      resolve: 'gatsby-plugin-react-i18next',
      options: {
        localeJsonSourceName: 'locale',
        languages: [...routeLanguages()],
        defaultLanguage: FALLBACK_LANGUAGE,
        fallbackLanguage: FALLBACK_LANGUAGE,
        generateDefaultLanguagePage: true,
        redirect: false,
        trailingSlash: 'always',
        i18nextOptions: {
          interpolation: { escapeValue: false },
          keySeparator: '.',
          nsSeparator: ':',
          returnNull: false,
        },
      },
    },
  ],
};

export default config;
