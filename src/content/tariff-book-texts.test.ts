import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookPath, bookTexts, generatedFile } from './tariff-book-texts';

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
  it('leaves a placeholder it has no value for as it is, the names of Object.prototype too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'book-texts-'));
    try {
      const texts = JSON.parse(readFileSync(join(locales, 'en', 'tariff.json'), 'utf8'));
      texts.export.bookChapter = '{{constructor}} {{toString}} {{chapter}} {{other}}';
      mkdirSync(join(dir, 'en'));
      writeFileSync(join(dir, 'en', 'tariff.json'), JSON.stringify(texts));
      expect(bookTexts(dir, 'en').chapter('64')).toBe('{{constructor}} {{toString}} 64 {{other}}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it('puts English at the site root and every other language under its own folder', () => {
    expect(bookPath('/TariffBook_gn.pdf', 'en')).toBe('/TariffBook_gn.pdf');
    expect(bookPath('/chapters/64_tariff_gn.pdf', 'ar')).toBe('/ar/chapters/64_tariff_gn.pdf');
  });
  it("links a download to its generated file in the page's language, with its size", () => {
    const sizes = { '/TariffBook_gn.pdf': 100, '/fr/TariffBook_gn.pdf': 120 };
    expect(generatedFile(sizes, '/TariffBook_gn.pdf', 'fr')).toEqual({ file: '/fr/TariffBook_gn.pdf', size: 120 });
    expect(generatedFile(sizes, '/TariffBook_gn.pdf', 'ar')).toEqual({ file: '/TariffBook_gn.pdf', size: 100 });
    expect(generatedFile(sizes, '/guide.pdf', 'en')).toEqual({ file: '/guide.pdf', size: undefined });
    for (const file of ['constructor', 'toString', '__proto__'])
      expect(generatedFile(sizes, file, 'en')).toEqual({ file, size: undefined });
  });
});
