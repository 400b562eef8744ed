import React, { useEffect } from 'react';
import { graphql } from 'gatsby';
import { useTranslation } from 'react-i18next';
import { Page } from '../components/Page';
import { RichText } from '../components/RichText';
import type { FaqEntry } from '../content/types';
import { headText } from '../i18n/translations';
import { headOf } from './head';
import type { TemplateProps } from './page-types';
import { textLanguage } from '@guichet/shared/i18n/language';

type Context = { entries: FaqEntry[] };

/** Groups entries by category, keeping the order of first appearance. */
function byCategory(entries: FaqEntry[]): Array<[string, FaqEntry[]]> {
  const groups = new Map<string, FaqEntry[]>();
  for (const entry of entries) groups.set(entry.category, [...(groups.get(entry.category) ?? []), entry]);
  return [...groups.entries()];
}

export default function FaqPage({ pageContext }: TemplateProps<Context>) {
  const { t } = useTranslation('common');
  const { entries, language, i18n } = pageContext;
  // Printing the FAQ prints every answer, not only the open ones.
  useEffect(() => {
    const openAll = () => document.querySelectorAll<HTMLDetailsElement>('details.faq-entry').forEach((entry) => (entry.open = true));
    window.addEventListener('beforeprint', openAll);
    return () => window.removeEventListener('beforeprint', openAll);
  }, []);
  return (
    <Page language={language} originalPath={i18n.originalPath} title={t('faq.title')} lead={t('faq.intro')}>
      {entries.length === 0 && <p className="empty">{t('faq.empty')}</p>}
      {byCategory(entries).map(([category, group]) => (
        <section key={category} className="faq-group" aria-labelledby={`faq-${group[0].order}`}>
          <h2 id={`faq-${group[0].order}`} {...textLanguage(group[0].lang)}>
            {category}
          </h2>
          {group.map((entry) => (
            <details key={entry.order} className="faq-entry" {...textLanguage(entry.lang)}>
              <summary>{entry.question}</summary>
              <RichText html={entry.html} lang={entry.lang} />
            </details>
          ))}
        </section>
      ))}
    </Page>
  );
}

export const Head = headOf(({ data }) => ({ title: headText(data, 'faq.title'), description: headText(data, 'faq.intro') }));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
