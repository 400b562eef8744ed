/** JSON schemas of the tariff keyword search: properties added to the commodity search body and answer. */
import { MAX_KEYWORDS_LENGTH } from '@guichet/shared/api/search';
import { TEXT_PATTERN } from '../reference/schemas.js';
import { SEARCH_LANGUAGES } from './text.js';

type Schema = { properties: Record<string, unknown> } & Record<string, unknown>;

const keywordsProperty = (description: string) => ({
  type: 'string',
  minLength: 1,
  maxLength: MAX_KEYWORDS_LENGTH,
  pattern: TEXT_PATTERN,
  description,
});

/** The commodity search body with `keywords` and `lang`. */
export function keywordBodySchema<T extends Schema>(base: T): T {
  return {
    ...base,
    properties: {
      ...base.properties,
      keywords: keywordsProperty(
        'Keyword search by relevance, in any of en, fr, es, ar, bn: whole words, plurals and accents folded, everyday names ' +
          '("mobile phone", "chaussures", "أحذية", "মোবাইল ফোন") through the tariff finder lexicon. Combines (AND) with the restrictions. ' +
          'Results come best first (relevance) unless sortByFields is given; each carries `relevance`. distinct is not allowed with keywords.',
      ),
      lang: {
        type: 'string',
        enum: [...SEARCH_LANGUAGES],
        description:
          'Page language: each result carries `hs`, the HS 2022 texts of its chapter, heading and subheading in that language ' +
          '(English, marked language "en", where none exists: Bengali, and three Arabic chapters). description stays the national English text. ' +
          'In fr, es and ar, sortByFields description sorts by the heading text, then the subheading text, then description, as those pages show them.',
      },
    },
  };
}

/** A list's search body with `keywords`. */
export function listKeywordBodySchema<T extends Schema>(base: T): T {
  return {
    ...base,
    properties: {
      ...base.properties,
      keywords: keywordsProperty(
        'Keyword search by relevance: whole words of the description (English) and of the translated description, plurals and ' +
          'accents folded; countries and currencies also by their French, Spanish and Arabic names. Combines (AND) with the ' +
          'restrictions. Results come best first unless sortByFields is given; each carries `relevance`. distinct is not allowed ' +
          'with keywords. The literal operators (CONTAINS...) are unchanged.',
      ),
    },
  };
}

const hsTextSchema = {
  type: ['object', 'null'],
  properties: { code: { type: 'string' }, description: { type: 'string' }, language: { type: 'string' } },
};

/** A search answer with `relevance` on each result, and for the tariff (withHs) `hs`. */
export function keywordResponseSchema<T extends Schema>(base: T, withHs = true): T {
  const resultList = base.properties.resultList as { items: Schema };
  return {
    ...base,
    properties: {
      ...base.properties,
      resultList: {
        ...resultList,
        items: {
          ...resultList.items,
          properties: {
            ...resultList.items.properties,
            relevance: { type: 'number', description: 'Keyword searches: higher is a better match' },
            ...(withHs
              ? {
                  hs: {
                    type: 'object',
                    description:
                      'With lang: HS texts of the line; show the subheading under its heading (it is often a fragment such as "Other")',
                    properties: { chapter: hsTextSchema, heading: hsTextSchema, subheading: hsTextSchema },
                  },
                }
              : {}),
          },
        },
      },
    },
  };
}
