import React from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { ArticleImage } from '../components/ArticleImage';
import { Layout } from '../components/Layout';
import { Seo } from '../components/Seo';
import { RichText } from '../components/RichText';
import { skipToken } from '@reduxjs/toolkit/query';
import { isNotFound, type CallError } from '../app/api';
import { renderMarkdownInBrowser as renderMarkdown } from '../content/rich-text';
import { useDraftQuery, type Draft } from '../http/pages';
import { formatDate } from '@guichet/shared/i18n/language';
import { headText } from '../i18n/translations';
import type { TemplateHeadProps, TemplateProps } from './page-types';

/** The draft, laid out as its published page will be (the news article and custom page templates). */
function DraftView({ draft, language }: { draft: Draft; language: string }) {
  const { t } = useTranslation('common');
  const html = renderMarkdown(draft.body, draft.locale);
  if (draft.kind === 'page')
    return (
      <article className="article" lang={draft.locale}>
        <h1>{draft.title}</h1>
        <RichText html={html} lang={draft.locale} />
      </article>
    );
  return (
    <article className="article">
      <header>
        <h1 lang={draft.locale}>{draft.title}</h1>
        {draft.date && (
          <p className="article-date">
            <time dateTime={draft.date}>{t('news.published', { date: formatDate(draft.date, language) })}</time>
          </p>
        )}
        {draft.summary && (
          <p className="lead" lang={draft.locale}>
            {draft.summary}
          </p>
        )}
      </header>
      {draft.image && <ArticleImage image={draft.image} />}
      <RichText html={html} lang={draft.locale} />
    </article>
  );
}

function Preview({ language }: { language: string }) {
  const { t } = useTranslation('common');
  const search = typeof window === 'undefined' ? null : window.location.search;
  const { data, isLoading: loading, error } = useDraftQuery(search ?? skipToken);
  if (loading || search === null)
    return (
      <p className="loading" role="status">
        {t('preview.loading')}
      </p>
    );
  if (error || !data) {
    const status = (error as CallError | undefined)?.status;
    const message = status === 400 || status === 403 ? 'preview.invalid' : isNotFound(error) ? 'preview.missing' : 'preview.unavailable';
    return (
      <div className="notice" role="alert">
        <h1>{t('preview.title')}</h1>
        <p>{t(message)}</p>
      </div>
    );
  }
  return (
    <>
      <p className="notice preview-notice" role="note">
        {t('preview.notice')}
      </p>
      <DraftView draft={data} language={language} />
    </>
  );
}

/** Editors' preview of a draft, opened from the CMS on a signed link; never indexed, never cached. */
export default function PreviewPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('preview.title') }]}>
      <Preview language={language} />
    </Layout>
  );
}

export const Head = ({ pageContext, data }: TemplateHeadProps) => (
  <>
    <Seo language={pageContext.language} originalPath={pageContext.i18n.originalPath} title={headText(data, 'preview.title')} />
    <meta name="robots" content="noindex, nofollow" />
  </>
);

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
