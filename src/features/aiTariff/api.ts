import { http } from '../../http/client';
import { serviceUrls } from '../../config/services';
import { tenant } from '../../config/tenant';

/** The finder's time-out (SPEC section 9). */
export const FINDER_TIMEOUT_MS = 15000;

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

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** Keys of a JSON value converted at every depth. */
export function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [convert(key), convertKeys(item, convert)]));
  return value;
}

/**
 * A finder call (SPEC section 7): 15 s time-out, credentials sent, no-cache headers, the tenant key,
 * request keys in snake_case and response keys in camelCase. Errors are logged and re-thrown.
 */
async function finderGet<T>(url: string, params: Record<string, string>): Promise<T> {
  try {
    const { data } = await http.get<unknown>(url, {
      params: convertKeys(params, snake),
      timeout: FINDER_TIMEOUT_MS,
      withCredentials: true,
      headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache', tenantKey: tenant.code },
    });
    return convertKeys(data, camel) as T;
  } catch (error) {
    console.error(`Tariff finder call ${url} failed`, error);
    throw error;
  }
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

export const fetchDetails = (hsCode: string) => finderGet<CodeDetails>(`${serviceUrls.aiTariff}details`, { hsCode });

export const fetchNotes = (code: string) =>
  finderGet<{ code: string; heading: string; html: string }>(`${serviceUrls.aiTariff}notes`, { code });

/** Probability as shown: 2 decimals. */
export const shownProbability = (probability: number) => probability.toFixed(2);
