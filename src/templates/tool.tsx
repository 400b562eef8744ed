import React from 'react';
import { graphql } from 'gatsby';
import { ToolShell } from '../components/ToolShell';
import { DataFreshness } from '../components/DataFreshness';
import { TariffBrowse } from '../features/tariff/TariffBrowse';
import { TariffDetail } from '../features/tariff/TariffDetail';
import { TariffSearch } from '../features/tariff/TariffSearch';
import { AiTariffSearch } from '../features/aiTariff/AiTariffSearch';
import { Codification } from '../features/codification/Codification';
import { ManifestLatest } from '../features/manifest/ManifestLatest';
import { ManifestSearch } from '../features/manifest/ManifestSearch';
import { TaxationSimulation } from '../features/taxation/TaxationSimulation';
import { TradersGuide } from '../features/tradersGuide/TradersGuide';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { MANIFEST_ROLES } from '@guichet/shared/config/access';
import { headText } from '../i18n/translations';
import { headOf } from './head';
import type { TemplateProps } from './page-types';

type Context = { tool: string; view?: string };

type ToolView = React.ComponentType<{ language: string; search: string }>;

/** The tools available so far, by tool and view; the others show that they are being set up. */
const TOOLS: Record<string, Record<string, ToolView>> = {
  'tariff-search': { search: TariffSearch, browse: TariffBrowse, detail: TariffDetail, ai: AiTariffSearch },
  codification: { search: Codification },
  manifest: { search: ManifestSearch, latest: ManifestLatest },
  'taxation-simulation': { search: TaxationSimulation },
  'traders-guide': { search: TradersGuide },
};

/** Tools that need sign-in, with the roles that may use them (any of). */
const PROTECTED: Record<string, readonly string[]> = { manifest: MANIFEST_ROLES };

/** Tools whose answers come from the tariff: their pages say which edition. */
const TARIFF_TOOLS = new Set(['tariff-search', 'taxation-simulation']);

export default function ToolPage({ pageContext, location }: TemplateProps<Context>) {
  const view = pageContext.view ?? 'search';
  const Tool = TOOLS[pageContext.tool]?.[view];
  return (
    <ToolShell
      toolKey={pageContext.tool}
      view={pageContext.view}
      language={pageContext.language}
      originalPath={pageContext.i18n.originalPath}
    >
      {Tool && TARIFF_TOOLS.has(pageContext.tool) && <DataFreshness kind="tariff" language={pageContext.language} />}
      {Tool &&
        (PROTECTED[pageContext.tool] ? (
          <ProtectedRoute language={pageContext.language} roles={PROTECTED[pageContext.tool]}>
            <Tool language={pageContext.language} search={location.search} />
          </ProtectedRoute>
        ) : (
          <Tool language={pageContext.language} search={location.search} />
        ))}
    </ToolShell>
  );
}

// A view is titled by its own name (the AI finder, a tariff line, the chapters), as its heading is.
export const Head = headOf<Context>(({ pageContext, data }) => ({
  title: headText(data, pageContext.view ? `tools.views.${pageContext.view}` : `tools.${pageContext.tool}.title`),
}));

export const query = graphql`
  query ($language: String!) {
    ...Translations
  }
`;
