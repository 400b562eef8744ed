import React from 'react';
import { graphql, Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Layout } from '../components/Layout';
import { useAppSelector } from '../app/store';
import { rolesShown } from '../auth/authSlice';
import { titledHead } from './head';
import type { TemplateProps } from './page-types';

/** Where a signed-in user lands on a page their roles do not open. */
export default function AccessDeniedPage({ pageContext }: TemplateProps) {
  const { t } = useTranslation('common');
  const user = useAppSelector((state) => state.auth.user);
  const { language, i18n } = pageContext;
  return (
    <Layout language={language} originalPath={i18n.originalPath} crumbs={[{ label: t('accessDenied.title') }]}>
      <section className="error-page">
        <h1>{t('accessDenied.title')}</h1>
        <p>{t('accessDenied.text')}</p>
        {user && (
          <p>
            {t('accessDenied.signedInAs', {
              name: user.name || user.username,
              roles:
                rolesShown(user)
                  .map((role) => t(`accessDenied.roleNames.${role}`, { defaultValue: role }))
                  .join(', ') || '-',
            })}
          </p>
        )}
        <p>{t('accessDenied.help')}</p>
        <p>
          <Link to={`/${language}/`} className="button">
            {t('errors.backHome')}
          </Link>
        </p>
      </section>
    </Layout>
  );
}

export const Head = titledHead('accessDenied.title');

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
