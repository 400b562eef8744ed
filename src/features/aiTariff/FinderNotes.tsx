import React from 'react';
import { useTranslation } from 'react-i18next';
import { shownProbability, type PredictionList } from './api';

/** A text's lang and dir when it is not in the page language (HS texts shown in English for want of a translation). */
export const textLanguage = (language: string, pageLanguage: string) =>
  language === pageLanguage ? {} : { lang: language, dir: language === 'ar' ? 'rtl' : 'ltr' };

/** The first answer is uncertain: say so, and offer the likeliest headings. */
export function UncertainAnswer({ data, language }: { data: PredictionList; language: string }) {
  const { t } = useTranslation('aiTariff');
  return (
    <div className="notice finder-uncertain" role="status">
      <p>{t('results.uncertain')}</p>
      <ul className="finder-alternatives" aria-label={t('results.alternatives')}>
        {data.alternatives.map((heading) => (
          <li key={heading.code}>
            <span dir="ltr">{heading.hsCode}</span> <span {...textLanguage(heading.language, language)}>{heading.description}</span>{' '}
            <span className="chip" title={t('probability')}>
              <span dir="ltr">{shownProbability(heading.probability)}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Once per page: some HS texts are in English; and where the texts come from. */
export function FinderSources({ englishFallback }: { englishFallback: boolean }) {
  const { t } = useTranslation('aiTariff');
  return (
    <>
      {englishFallback && <p className="hint finder-english">{t('results.englishFallback')}</p>}
      <p className="hint finder-credits">{t('results.credits')}</p>
    </>
  );
}
