import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/routes';
import type { ArticleSummary } from '../content/types';
import { formatDate, textLanguage } from '@guichet/shared/i18n/language';

export function NewsCard({ article, language, headingLevel = 2 }: { article: ArticleSummary; language: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('common');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card news-card">
      <p className="card-meta">
        <time dateTime={article.date}>{formatDate(article.date, language)}</time>
      </p>
      <Heading {...textLanguage(article.lang)}>
        <Link to={`/${language}${paths.article(article.slug)}`}>{article.title}</Link>
      </Heading>
      {article.summary && <p {...textLanguage(article.lang)}>{article.summary}</p>}
      {article.fallback && <p className="card-note">{t('language.inEnglish')}</p>}
    </article>
  );
}
