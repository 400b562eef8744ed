import type { GatsbyNode } from 'gatsby';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tenant, FALLBACK_LANGUAGE, routeLanguages } from '@guichet/shared/config/tenant';
import { CUSTOM_PAGE_SLUGS, TOOL_SLUGS, paths } from './src/config/routes';
import { renderMarkdown, withFallback } from './src/content/localize';
import { redirectRules, writeRedirectFiles } from './src/content/redirects';
import { readAllPages } from './src/content/pages';
import { checkContentQuery } from './src/content/query-limits';
import { writeTariffBooks } from './src/content/tariff-book';
import { generatedFile } from './src/content/tariff-book-texts';
import type { Article, BasePageContext, CustomPage, Download, FaqEntry, HomeContent } from './src/content/types';
import { precompress } from '@guichet/shared/build/precompress';

const NEWS_PER_PAGE = 10;
const template = (name: string) => resolve(`./src/templates/${name}.tsx`);

interface CmsNews {
  slug: string;
  title: string;
  date: string;
  summary: string | null;
  body: string | null;
  image: {
    url: string;
    alternativeText: string | null;
    width: number | null;
    formats: Record<string, { url: string; width: number }> | null;
  } | null;
}
interface CmsPage {
  slug: string;
  title: string;
  body: string | null;
}
interface CmsFaq {
  order: number;
  question: string;
  answer: string | null;
  category: string | null;
}
interface CmsDownload {
  title: string;
  category: string | null;
  file: string;
  size: number | null;
}
interface CmsHome {
  heroTitle: string;
  heroText: string | null;
  highlightedTools: string[] | null;
  latestNewsCount: number | null;
}
interface CmsContent {
  newsArticles: CmsNews[];
  customPages: CmsPage[];
  faqEntries: CmsFaq[];
  downloads: CmsDownload[];
  homePage: CmsHome | null;
}

/** Rows the CMS gives per list and query (its GraphQL maxLimit); longer lists are read page after page. */
const CMS_PAGE = 1000;
const LISTS = ['newsArticles', 'customPages', 'faqEntries', 'downloads'] as const;

/** One page of a language's content through gatsby-source-graphql, from the CMS GraphQL endpoint (CMS_URL). */
function contentQuery(locale: string, start: number): string {
  const list = `locale: "${locale}", pagination: { start: ${start}, limit: ${CMS_PAGE} }`;
  return `{
    cms {
      newsArticles(${list}, sort: "date:desc") { slug title date summary body image { url alternativeText width formats } }
      customPages(${list}) { slug title body }
      faqEntries(${list}, sort: "order:asc") { order question answer category }
      downloads(${list}, sort: "file:asc") { title category file size }
      homePage(locale: "${locale}") { heroTitle heroText highlightedTools latestNewsCount }
    }
  }`;
}

function baseContext(language: string, originalPath: string): BasePageContext {
  return {
    language,
    i18n: {
      language,
      languages: [...routeLanguages()],
      defaultLanguage: FALLBACK_LANGUAGE,
      generateDefaultLanguagePage: true,
      routed: true,
      originalPath,
      path: `/${language}${originalPath}`,
    },
  };
}

export const createPages: GatsbyNode['createPages'] = async ({ graphql, actions, reporter }) => {
  const { createPage, createRedirect } = actions;
  const content: Record<string, CmsContent> = {};
  for (const language of routeLanguages()) {
    // Every entry, however many: the next page while a list filled the last one.
    try {
      content[language] = await readAllPages(LISTS, CMS_PAGE, async (start) => {
        const result = await graphql<{ cms: CmsContent }>(checkContentQuery(contentQuery(language, start)));
        if (result.errors || !result.data) throw new Error(JSON.stringify(result.errors ?? 'no data'));
        return result.data.cms;
      });
    } catch (error) {
      reporter.panicOnBuild(`Could not read ${language} content from the CMS`, error as Error);
      return;
    }
  }
  const english = content[FALLBACK_LANGUAGE];

  // The tariff book and chapter files, generated from the tariff itself; their sizes go to the downloads page.
  let fileSizes: Record<string, number> = {};
  try {
    const started = Date.now();
    fileSizes = await writeTariffBooks({
      referenceUrl: process.env.REFERENCE_SERVICE_URL || `http://localhost:${process.env.PORT || 8000}/reference-service/`,
      publicDir: resolve('public'),
      fontsDir: resolve('static/fonts'),
      stampFile: resolve('.cache/guichet-tariff-book.json'),
      tenantCode: tenant.code,
      languages: routeLanguages(),
      localesDir: resolve('locales'),
    });
    reporter.info(
      `Wrote the tariff books and chapter files (${Object.keys(fileSizes).length} files) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } catch (error) {
    reporter.panicOnBuild('Could not generate the tariff book from the reference service', error as Error);
    return;
  }

  for (const language of routeLanguages()) {
    const own = content[language];
    const page = (path: string, component: string, context: object = {}) =>
      createPage({ path: `/${language}${path}`, component: template(component), context: { ...baseContext(language, path), ...context } });

    const articles: Article[] = withFallback(own.newsArticles, english.newsArticles, (a) => a.slug, language)
      .sort((a, b) => b.date.localeCompare(a.date))
      .map((a) => ({
        slug: a.slug,
        title: a.title,
        date: a.date,
        summary: a.summary ?? '',
        image: a.image,
        lang: a.lang,
        fallback: a.fallback,
        html: renderMarkdown(a.body, language),
      }));
    const summaries = articles.map(({ html: _html, ...summary }) => summary);

    const pageCount = Math.max(1, Math.ceil(articles.length / NEWS_PER_PAGE));
    for (let number = 1; number <= pageCount; number += 1) {
      page(paths.newsPage(number), 'news-list', {
        articles: summaries.slice((number - 1) * NEWS_PER_PAGE, number * NEWS_PER_PAGE),
        pageNumber: number,
        pageCount,
      });
    }
    for (const article of articles) page(paths.article(article.slug), 'news-article', { article });

    const customPages: CustomPage[] = withFallback(own.customPages, english.customPages, (p) => p.slug, language).map((p) => ({
      slug: p.slug,
      title: p.title,
      lang: p.lang,
      fallback: p.fallback,
      html: renderMarkdown(p.body, language),
    }));
    for (const custom of customPages) page(paths.customPage(custom.slug), 'custom-page', { page: custom });
    page(paths.customPages, 'custom-pages', {
      pages: customPages.map(({ slug, title, lang, fallback }) => ({ slug, title, lang, fallback })),
    });

    const faq: FaqEntry[] = withFallback(own.faqEntries, english.faqEntries, (f) => f.order, language)
      .sort((a, b) => a.order - b.order)
      .map((f) => ({
        order: f.order,
        question: f.question,
        category: f.category ?? '',
        lang: f.lang,
        fallback: f.fallback,
        html: renderMarkdown(f.answer, language),
      }));
    page(paths.faq, 'faq', { entries: faq });

    const downloads: Download[] = withFallback(own.downloads, english.downloads, (d) => d.file, language).map((d) => {
      const generated = generatedFile(fileSizes, d.file, language);
      return {
        title: d.title,
        category: d.category ?? '',
        file: generated.file,
        size: generated.size ?? d.size ?? null,
        lang: d.lang,
        fallback: d.fallback,
      };
    });
    page(paths.downloads, 'downloads', { downloads });

    const homeSource = own.homePage ?? english.homePage;
    const home: HomeContent | null = homeSource && {
      heroTitle: homeSource.heroTitle,
      heroText: homeSource.heroText ?? '',
      highlightedTools: homeSource.highlightedTools ?? [],
      latestNewsCount: homeSource.latestNewsCount ?? 3,
      lang: own.homePage ? language : 'en',
      fallback: !own.homePage,
    };
    page(paths.home, 'home', { home, latestNews: summaries.slice(0, home?.latestNewsCount ?? 3) });

    // Staff-only: its content is fetched by the page for signed-in officers, never built into public page data.
    page(paths.internalTools, 'internal-tools');
    // Staff-only as well: officers upload and publish rates (the service checks the role on every call).
    page(paths.dataConsole, 'data-console');
    page(paths.developers, 'developers');
    // Editors' draft preview: the draft is fetched by the page through a link the CMS signs.
    page(paths.preview, 'preview');

    // Error pages: the language's 404 also answers, on the client, every unknown path under its prefix.
    createPage({
      path: `/${language}/404/`,
      matchPath: `/${language}/*`,
      component: template('not-found'),
      context: baseContext(language, '/404/'),
    });
    page('/500/', 'server-error');
    page(paths.accessDenied, 'access-denied');
    page(paths.helpDesk, 'help-desk');
    page(paths.exchangeRates, 'exchange-rate');
    page(paths.ratesChart, 'exchange-rate', { view: 'chart' });
    page(paths.centralBankRates, 'exchange-rate', { view: 'central-bank' });
    page(paths.tools, 'tools');
    for (const tool of TOOL_SLUGS) page(paths.tool(tool), 'tool', { tool });
    page(paths.tariffBrowse, 'tool', { tool: 'tariff-search', view: 'browse' });
    page(paths.tariffDetail(), 'tool', { tool: 'tariff-search', view: 'detail' });
    page(paths.manifestLatest, 'tool', { tool: 'manifest', view: 'latest' });
    page(paths.tariffFinder, 'tool', { tool: 'tariff-search', view: 'ai' });
  }

  // Unprefixed error pages, in the fallback language, for paths outside every language.
  createPage({ path: '/404/', component: template('not-found'), context: baseContext(FALLBACK_LANGUAGE, '/404/') });
  createPage({ path: '/500/', component: template('server-error'), context: baseContext(FALLBACK_LANGUAGE, '/500/') });

  const missing = CUSTOM_PAGE_SLUGS.filter((slug) => !english.customPages.some((p) => p.slug === slug));
  if (missing.length) reporter.warn(`Custom pages missing in the CMS: ${missing.join(', ')}`);

  for (const rule of redirectRules(
    tenant.redirectLanguage,
    english.newsArticles.map((a) => a.slug),
    english.customPages.map((p) => p.slug),
  )) {
    createRedirect({ ...rule });
  }
};

/**
 * No source maps in the production scripts: Gatsby's default writes one beside every script, with the site's
 * full sources in it, and nothing of the portal reads them (the guichet server answers 404 for *.map anyway).
 */
export const onCreateWebpackConfig: GatsbyNode['onCreateWebpackConfig'] = ({ stage, actions }) => {
  if (stage === 'build-javascript') actions.setWebpackConfig({ devtool: false });
};

/** Writes the redirect manifest the guichet server honours, plus static-host equivalents, and compresses the site. */
export const onPostBuild: GatsbyNode['onPostBuild'] = async ({ store, reporter }) => {
  const { redirects, program } = store.getState();
  const publicDir = join(program.directory, 'public');
  mkdirSync(publicDir, { recursive: true });
  writeRedirectFiles(publicDir, redirects, writeFileSync);
  reporter.info(`Wrote ${redirects.length} redirects`);
  const started = Date.now();
  reporter.info(`Pre-compressed ${precompress(publicDir)} files (brotli and gzip) in ${Date.now() - started} ms`);
};
