import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookPath, bookTexts } from './tariff-book-texts';

const locales = resolve(__dirname, '../../locales');

describe('tariff book in each language', () => {
  it('titles, headers and sources come from the translations, with the figures filled in', () => {
    const french = bookTexts(locales, 'fr');
    expect(french.title).toBe('Tarif douanier');
    expect(french.headers.description).not.toBe(bookTexts(locales, 'en').headers.description);
    expect(french.sources).toMatch(/Nomenclature combinée/);
    expect(french.chapter('64')).toBe('Tarif douanier : chapitre 64');
    expect(french.lines(7154, '2026-11-25')).toMatch(/^7\s154 lignes tarifaires · 2026-11-25$/);
    expect(bookTexts(locales, 'ar').sources).toMatch(/السعودية/);
    for (const language of ['en', 'es', 'bn']) expect(bookTexts(locales, language).chapter('01')).toMatch(/01/);
  });
  it('puts English at the site root and every other language under its own folder', () => {
    expect(bookPath('/TariffBook_gn.pdf', 'en')).toBe('/TariffBook_gn.pdf');
    expect(bookPath('/chapters/64_tariff_gn.pdf', 'ar')).toBe('/ar/chapters/64_tariff_gn.pdf');
  });
});
