import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ArticleImage } from '../components/ArticleImage';
import { Layout } from '../components/Layout';
import { FallbackNotice } from '../components/FallbackNotice';
import { RichText } from '../components/RichText';
import { ShareActions } from '../components/ShareActions';
import { paths } from '../config/routes';
import type { Article } from '../content/types';
import { formatDate, textLanguage } from '@guichet/shared/i18n/language';
import { headOf } from './head';
import type { TemplateProps } from './page-types';

type Context = { article: Article };

export default function NewsArticlePage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { article, language, i18n } = pageContext;
  return (
    <Layout
      language={language}
      originalPath={i18n.originalPath}
      crumbs={[{ label: t('news.title'), path: paths.news }, { label: article.title }]}
    >
      <article className="article">
        <FallbackNotice show={article.fallback} />
        <header>
          {/* The title and summary are in the article's language (English on a fallback), the date line in the page's. */}
          <h1 {...textLanguage(article.lang)}>{article.title}</h1>
          <p className="article-date">
            <time dateTime={article.date}>{t('news.published', { date: formatDate(article.date, language) })}</time>
          </p>
          {article.summary && (
            <p className="lead" {...textLanguage(article.lang)}>
              {article.summary}
            </p>
          )}
        </header>
        {article.image && <ArticleImage image={article.image} />}
        <RichText html={article.html} lang={article.lang} />
        <ShareActions path={`/${language}${paths.article(article.slug)}`} title={article.title} />
        <p>
          <Link to={`/${language}${paths.news}`} className="back-link">
            {t('news.back')}
          </Link>
        </p>
      </article>
    </Layout>
  );
}

export const Head = headOf<Context>(({ pageContext: { article } }) => ({ title: article.title, description: article.summary }));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
