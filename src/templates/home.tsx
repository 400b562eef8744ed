import React from 'react';
import { graphql, Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { NewsCard } from '../components/NewsCard';
import { ToolCard } from '../components/ToolCard';
import { TOOL_LINKS, paths } from '../config/routes';
import type { ArticleSummary, HomeContent } from '../content/types';
import { headText } from '../i18n/translations';
import { headOf } from './head';
import type { TemplateProps } from './page-types';
import { textLanguage } from '@guichet/shared/i18n/language';
import { fieldText, SearchForm } from '../components/Form';

type Context = { home: HomeContent | null; latestNews: ArticleSummary[] };

export default function HomePage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { home, latestNews, language, i18n } = pageContext;
  const to = (path: string) => `/${language}${path}`;
  const highlighted = home?.highlightedTools.length ? TOOL_LINKS.filter((tool) => home.highlightedTools.includes(tool.key)) : TOOL_LINKS;

  const onSearch = (fields: FormData) => {
    const query = fieldText(fields, 'q').trim();
    void navigate(`${to(paths.tool('tariff-search'))}${query ? `?q=${encodeURIComponent(query)}` : ''}`);
  };

  return (
    <Layout language={language} originalPath={i18n.originalPath}>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-text" {...textLanguage(home?.lang)}>
          <h1 id="hero-title">{home?.heroTitle ?? t('site.name')}</h1>
          {home?.heroText && <p className="lead">{home.heroText}</p>}
        </div>
        <SearchForm className="hero-search" onSearch={onSearch} action={to(paths.tool('tariff-search'))} method="get">
          <label htmlFor="hero-q">{t('home.searchLabel')}</label>
          <div className="search-row">
            <input id="hero-q" name="q" type="search" placeholder={t('home.searchPlaceholder')} autoComplete="off" />
            <button type="submit" className="button">
              {t('home.searchButton')}
            </button>
          </div>
        </SearchForm>
      </section>

      <section className="section" aria-labelledby="tools-title">
        <h2 id="tools-title">{t('home.toolsTitle')}</h2>
        <div className="tool-grid">
          {highlighted.map((tool) => (
            <ToolCard key={tool.key} toolKey={tool.key} href={to(tool.path)} />
          ))}
        </div>
      </section>

      <div className="split">
        <section className="section" aria-labelledby="news-title">
          <div className="section-head">
            <h2 id="news-title">{t('home.latestNews')}</h2>
            <Link to={to(paths.news)}>{t('home.allNews')}</Link>
          </div>
          {latestNews.length === 0 ? (
            <p className="empty">{t('news.empty')}</p>
          ) : (
            <div className="news-stack">
              {latestNews.map((article) => (
                <NewsCard key={article.slug} article={article} language={language} headingLevel={3} />
              ))}
            </div>
          )}
        </section>
        <aside className="section help-panel" aria-labelledby="help-title">
          <h2 id="help-title">{t('home.helpTitle')}</h2>
          <p>{t('home.helpText')}</p>
          <ul className="link-list compact">
            <li>
              <Link to={to(paths.faq)}>{t('nav.faq')}</Link>
            </li>
            <li>
              <Link to={to(paths.customPages)}>{t('nav.guides')}</Link>
            </li>
            <li>
              <Link to={to(paths.downloads)}>{t('nav.downloads')}</Link>
            </li>
            <li>
              <Link to={to(paths.customPage('about-us'))}>{t('nav.about')}</Link>
            </li>
          </ul>
        </aside>
      </div>
    </Layout>
  );
}

export const Head = headOf<Context>(({ pageContext, data }) => ({
  title: pageContext.home?.heroTitle ?? headText(data, 'site.name'),
  description: pageContext.home?.heroText,
}));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
