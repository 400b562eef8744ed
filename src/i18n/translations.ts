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

export interface TranslationsData {
  locales: { edges: Array<{ node: { ns: string; data: string; language: string } }> };
}

/**
 * Looks up a translated string outside React's i18n context (in Gatsby's Head,
 * which is rendered apart from the page).
 */
export function headText(data: TranslationsData | undefined, key: string, ns = 'common'): string {
  const node = data?.locales.edges.find((edge) => edge.node.ns === ns)?.node;
  if (!node) return key;
  let value: unknown = JSON.parse(node.data);
  for (const part of key.split('.')) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
  }
  return typeof value === 'string' ? value : key;
}
