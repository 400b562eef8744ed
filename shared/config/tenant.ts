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

export type LanguageSetup = 'base' | 'application';

export interface TenantProfile {
  name: string;
  /** Short code of the tenant, used in the names of generated files (TariffBook_{code}.pdf). */
  code: string;
  /** Route prefixes generated for every page; without a list of its own, DEFAULT_ROUTE_LANGUAGES. */
  languages?: readonly Language[];
  /** Language that unprefixed legacy paths redirect to (301). */
  redirectLanguage: Language;
  currency: string;
  /** Customs rates are published every working day: rates older than this many days are flagged as not current. */
  ratesStaleAfterDays: number;
  /** Labels of the tariff's tax columns tax01..tax20, in order. */
  taxLabels: readonly string[];
  /**
   * The language setup of each page language (SPEC section 9: base or application): 'application' makes
   * searches of that language read the translated descriptions, 'base' the base (English) ones.
   */
  languageSetup: Readonly<Record<Language, LanguageSetup>>;
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
  // Every language the portal has translations for (the default would be en, fr and ar).
  languages: SUPPORTED_LANGUAGES,
  redirectLanguage: 'fr',
  currency: 'BDT',
  ratesStaleAfterDays: 7,
  taxLabels: ['CD', 'SD', 'VAT', 'AIT', 'AT', 'RD', 'EXD', 'TTI'],
  // The reference data's translated descriptions are in Bengali: Bengali pages search them.
  languageSetup: { en: 'base', fr: 'base', es: 'base', ar: 'base', bn: 'application' },
  translatedLanguages: ['bn'],
  tariffSearch: { minCodeDigits: 2, minKeywordLength: 3, exportMax: 10000 },
};

/** The languages whose route prefixes (/en/, /fr/, ...) the site generates: the tenant's own list, else the default. */
export function routeLanguages(profile: TenantProfile = tenant): readonly Language[] {
  return profile.languages?.length ? profile.languages : DEFAULT_ROUTE_LANGUAGES;
}

/** Translated search (SPEC section 5) applies when the language is not English and its setup says application. */
export function usesTranslatedSearch(language: string, profile: TenantProfile = tenant): boolean {
  return language !== 'en' && profile.languageSetup[language as Language] === 'application';
}
