import type { APIRequestContext } from '@playwright/test';

/** Rows the portal's public GraphQL endpoint returns at most per query (services/src/cms-proxy/query-guard.ts). */
const PAGE_SIZE = 100;

/** Reads published news slugs from the real CMS through the portal's GraphQL proxy, page by page. */
export async function newsSlugs(request: APIRequestContext, locale = 'en'): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; ; page++) {
    const response = await request.post('/trade-server/graphql/', {
      data: {
        query: `{ newsArticles(locale: "${locale}", sort: "date:desc", pagination: { page: ${page}, pageSize: ${PAGE_SIZE} }) { slug } }`,
      },
    });
    const body = (await response.json()) as { data: { newsArticles: Array<{ slug: string }> } };
    slugs.push(...body.data.newsArticles.map((a) => a.slug));
    if (body.data.newsArticles.length < PAGE_SIZE) return slugs;
  }
}

export const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'] as const;
