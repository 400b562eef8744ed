/**
 * The documents of the tariff keyword search: one per national tariff line, its texts already
 * normalised and stemmed (search/text.ts) in five fields of decreasing weight.
 */
import { documentText, isSearchLanguage, type SearchLanguage } from './text.js';

/** Table of the documents; SQLite indexes it with an FTS5 table, PostgreSQL with a tsvector column. */
export const SEARCH_TABLE = 'search_document';
/** PostgreSQL: the weighted tsvector of each document, in a narrow table kept by a trigger (migration 0013). */
export const SEARCH_VECTOR_TABLE = 'search_vector';

/**
 * Fields of a document, by weight: the line's own text and the head words of the lexicon names first,
 * then the whole lexicon names and the HS texts, the chapter last.
 */
export const SEARCH_FIELDS = ['national', 'names', 'lexicon', 'subheading', 'heading', 'chapter'] as const;

export interface SearchDocument {
  /** The tariff line (8 digits). */
  code: string;
  national: string;
  /** The head word of each lexicon name ("laptop" of "laptops", "charger" of "laptop chargers"). */
  names: string;
  lexicon: string;
  subheading: string;
  heading: string;
  chapter: string;
}

export interface DocumentSources {
  /** National tariff lines (English). */
  lines: Array<{ code: string; description: string }>;
  /** HS 2022 texts of chapters (2 digits), headings (4) and subheadings (6), in any language. */
  hsTexts: Array<{ code: string; language: string; description: string }>;
  /** Finder lexicon: everyday names, translations and HMRC search references, each with its HS code (2, 4 or 6 digits). */
  lexicon: Array<{ code: string; language: string; text: string }>;
}

const languageOf = (value: string): SearchLanguage => (isSearchLanguage(value) ? value : 'en');

/**
 * The head word of a name: the noun the other words qualify, last in English and Bengali ("laptop
 * chargers"), first in French, Spanish and Arabic ("chaussures de sport"); a qualification after a
 * comma or in brackets is left out ("abalone, prepared or preserved").
 */
export function headWord(text: string, language: string): string {
  const stems = documentText(text.split(/[,;(]/)[0], languageOf(language)).split(' ');
  return (['en', 'bn'].includes(language) ? stems[stems.length - 1] : stems[0]) ?? '';
}

/** Stemmed texts by HS code, each text once. */
function textsByCode(
  items: Array<{ code: string; language: string; text: string }>,
  stemmed: (text: string, language: string) => string = (text, language) => documentText(text, languageOf(language)),
): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const item of items) {
    const stems = stemmed(item.text, item.language);
    if (!stems) continue;
    const list = result.get(item.code) ?? [];
    if (!list.includes(stems)) list.push(stems);
    result.set(item.code, list);
  }
  return result;
}

export function buildSearchDocuments(sources: DocumentSources): SearchDocument[] {
  const hs = textsByCode(sources.hsTexts.map(({ code, language, description }) => ({ code, language, text: description })));
  const lexicon = textsByCode(sources.lexicon);
  const names = textsByCode(sources.lexicon, headWord);
  const join = (map: Map<string, string[]>, ...codes: string[]) => codes.flatMap((code) => map.get(code) ?? []).join(' ');
  return sources.lines.map(({ code, description }) => {
    const [chapter, heading, subheading] = [code.slice(0, 2), code.slice(0, 4), code.slice(0, 6)];
    return {
      code,
      national: documentText(description, 'en'),
      names: join(names, subheading, heading),
      lexicon: join(lexicon, subheading, heading),
      subheading: join(hs, subheading),
      heading: join(hs, heading),
      // Chapter translations of the lexicon carry the Bengali chapter names, which no HS text has.
      chapter: `${join(hs, chapter)} ${join(lexicon, chapter)}`.trim(),
    };
  });
}
