import { graphql } from 'gatsby';

/** The page's translations, loaded by every page query (read by gatsby-plugin-react-i18next). */
export const translationsFragment = graphql`
  fragment Translations on Query {
    locales: allLocale(filter: { language: { eq: $language } }) {
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

export { headText, type TranslationsData } from './head-text';
