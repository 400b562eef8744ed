import React, { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';

/**
 * Renders its content in another language than the page's translations were set up in, from the texts the
 * page already carries for it (nothing is fetched): the same i18next store, another language.
 */
export function InLanguage({ language, children }: { language: string; children: ReactNode }) {
  const { i18n } = useTranslation();
  const localized = useMemo(() => (language === i18n.language ? i18n : i18n.cloneInstance({ lng: language })), [i18n, language]);
  return <I18nextProvider i18n={localized}>{children}</I18nextProvider>;
}
