import React from 'react';
import { graphql } from 'gatsby';
import { ToolShell } from '../components/ToolShell';
import { DataFreshness } from '../components/DataFreshness';
import { CustomsRates } from '../features/exchangeRates/CustomsRates';
import { RateChart } from '../features/exchangeRates/RateChart';
import { CentralBankRates } from '../features/externalRates/CentralBankRates';
import { headText } from '../i18n/translations';
import { headOf } from './head';
import type { TemplateProps } from './page-types';

type Context = { view?: 'chart' | 'central-bank' };

const VIEWS = { chart: RateChart, 'central-bank': CentralBankRates } as const;

/** The customs exchange rates with the converter; its views: a currency's chart, the central bank's rates. */
export default function ExchangeRatePage({ pageContext }: TemplateProps<Context>) {
  const View = pageContext.view ? VIEWS[pageContext.view] : CustomsRates;
  return (
    <ToolShell
      toolKey="customs-exchange-rate"
      view={pageContext.view}
      language={pageContext.language}
      originalPath={pageContext.i18n.originalPath}
    >
      <DataFreshness kind={pageContext.view === 'central-bank' ? 'centralBankRates' : 'customsRates'} language={pageContext.language} />
      <View language={pageContext.language} />
    </ToolShell>
  );
}

export const Head = headOf<Context>(({ pageContext, data }) => ({
  title: headText(data, pageContext.view ? `tools.views.${pageContext.view}` : 'exchange.title'),
}));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
