import { describe, expect, it } from 'vitest';
import { countryName } from '@guichet/shared/i18n/language';

describe('country names in the page language', () => {
  it('names a country in each of the five languages', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
    expect(countryName('BD', 'bn')).toBe('বাংলাদেশ');
  });
  it('gives null for what is not a country code, so the caller shows the record text', () => {
    expect(countryName('ZZ9', 'fr')).toBeNull();
    expect(countryName('', 'fr')).toBeNull();
    expect(countryName('de', 'fr')).toBeNull();
  });
});
