import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { tenant } from '@guichet/shared/config/tenant';
import { FINDER_TIMEOUT_MS, finderGet } from '../../http/finder';
import { answer, api } from '../../app/api';

export { convertKeys, FINDER_TIMEOUT_MS } from '../../http/finder';

export interface TreeChild {
  code: string;
  hsCode: string;
  description: string;
  /** The code from position 6: the national digits. */
  shortCode: string;
}

/** An HS text in the page language, or in English (`language: "en"`) where HS 2022 has none in it. */
export interface HsLabel {
  code: string;
  hsCode: string;
  description: string;
  language: string;
}

export interface Prediction extends HsLabel {
  /** The subheading's English HS text, whole, when `description` is a translation (which goes on from its heading's). */
  englishDescription?: string;
  probability: number;
  chapter: HsLabel;
  heading: HsLabel;
  children: TreeChild[];
}

export interface PredictionList {
  query: string;
  confident: boolean;
  predictions: Prediction[];
  /** The first code is more likely wrong than right: the headings below are the alternatives. */
  uncertain: boolean;
  alternatives: Array<HsLabel & { probability: number }>;
  /** Some HS texts are in English for want of a translation in the page language. */
  englishFallback: boolean;
}

export interface CodeDetails {
  code: string;
  hsCode: string;
  description: string;
  lines: Array<{
    code: string;
    hsCode: string;
    shortCode: string;
    description: string | null;
    descriptionTranslated: string | null;
    supplementaryUnitCode: string | null;
    taxes: Array<{ name: string; value: number }>;
  }>;
}

export const listPredictions = (query: string, language: string) =>
  finderGet<PredictionList>(`${serviceUrls.aiTariff}list`, { query, language });

/**
 * Tells the finder which code the user picked after a search (opened or priced): the search text, the code
 * and the page language, nothing personal. A failure is only logged: it must never get in the user's way.
 */
export async function recordUsage(query: string, code: string, language: string): Promise<void> {
  try {
    await http.post(
      `${serviceUrls.finder}usage`,
      { query, code, language },
      { timeout: FINDER_TIMEOUT_MS, withCredentials: true, headers: { tenantKey: tenant.code } },
    );
  } catch (error) {
    console.error('Tariff finder usage record failed', error);
  }
}

/** A node of the HS tree as the finder gives it (GET {hs-finder}/tree), with its text in the page language where one exists. */
export interface TreeNode {
  code: string;
  hsCode: string;
  level: 'root' | 'chapter' | 'heading' | 'subheading' | 'national';
  description: string;
  language?: string;
  children?: TreeNode[];
}

/** The hierarchy under a code (SPEC section 7: GET {hs-finder-service}/tree with code and the tenant key). */
export const fetchTree = (code: string, language: string, depth = 1) =>
  finderGet<TreeNode>(`${serviceUrls.finder}tree`, { code, depth: String(depth), language });

export const fetchDetails = (hsCode: string) => finderGet<CodeDetails>(`${serviceUrls.aiTariff}details`, { hsCode });

export const fetchNotes = (code: string) =>
  finderGet<{ code: string; heading: string; html: string }>(`${serviceUrls.aiTariff}notes`, { code });

/** Probability as shown: 2 decimals; one that rounds to 0.00 is "< 0.01", as it is not impossible. */
export const shownProbability = (probability: number) => (probability < 0.005 ? '< 0.01' : probability.toFixed(2));

export const aiTariffApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The page says what failed (busy for how long, or unavailable): no notification.
    predictions: build.query<PredictionList, { query: string; language: string }>({
      queryFn: ({ query, language }) => answer(listPredictions(query, language)),
    }),
    codeDetails: build.query<CodeDetails, string>({ queryFn: (hsCode) => answer(fetchDetails(hsCode)) }),
    // The heading's tree and the notes are extras: without them the details still show.
    headingTree: build.query<TreeNode | null, { heading: string; language: string }>({
      queryFn: ({ heading, language }) => answer(fetchTree(heading, language).catch(() => null)),
    }),
    codeNotes: build.query<{ code: string; heading: string; html: string } | null, string>({
      queryFn: (code) => answer(fetchNotes(code).catch(() => null)),
    }),
  }),
});

export const { usePredictionsQuery, useCodeDetailsQuery, useHeadingTreeQuery, useCodeNotesQuery } = aiTariffApi;
