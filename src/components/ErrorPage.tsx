import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from './Layout';

/** The 404 and 500 pages. */
export function ErrorPage({ kind, language, originalPath }: { kind: 'notFound' | 'server'; language: string; originalPath: string }) {
  const { t } = useTranslation('common');
  return (
    <Layout language={language} originalPath={originalPath}>
      <section className="error-page">
        <p className="error-code" aria-hidden="true">
          {kind === 'notFound' ? '404' : '500'}
        </p>
        <h1>{t(kind === 'notFound' ? 'errors.notFoundTitle' : 'errors.serverTitle')}</h1>
        <p className="lead">{t(kind === 'notFound' ? 'errors.notFoundText' : 'errors.serverText')}</p>
        <Link to={`/${language}/`} className="button">
          {t('errors.backHome')}
        </Link>
      </section>
    </Layout>
  );
}
