import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The words of a tariff book in one language, from its translations (locales/{language}/tariff.json). */
export interface BookTexts {
  title: string;
  headers: { code: string; description: string; uom: string };
  sourcesLabel: string;
  sources: string;
  englishTexts: string;
  lines: (count: number, date: string) => string;
  chapter: (chapter: string) => string;
}

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));

export function bookTexts(localesDir: string, language: string): BookTexts {
  const texts = JSON.parse(readFileSync(join(localesDir, language, 'tariff.json'), 'utf8')) as {
    columns: { code: string; description: string; uom: string };
    results: { hsSource: string; englishTexts: string };
    export: { title: string; sources: string; bookLines: string; bookChapter: string };
  };
  const numbers = new Intl.NumberFormat(language);
  return {
    title: texts.export.title,
    headers: { code: texts.columns.code, description: texts.columns.description, uom: texts.columns.uom },
    sourcesLabel: texts.export.sources,
    sources: texts.results.hsSource,
    englishTexts: texts.results.englishTexts,
    lines: (count, date) => fill(texts.export.bookLines, { count: numbers.format(count), date }),
    chapter: (chapter) => fill(texts.export.bookChapter, { chapter }),
  };
}

/** Site path of a generated file in a language: English at the root (/TariffBook_gn.pdf), the others under /{language}/. */
export const bookPath = (file: string, language: string) => (language === 'en' ? file : `/${language}${file}`);

/**
 * A download's file in a language: the generated tariff file in that language where there is one, and its size
 * (`sizes`: the generated files' sizes by site path); undefined for a file that was not generated. Own keys
 * only: a file the CMS names "constructor" is not one of them.
 */
export function generatedFile(sizes: Record<string, number>, file: string, language: string): { file: string; size: number | undefined } {
  const sizeOf = (path: string) => (Object.hasOwn(sizes, path) ? sizes[path] : undefined);
  const translated = sizeOf(bookPath(file, language));
  return translated !== undefined ? { file: bookPath(file, language), size: translated } : { file, size: sizeOf(file) };
}
