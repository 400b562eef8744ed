import type { APIRequestContext } from '@playwright/test';

/** Reads published news slugs from the real CMS through the portal's GraphQL proxy. */
export async function newsSlugs(request: APIRequestContext, locale = 'en'): Promise<string[]> {
  const response = await request.post('/trade-server/graphql/', {
    data: { query: `{ newsArticles(locale: "${locale}", sort: "date:desc", pagination: { limit: 1000 }) { slug } }` },
  });
  const body = (await response.json()) as { data: { newsArticles: Array<{ slug: string }> } };
  return body.data.newsArticles.map((a) => a.slug);
}

export const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'] as const;
