import { LANGUAGES } from '../languages.js';
/**
 * Text processing of the tariff keyword search, in one place for the indexed documents and for the
 * queries: words are folded (Unicode NFKC, lower case, Latin diacritics, Arabic letter forms, digits;
 * the finder's normalisation), split into whole words, cleared of stop words and light-stemmed per
 * language. The full-text indexes (SQLite FTS5, PostgreSQL tsvector) only ever see these stems, so
 * both databases match the same words, and a word matches whole words only ("rice" never matches
 * "liquorice").
 */
import { normalize, stem as finderStem, STOP_WORDS, words } from '../finder/text.js';

export const SEARCH_LANGUAGES = LANGUAGES;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

export const isSearchLanguage = (value: string): value is SearchLanguage => (SEARCH_LANGUAGES as readonly string[]).includes(value);

const ARABIC = /[\u0600-\u06ff]/;
const BENGALI = /[\u0980-\u09ff]/;
/** A stem holds letters, marks and digits only: nothing a full-text query syntax could read as an operator. */
const TOKEN = /^[\p{L}\p{M}\p{N}]+$/u;

/** English: plurals (-ies, -es, -s), -ing/-ed, tyre/tire spellings (the finder's stemmer). */
const stemEnglish = (word: string) => finderStem(word);

/** French: -eaux -> -eau, -aux -> -al, plural -s/-x, then a final -e (chaussures, chaussure -> chaussur). */
function stemFrench(word: string): string {
  let stem = word;
  if (stem.length > 5 && stem.endsWith('eaux')) stem = stem.slice(0, -1);
  else if (stem.length > 4 && stem.endsWith('aux')) stem = `${stem.slice(0, -3)}al`;
  else if (stem.length > 3 && /[sx]$/.test(stem) && !stem.endsWith('ss')) stem = stem.slice(0, -1);
  if (stem.length > 4 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/** Spanish: -ces -> -z, -es after a consonant ending (motores, papeles), plural -s, then a final -e. */
function stemSpanish(word: string): string {
  let stem = word;
  if (stem.length > 4 && stem.endsWith('ces')) stem = `${stem.slice(0, -3)}z`;
  else if (stem.length > 4 && /[lrndjzy]es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !stem.endsWith('ss')) stem = stem.slice(0, -1);
  if (stem.length > 4 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

/** Arabic letters of a word (after normalisation: alef forms -> ا, ة -> ه, ى -> ي, no diacritics or tatweel). */
const arabicLength = (word: string) => [...word].length;

/**
 * Arabic: the article (ال, with a leading و ب ك ف, or لل) or one prefix letter و ب ل ف ك is stripped
 * when 3 letters or more remain; then one plural or dual suffix (ات ون ين ان) or a final ه (ta marbuta)
 * when 3 letters or more remain.
 */
function stemArabic(word: string): string {
  let stem = word;
  const strip = (count: number) => {
    if (arabicLength(stem) - count >= 3) {
      stem = stem.slice(count);
      return true;
    }
    return false;
  };
  if (!(/^[وبكف]ال/.test(stem) && strip(3)) && !(/^(لل|ال)/.test(stem) && strip(2)) && /^[وبلفك]/.test(stem)) strip(1);
  for (const suffix of ['ات', 'ون', 'ين', 'ان', 'ه']) {
    if (stem.endsWith(suffix) && arabicLength(stem) - suffix.length >= 3) {
      stem = stem.slice(0, -suffix.length);
      break;
    }
  }
  return stem;
}

/** The stem of one normalised word in a language (Arabic and Bengali words by their script). */
export function stemWord(word: string, language: SearchLanguage): string {
  if (ARABIC.test(word)) return stemArabic(word);
  if (BENGALI.test(word)) return finderStem(word);
  switch (language) {
    case 'fr':
      return stemFrench(word);
    case 'es':
      return stemSpanish(word);
    default:
      return stemEnglish(word);
  }
}

/** Whole words of a text, normalised, stop words and single letters left out. */
function contentWords(text: string): string[] {
  return words(normalize(text)).filter((word) => word.length > 1 && !STOP_WORDS.has(word));
}

/** The stems of a text written in a language, space-separated: what the index holds. */
export function documentText(text: string, language: SearchLanguage): string {
  return contentWords(text)
    .map((word) => stemWord(word, language))
    .filter((stem) => stem.length > 1 && TOKEN.test(stem))
    .join(' ');
}

/** Query words beyond this are ignored (a query may be up to 2,000 characters long). */
export const MAX_QUERY_WORDS = 32;

/**
 * A query as groups of stems: every group must match (one per word), through any stem of it. A Latin
 * word is stemmed as English, French and Spanish, as a trader may type any of them on any page; an
 * Arabic or Bengali word by its own rules.
 */
export function queryGroups(text: string): string[][] {
  const groups: string[][] = [];
  const seen = new Set<string>();
  for (const word of contentWords(text)) {
    const stems = [...new Set((['en', 'fr', 'es'] as const).map((language) => stemWord(word, language)))].filter(
      (stem) => stem.length > 1 && TOKEN.test(stem),
    );
    const key = stems.join(' ');
    if (stems.length === 0 || seen.has(key)) continue;
    seen.add(key);
    groups.push(stems);
    if (groups.length >= MAX_QUERY_WORDS) break;
  }
  return groups;
}

/** A token as a quoted string of the query syntax (FTS5 doubles its double quotes, tsquery its single quotes and backslashes). */
const quoteFts = (token: string) => `"${token.replace(/"/g, '""')}"`;
const quoteTsquery = (token: string) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The query words in their order as phrases (English, French and Spanish stems), for queries of 2 to 6
 * words: a line whose text has them side by side ("leather shoes") gains their phrase score on top.
 */
function phrases(groups: string[][]): string[][] {
  if (groups.length < 2 || groups.length > 6) return [];
  const width = Math.max(...groups.map((group) => group.length));
  const result = new Map<string, string[]>();
  for (let index = 0; index < width; index++) {
    const phrase = groups.map((group) => group[index] ?? group[0]);
    result.set(phrase.join(' '), phrase);
  }
  return [...result.values()];
}

/**
 * Which lines a query matches: those with every word (all), with every word but one (most: tried before
 * any when every word is too many, as it leaves far fewer and better lines to rank), or with any.
 */
export type MatchMode = 'all' | 'most' | 'any';

/** The word groups a line must match in a mode, as alternatives (OR) of conjunctions (AND). */
function conjunctions(groups: string[][], mode: MatchMode): string[][][] {
  if (mode === 'all') return [groups];
  if (mode === 'any' || groups.length < 3) return groups.map((group) => [group]);
  return groups.map((_, left) => groups.filter((__, index) => index !== left));
}

/** A query's words in a mode, in a syntax: each token quoted, a group's stems joined by `or`, groups by `and`. */
function wordsExpression(groups: string[][], mode: MatchMode, quote: (token: string) => string, and: string, or: string): string {
  const alternatives = conjunctions(groups, mode).map((conjunction) =>
    conjunction.map((group) => `(${group.map(quote).join(or)})`).join(and),
  );
  const conjunctionsOf = conjunctions(groups, mode);
  return alternatives
    .map((alternative, index) => (conjunctionsOf[index].length > 1 && alternatives.length > 1 ? `(${alternative})` : alternative))
    .join(or);
}

/**
 * SQLite FTS5 MATCH expression of a mode, or the words as a phrase (which has every group too, so the
 * matches are the same and the phrase only adds to the score); each token quoted, so none is read as syntax.
 */
export function ftsMatchExpression(groups: string[][], mode: MatchMode): string {
  const words = wordsExpression(groups, mode, quoteFts, ' AND ', ' OR ');
  const phrase = phrases(groups).map((tokens) => tokens.map(quoteFts).join(' + '));
  return phrase.length === 0 ? words : `(${words}) OR ${phrase.join(' OR ')}`;
}

/**
 * PostgreSQL to_tsquery texts with the meaning of ftsMatchExpression: the words (what a line must match)
 * and the phrases (null for a single word), ranked apart since ts_rank_cd() scores an OR by its best branch.
 */
export function tsqueryParts(groups: string[][], mode: MatchMode): { words: string; phrase: string | null } {
  const words = wordsExpression(groups, mode, quoteTsquery, ' & ', ' | ');
  const phrase = phrases(groups).map((tokens) => `(${tokens.map(quoteTsquery).join(' <-> ')})`);
  return { words, phrase: phrase.length === 0 ? null : phrase.join(' | ') };
}

/** The whole PostgreSQL query text (words or phrases), with the same matches as ftsMatchExpression. */
export function tsqueryExpression(groups: string[][], mode: MatchMode): string {
  const { words, phrase } = tsqueryParts(groups, mode);
  return phrase === null ? words : `(${words}) | ${phrase}`;
}
