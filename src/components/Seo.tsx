import React from 'react';
import { tenant, routeLanguages } from '@guichet/shared/config/tenant';
import { direction } from '@guichet/shared/i18n/language';
import { useSiteMetadata } from './useSiteMetadata';

interface SeoProps {
  language: string;
  originalPath: string;
  title: string;
  description?: string;
}

/** Everything in <head> of a page: html lang and dir, title, description, language alternates. */
export function Seo({ language, originalPath, title, description }: SeoProps) {
  // Search engines read language alternates as absolute URLs only.
  const { siteUrl } = useSiteMetadata();
  const origin = siteUrl.replace(/\/+$/, '');
  return (
    <>
      <html lang={language} dir={direction(language)} />
      <title>{title === 'Guichet' ? title : `${title} | Guichet`}</title>
      {description && <meta name="description" content={description} />}
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content="#0b3d5c" />
      {routeLanguages().map((lng) => (
        <link key={lng} rel="alternate" hrefLang={lng} href={`${origin}/${lng}${originalPath}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}/${tenant.redirectLanguage}${originalPath}`} />
    </>
  );
}
