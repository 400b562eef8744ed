import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { NewsCard } from '../components/NewsCard';
import { paths } from '../config/routes';
import type { ArticleSummary } from '../content/types';
import { headText } from '../i18n/translations';
import { headOf } from './head';
import type { TemplateProps } from './page-types';

type Context = { articles: ArticleSummary[]; pageNumber: number; pageCount: number };

export default function NewsListPage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { articles, pageNumber, pageCount, language, i18n } = pageContext;
  const to = (page: number) => `/${language}${paths.newsPage(page)}`;
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('news.title')} lead={t('news.intro')}>
      {articles.length === 0 ? (
        <p className="empty">{t('news.empty')}</p>
      ) : (
        <div className="card-grid">
          {articles.map((article) => (
            <NewsCard key={article.slug} article={article} language={language} />
          ))}
        </div>
      )}
      {pageCount > 1 && (
        <nav className="pager" aria-label={t('news.pagination')}>
          {pageNumber > 1 ? (
            <Link to={to(pageNumber - 1)} rel="prev">
              {t('news.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span>{t('news.page', { page: pageNumber, count: pageCount })}</span>
          {pageNumber < pageCount ? (
            <Link to={to(pageNumber + 1)} rel="next">
              {t('news.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Page>
  );
}

export const Head = headOf(({ data }) => ({ title: headText(data, 'news.title'), description: headText(data, 'news.intro') }));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
