/**
 * The HS nomenclature (sections, chapters, headings, subheadings) in the page language: with `lang`, each
 * record carries `text`, its HS 2022 text in that language with the language it is in (English, "en",
 * where none exists: sections, Bengali, three Arabic chapters), the shape of a commodity's `hs` texts.
 */
import type { Database } from '../db/database.js';
import { RequestError } from '../http/request.js';
import { hsTexts } from './keyword-search.js';
import { isSearchLanguage, SEARCH_LANGUAGES } from './text.js';

type Schema = { properties: Record<string, unknown> } & Record<string, unknown>;

const langSchema = {
  type: 'string',
  enum: [...SEARCH_LANGUAGES],
  description:
    'Page language: each record carries `text`, its HS 2022 text in that language ({code, description, language}); English ' +
    '(language "en") where none exists (sections, Bengali, three Arabic chapters). description stays the English text.',
};

const textSchema = {
  type: 'object',
  properties: { code: { type: 'string' }, description: { type: 'string' }, language: { type: 'string' } },
};

/** A request body or query string schema with `lang`. */
export function withLangProperty<T extends Schema>(base: T): T {
  return { ...base, properties: { ...base.properties, lang: langSchema } };
}

/** A record schema with `text`. */
export function withTextProperty<T extends Schema>(base: T): T {
  return { ...base, properties: { ...base.properties, text: textSchema } };
}

/** The search answer schema with `text` on each record. */
export function withTextInResults<T extends Schema>(base: T): T {
  const resultList = base.properties.resultList as { items: Schema };
  return { ...base, properties: { ...base.properties, resultList: { ...resultList, items: withTextProperty(resultList.items) } } };
}

/** Adds `text` to each record holding a code, in the language (checked here: a 400 names the field). */
export async function withNomenclatureTexts(
  database: Database,
  records: Array<Record<string, unknown>>,
  lang: string,
  field = 'lang',
): Promise<void> {
  if (!isSearchLanguage(lang)) throw new RequestError(`${field} must be one of ${SEARCH_LANGUAGES.join(', ')}`, field);
  const codes = records.map((record) => record.code).filter((code): code is string => typeof code === 'string');
  const texts = await hsTexts(database, codes, lang);
  for (const record of records) {
    if (typeof record.code !== 'string') continue;
    record.text = texts.get(record.code) ?? {
      code: record.code,
      description: typeof record.description === 'string' ? record.description : '',
      language: 'en',
    };
  }
}
