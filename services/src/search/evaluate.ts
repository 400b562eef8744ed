/** The keyword evaluation set (data/search-eval/keywords.csv) and its measure: first hit and first 10 at heading level. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsvLines } from '../db/csv.js';
import type { Database } from '../db/database.js';
import { ENTITIES } from '../reference/registry.js';
import { keywordSearch } from './keyword-search.js';
import { isSearchLanguage, SEARCH_LANGUAGES, type SearchLanguage } from './text.js';

export const EVAL_FILE = 'search-eval/keywords.csv';

export interface EvalItem {
  query: string;
  language: SearchLanguage;
  /** HS headings (4 digits) a customs officer would accept. */
  headings: string[];
  line: number;
}

export function parseEvalSet(text: string): EvalItem[] {
  return parseCsvLines(text).records.map(({ line, record }) => {
    const headings = (record.headings ?? '').split('|').map((code) => code.trim());
    if (!record.query?.trim()) throw new Error(`${EVAL_FILE}, line ${line}: query is empty`);
    if (!isSearchLanguage(record.lang ?? ''))
      throw new Error(`${EVAL_FILE}, line ${line}: lang ${JSON.stringify(record.lang)} is not one of ${SEARCH_LANGUAGES.join(', ')}`);
    if (headings.some((code) => !/^\d{4}$/.test(code)))
      throw new Error(`${EVAL_FILE}, line ${line}: headings must be 4-digit codes separated by |`);
    return { query: record.query.trim(), language: record.lang as SearchLanguage, headings, line };
  });
}

export const loadEvalSet = (dataDir: string) => parseEvalSet(readFileSync(join(dataDir, EVAL_FILE), 'utf8'));

/** Goods descriptions written by customs officers (CBP rulings); only the held-out test rows are measured. */
export const EXTERNAL_FILE = 'finder-external/cbp-cross-atlas.csv';

/** The external test rows as evaluation items: the description, in English, and the heading of its subheading. */
export function loadExternalTestRows(dataDir: string): EvalItem[] {
  return parseCsvLines(readFileSync(join(dataDir, EXTERNAL_FILE), 'utf8'))
    .records.filter(({ record }) => record.source_id === 'cbp-cross-atlas:test')
    .map(({ line, record }) => ({
      query: String(record.description).slice(0, 2000),
      language: 'en',
      headings: [String(record.hs6).slice(0, 4)],
      line,
    }));
}

export interface LanguageScore {
  language: SearchLanguage;
  queries: number;
  /** Share of queries whose first result is under an accepted heading. */
  first: number;
  /** Share of queries with a result under an accepted heading among the first 10. */
  firstTen: number;
  misses: Array<{ query: string; expected: string[]; got: string[] }>;
}

export async function evaluate(database: Database, items: EvalItem[]): Promise<LanguageScore[]> {
  const commodity = ENTITIES.get('commodity')!;
  const scores = new Map<SearchLanguage, LanguageScore>();
  for (const item of items) {
    const { resultList } = await keywordSearch(database, commodity, {
      keywords: item.query,
      lang: item.language,
      max: 10,
      selectFields: ['code'],
    });
    const headings = resultList.map((row) => String(row.code).slice(0, 4));
    const score = scores.get(item.language) ?? { language: item.language, queries: 0, first: 0, firstTen: 0, misses: [] };
    score.queries++;
    if (headings.length > 0 && item.headings.includes(headings[0])) score.first++;
    else score.misses.push({ query: item.query, expected: item.headings, got: [...new Set(headings)].slice(0, 4) });
    if (headings.some((heading) => item.headings.includes(heading))) score.firstTen++;
    scores.set(item.language, score);
  }
  return SEARCH_LANGUAGES.filter((language) => scores.has(language)).map((language) => {
    const score = scores.get(language)!;
    return { ...score, first: score.first / score.queries, firstTen: score.firstTen / score.queries };
  });
}
