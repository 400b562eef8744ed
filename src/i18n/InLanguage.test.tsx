import React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InLanguage } from './InLanguage';
import { languageOfPath } from '@guichet/shared/i18n/language';
import { headText, type TranslationsData } from './head-text';

const common = (language: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'locales', language, 'common.json'), 'utf8'));

function Title() {
  const { t, i18n } = useTranslation('common');
  return <h1 lang={i18n.language}>{t('errors.serverTitle')}</h1>;
}

describe('an error page shown at another language address', () => {
  it('takes the language of the address, else its own', () => {
    expect(languageOfPath('/ar/tools/manifest/', 'en')).toBe('ar');
    expect(languageOfPath('/FR/news/', 'en')).toBe('fr');
    expect(languageOfPath('/500.html', 'en')).toBe('en');
    expect(languageOfPath('/', 'fr')).toBe('fr');
  });
  it('speaks that language from the texts it carries, without loading anything', () => {
    const i18n = i18next.createInstance();
    void i18n.init({ lng: 'en', resources: { en: { common: common('en') }, ar: { common: common('ar') }, fr: { common: common('fr') } } });
    const page = (language: string) =>
      render(
        <I18nextProvider i18n={i18n}>
          <InLanguage language={language}>
            <Title />
          </InLanguage>
        </I18nextProvider>,
      );
    const ar = page('ar');
    expect(ar.getByRole('heading').textContent).toBe(common('ar').errors.serverTitle);
    expect(ar.getByRole('heading').getAttribute('lang')).toBe('ar');
    ar.unmount();
    expect(page('fr').getByRole('heading').textContent).toBe(common('fr').errors.serverTitle);
    expect(i18n.language).toBe('en');
  });
  it('titles the page in that language', () => {
    const data: TranslationsData = {
      locales: {
        edges: ['en', 'fr', 'ar'].map((language) => ({ node: { ns: 'common', language, data: JSON.stringify(common(language)) } })),
      },
    };
    expect(headText(data, 'errors.serverTitle', 'common', 'ar')).toBe(common('ar').errors.serverTitle);
    expect(headText(data, 'errors.serverTitle', 'common', 'fr')).toBe(common('fr').errors.serverTitle);
  });
});
