import type { Core } from '@strapi/strapi';

/** Types whose slug is the document's address in every language (`pluginOptions.i18n.localized: false`). */
const SHARED_SLUG = new Set(['api::news-article.news-article', 'api::custom-page.custom-page']);

interface Params {
  documentId?: string;
  locale?: string;
  data?: { slug?: unknown };
}

/**
 * A new translation takes its document's slug. The admin panel fills a new locale's slug itself (from the
 * type's name, "news-article"), so a French version went live at /fr/news/news-article/ while the English one
 * was at /en/news/<its slug>/, and the next translated article would have collided with it.
 */
export function sharedSlugs(strapi: Core.Strapi): void {
  strapi.documents.use(async (context, next) => {
    const params = context.params as Params;
    if (SHARED_SLUG.has(context.uid) && (context.action === 'update' || context.action === 'create') && params.documentId && params.data) {
      const rows = (await strapi.db
        .query(context.uid)
        .findMany({ where: { documentId: params.documentId }, select: ['slug', 'locale'] })) as Array<{ slug: string | null; locale: string }>;
      const translated = rows.some((row) => row.locale === params.locale);
      const slug = rows.find((row) => row.locale !== params.locale && row.slug)?.slug;
      if (slug && !translated) params.data.slug = slug;
    }
    return next();
  });
}
