import { graphql, useStaticQuery } from 'gatsby';

/** Site-wide settings from gatsby-config, loaded once as a static query. */
export function useSiteMetadata(): { title: string; siteUrl: string } {
  const data = useStaticQuery<{ site: { siteMetadata: { title: string; siteUrl: string } } }>(graphql`
    query SiteMetadata {
      site {
        siteMetadata {
          title
          siteUrl
        }
      }
    }
  `);
  return data.site.siteMetadata;
}
