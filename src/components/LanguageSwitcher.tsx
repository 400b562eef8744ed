import React, { useEffect, useState } from 'react';
import { Link, navigate } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { routeLanguages, type Language } from '@guichet/shared/config/tenant';
import { switchLanguagePath } from '@guichet/shared/i18n/language';

/** Each language's own name, as its speakers write it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  ar: 'العربية',
  bn: 'বাংলা',
};

/** Links to the same page in every language: the first path segment changes, the rest stays. */
export function LanguageSwitcher({ language, originalPath }: { language: string; originalPath: string }) {
  const { t } = useTranslation('common');
  // In the browser the links follow the real address (an unknown path answered by the 404 page, a tool's
  // search in the query string); the server-rendered links point to the page itself, or home from a 404.
  const [here, setHere] = useState<string | null>(null);
  useEffect(() => setHere(`${window.location.pathname}${window.location.search}`), []);
  const hrefOf = (lng: Language) => {
    if (here) return switchLanguagePath(here, lng);
    return originalPath === '/404/' ? `/${lng}/` : `/${lng}${originalPath}`;
  };
  return (
    <nav className="language-switcher" aria-label={t('language.label')}>
      <ul>
        {routeLanguages().map((lng) => (
          <li key={lng}>
            {lng === language ? (
              <span className="language-current" lang={lng} aria-current="true">
                {LANGUAGE_NAMES[lng]}
              </span>
            ) : (
              <Link
                to={hrefOf(lng)}
                lang={lng}
                hrefLang={lng}
                title={t('language.switchTo', { language: LANGUAGE_NAMES[lng] })}
                onClick={(event) => {
                  // In the browser the switch keeps the real path and the query string (a tool's search state).
                  event.preventDefault();
                  void navigate(`${switchLanguagePath(window.location.pathname, lng)}${window.location.search}`);
                }}
              >
                {LANGUAGE_NAMES[lng]}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
