import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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
});
