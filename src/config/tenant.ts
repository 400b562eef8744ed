/**
 * The tenant profile: what one customs administration configures. The demo
 * tenant uses Bangladesh's public reference data.
 */

/** Languages for generated route prefixes when a tenant does not list its own. */
export const DEFAULT_ROUTE_LANGUAGES = ['en', 'fr', 'ar'] as const;

/** Every language the portal has translations for. */
export const SUPPORTED_LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const FALLBACK_LANGUAGE: Language = 'en';

/** Right-to-left languages. */
export const RTL_LANGUAGES: readonly string[] = ['ar'];

export interface TenantProfile {
  name: string;
  /** Short code of the tenant, used in the names of generated files (TariffBook_{code}.pdf). */
  code: string;
  /** Route prefixes generated for every page. */
  languages: readonly Language[];
  /** Language that unprefixed legacy paths redirect to (301). */
  redirectLanguage: Language;
  currency: string;
  /** Customs rates are published every working day: rates older than this many days are flagged as not current. */
  ratesStaleAfterDays: number;
  /** Labels of the tariff's tax columns tax01..tax20, in order. */
  taxLabels: readonly string[];
  /** Whether keyword searches use the translated description outside English: 'base' or 'application'. */
  languageSetup: 'base' | 'application';
  /** Languages that reference data is translated into (its descriptionTranslated). */
  translatedLanguages: readonly Language[];
  tariffSearch: {
    /** Minimum digits of an HS code search. */
    minCodeDigits: number;
    /** Minimum characters of a keyword search. */
    minKeywordLength: number;
    /** Most lines an export of a search holds (the whole demo tariff is 7,154 lines). */
    exportMax: number;
  };
}

export const tenant: TenantProfile = {
  name: 'Guichet',
  code: 'gn',
  languages: SUPPORTED_LANGUAGES,
  redirectLanguage: 'fr',
  currency: 'BDT',
  ratesStaleAfterDays: 7,
  taxLabels: ['CD', 'SD', 'VAT', 'AIT', 'AT', 'RD', 'EXD', 'TTI'],
  languageSetup: 'application',
  translatedLanguages: ['bn'],
  tariffSearch: { minCodeDigits: 2, minKeywordLength: 3, exportMax: 10000 },
};

/** Translated search applies outside English when the tenant searches in the application language. */
export function usesTranslatedSearch(language: string, profile: TenantProfile = tenant): boolean {
  return (
    language !== 'en' && profile.languageSetup === 'application' && (profile.translatedLanguages as readonly string[]).includes(language)
  );
}
