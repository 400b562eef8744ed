import React from 'react';
import { Link } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/routes';
import { textLanguage } from '@guichet/shared/i18n/language';
import { useFinderSuggestionsQuery } from './api';

/**
 * When the keywords find no tariff line, the tariff finder's suggestions for them (GET {hs-finder}/search):
 * a few subheadings, each opening the tariff lines under it. Nothing is shown when the finder has none.
 */
export function FinderSuggestions({ keywords, language }: { keywords: string; language: string }) {
  const { t } = useTranslation('tariff');
  const suggestions = useFinderSuggestionsQuery({ keywords, language });
  if (!suggestions.data?.length) return null;
  return (
    <section className="card finder-suggestions" aria-labelledby="finder-suggestions">
      <h2 id="finder-suggestions">{t('results.finderSuggests')}</h2>
      <ul>
        {suggestions.data.map((suggestion) => (
          <li key={suggestion.code}>
            <Link to={`/${language}${paths.tool('tariff-search')}?code=${suggestion.code}`} dir="ltr">
              {suggestion.hsCode}
            </Link>{' '}
            <span {...textLanguage(suggestion.language)}>{suggestion.description}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
