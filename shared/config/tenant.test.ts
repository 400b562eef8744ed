import { describe, expect, it } from 'vitest';
import { routeLanguages, tenant, usesTranslatedSearch, type TenantProfile } from './tenant';

const { languages: _own, ...withoutLanguages } = tenant;

describe('route languages', () => {
  it('are en, fr and ar for a tenant that lists none', () => {
    expect(routeLanguages(withoutLanguages)).toEqual(['en', 'fr', 'ar']);
    expect(routeLanguages({ ...withoutLanguages, languages: [] })).toEqual(['en', 'fr', 'ar']);
  });
  it("are the tenant's own list when it has one", () => {
    expect(routeLanguages({ ...withoutLanguages, languages: ['en', 'bn'] })).toEqual(['en', 'bn']);
    expect(routeLanguages()).toEqual(['en', 'fr', 'es', 'ar', 'bn']);
  });
});

describe('translated search', () => {
  const everywhere: TenantProfile = {
    ...tenant,
    languageSetup: { en: 'application', fr: 'application', es: 'application', ar: 'application', bn: 'application' },
  };
  it('applies whenever the language is not English and its setup says application', () => {
    expect(['fr', 'es', 'ar', 'bn'].map((language) => usesTranslatedSearch(language, everywhere))).toEqual([true, true, true, true]);
    expect(usesTranslatedSearch('en', everywhere)).toBe(false);
  });
  it('does not apply where the setup says base', () => {
    expect(usesTranslatedSearch('fr', { ...everywhere, languageSetup: { ...everywhere.languageSetup, fr: 'base' } })).toBe(false);
    expect(['fr', 'es', 'ar', 'bn'].map((language) => usesTranslatedSearch(language))).toEqual([false, false, false, true]);
  });
});
