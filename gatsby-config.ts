import type { GatsbyConfig } from 'gatsby';
import { tenant, FALLBACK_LANGUAGE } from './src/config/tenant';

/** Where the build reads content: the guichet server's proxy to the CMS GraphQL endpoint. */
const cmsGraphqlUrl = process.env.CMS_GRAPHQL_URL || `http://localhost:${process.env.PORT || 8000}/trade-server/graphql/`;

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
        languages: [...tenant.languages],
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
