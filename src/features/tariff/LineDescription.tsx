import React from 'react';
import { useTranslation } from 'react-i18next';
import { BilingualText } from '../../components/BilingualText';
import { textLanguage } from '@guichet/shared/i18n/language';
import type { HsText, TariffCode } from './api';
import { hasHsTextIn, shownHsTexts } from './table';

/** The official national text of a line (in English), named for screen readers where HS texts stand above it. */
export function NationalText({ text }: { text: string }) {
  const { t } = useTranslation('tariff');
  return (
    <span className="national-text">
      <span className="visually-hidden">{t('results.nationalText')} </span>
      <span lang="en" dir="ltr">
        {text}
      </span>
    </span>
  );
}

/**
 * A line's description in the page language: its heading's HS text with the subheading's under it (a
 * subheading's own text is often a fragment, "Autres"), then the official national text in English. In
 * English, or where no HS text exists in the page language, the national text (and the tenant's translation).
 */
export function LineDescription({ line, language }: { line: TariffCode; language: string }) {
  if (language === 'en' || !line.hs || !hasHsTextIn(line, language))
    return <BilingualText text={line.description} translated={line.descriptionTranslated} language={language} />;
  const { heading, subheading } = shownHsTexts(line);
  return (
    <>
      {heading && <HsTextOf text={heading} className="hs-heading" />}
      {subheading && <HsTextOf text={subheading} className="hs-subheading" />}
      <NationalText text={line.description} />
    </>
  );
}

/** An HS text marked with its language (English where the page language has none). */
export function HsTextOf({ text, className }: { text: HsText; className?: string }) {
  return (
    <span className={className} {...textLanguage(text.language)}>
      {text.description}
    </span>
  );
}

/** Where the HS texts come from and, when some shown are in English, that they are: said once, under them. */
export function SourcesNote({ english, language }: { english: boolean; language: string }) {
  const { t } = useTranslation('tariff');
  if (language === 'en') return null;
  return (
    <p className="hint hs-source">
      {english && <>{t('results.englishTexts')} </>}
      {t('results.hsSource')}
    </p>
  );
}

/** Under the results: where the HS texts come from, and that some are in English, said once. */
export function HsTextsNote({ lines, language }: { lines: TariffCode[]; language: string }) {
  if (lines.length === 0) return null;
  return <SourcesNote english={lines.some((line) => !hasHsTextIn(line, language))} language={language} />;
}
