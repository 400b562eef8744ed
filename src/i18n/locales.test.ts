import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';

const LOCALES = join(__dirname, '..', '..', 'locales');
const LANGUAGES = ['en', 'fr', 'es', 'ar', 'bn'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a translation file, plural forms counted once. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(PLURAL, '')];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

const read = (language: string, file: string) => JSON.parse(readFileSync(join(LOCALES, language, file), 'utf8')) as unknown;

describe('locale files', () => {
  const files = readdirSync(join(LOCALES, 'en')).filter((file) => file.endsWith('.json'));

  it.each(LANGUAGES.filter((language) => language !== 'en'))('%s has every file and key of English, and no other', (language) => {
    expect(readdirSync(join(LOCALES, language)).sort()).toEqual(files.sort());
    for (const file of files) {
      const english = [...new Set(keysOf(read('en', file)))].sort();
      const translated = [...new Set(keysOf(read(language, file)))].sort();
      expect({ file, keys: translated }).toEqual({ file, keys: english });
    }
  });

  it('says "two digits" in Arabic with the dual, and other counts with the plural', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'ar', resources: { ar: { tariff: read('ar', 'tariff.json') as Record<string, unknown> } }, ns: ['tariff'] });
    expect(i18n.t('validation.codeMinDigits', { ns: 'tariff', count: 2 })).toBe('يجب ألا يقل رمز HS عن رقمين.');
    expect(i18n.t('validation.codeMinDigits', { ns: 'tariff', count: 4 })).toBe('يجب ألا يقل رمز HS عن 4 أرقام.');
  });
});
