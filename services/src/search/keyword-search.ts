/**
 * Relevance keyword search of the tariff: whole words, stemmed per language, over the documents of the
 * search pack (national text, HS texts in English, French, Spanish and Arabic, finder lexicon), ranked
 * by bm25() on SQLite and ts_rank_cd() on PostgreSQL with field weights, one result per tariff line.
 * The spec's operators (CONTAINS...) are untouched: this is a separate `keywords` property.
 */
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { textIndexOf, type Database } from '../db/database.js';
import { compileSearch, orderTerms, runSearch, type CompiledSearch, type SearchRequest, type SearchResult } from '../reference/query.js';
import { RequestError, validityDateOf } from '../http/request.js';
import { columnOf, type EntityDefinition } from '../reference/registry.js';
import { MAX_KEPT_KEY_LENGTH } from '../reference/cache.js';
import { SEARCH_FIELDS, SEARCH_TABLE, SEARCH_VECTOR_TABLE } from './documents.js';
import { LIST_INDEX, LIST_TABLE } from './lists.js';
import { hsTextIndex, type HsText } from './hs-text-index.js';
import { ftsMatchExpression, isSearchLanguage, queryGroups, tsqueryParts, type MatchMode, type SearchLanguage } from './text.js';

export interface KeywordSearchRequest extends SearchRequest {
  /** Words as a trader writes them, in any of the portal's languages. */
  keywords?: string;
  /** Page language: each result carries the HS texts of its chapter, heading and subheading in it. */
  lang?: string;
}

/** bm25() weight of each field (SEARCH_FIELDS order): national text and lexicon head words above chapter text. */
const FTS_WEIGHTS: Record<(typeof SEARCH_FIELDS)[number], number> = {
  national: 4,
  names: 6,
  lexicon: 2.5,
  subheading: 2,
  heading: 1.5,
  chapter: 0.5,
};
/** ts_rank_cd() weights of the tsvector classes {D, C, B, A} (see migrations 0007 and 0013 for which field has which class). */
const TS_WEIGHTS = '{0.1, 0.3, 0.6, 1.0}';
/** Weight of the query's phrase score against its words' score on PostgreSQL. */
const PHRASE_WEIGHT = sql.lit(3);

/** The query's words, as the statement's parameters: an FTS5 match expression, or PostgreSQL's words and phrases. */
interface MatchTerms {
  /** (Or a kept statement's stand-in, WORDS.) */
  words: string | symbol;
  /** PostgreSQL only: the phrases, null for a single word (the statement then has no phrase score). */
  phrase: string | symbol | null;
}

function matchTerms(database: Database, groups: string[][], mode: MatchMode): MatchTerms {
  return database.dialect === 'sqlite' ? { words: ftsMatchExpression(groups, mode), phrase: null } : tsqueryParts(groups, mode);
}

/**
 * Documents matching the query, as (__line, __rank): a lower rank is a better match on both databases.
 * __line is the tariff line's code, or with a list (entity) the id of the list's row.
 */
function matches(database: Database, terms: MatchTerms, entity?: string): RawBuilder<unknown> {
  if (database.dialect === 'sqlite') {
    if (entity !== undefined) {
      const index = sql.id(LIST_INDEX);
      return sql`select d.${sql.id('rowId')} as __line, bm25(${index}) as __rank from ${index} join ${sql.table(LIST_TABLE)} d on d.id = ${index}.rowid where ${index} match ${terms.words} and d.entity = ${entity}`;
    }
    const index = sql.id(textIndexOf(SEARCH_TABLE));
    const weights = sql.join(SEARCH_FIELDS.map((field) => sql.lit(FTS_WEIGHTS[field])));
    return sql`select d.code as __line, bm25(${index}, ${weights}) as __rank from ${index} join ${sql.table(SEARCH_TABLE)} d on d.id = ${index}.rowid where ${index} match ${terms.words}`;
  }
  // The query's words and phrases are parsed once, in a row of their own (k): a kept statement's generic
  // plan called to_tsquery() on its parameter again for every matching document (20% of a search).
  const phrase = terms.phrase === null ? sql`` : sql`, to_tsquery('simple', ${terms.phrase}) as __p`;
  const parsed = sql`(select to_tsquery('simple', ${terms.words}) as __q${phrase} offset 0) k`;
  const rank = (tsquery: RawBuilder<unknown>) => sql`ts_rank_cd(${TS_WEIGHTS}::float4[], document, ${tsquery})`;
  // A phrase match counts on top of the words' score (as a phrase adds its own bm25 term on SQLite).
  const score = terms.phrase === null ? rank(sql`k.__q`) : sql`${rank(sql`k.__q`)} + ${PHRASE_WEIGHT} * ${rank(sql`k.__p`)}`;
  if (entity !== undefined)
    return sql`select ${sql.id('rowId')} as __line, -(${score}) as __rank from ${parsed}, ${sql.table(LIST_TABLE)} where entity = ${entity} and document @@ k.__q`;
  return sql`select code as __line, -(${score}) as __rank from ${parsed}, ${sql.table(SEARCH_VECTOR_TABLE)} where document @@ k.__q`;
}

/** A keyword search's statements, built once for all requests that differ only in their words. */
interface KeptStatements {
  compiled: CompiledSearch;
  /** The matches with the request's other restrictions (for the count of a page past the end). */
  from(terms: MatchTerms): RawBuilder<unknown>;
  /** The statement of one page of results for these words: one row, its lines as a JSON array (PageRow). */
  page(terms: MatchTerms): CompiledQuery<PageStatementRow>;
}

/** A line of a page: the selected fields in their order, then its code, rank and the count of every match. */
type PageRow = unknown[];

/** The page statement's one row: JSON text on SQLite, parsed by the driver on PostgreSQL (null for no lines). */
interface PageStatementRow {
  __rows: string | PageRow[] | null;
}

/** Stand-ins for the words in a kept statement's parameters, replaced by each request's own. */
const WORDS = Symbol('words');
const PHRASE = Symbol('phrase');
/** Kept statements per database, by everything in a request but its words; emptied when it reaches this size. */
const KEPT_LIMIT = 256;
const kept = new WeakMap<Database, Map<string, KeptStatements>>();

/**
 * The statements of a request, whatever its words: building and compiling one took a quarter of the
 * server's own time in a search (CPU profile under load), while the words are only its parameters.
 */
function keptStatements(
  database: Database,
  definition: EntityDefinition,
  request: KeywordSearchRequest,
  hsTextLanguage: string | undefined,
): KeptStatements {
  let byRequest = kept.get(database);
  if (!byRequest) kept.set(database, (byRequest = new Map()));
  const { keywords: _words, lang: _language, ...rest } = request;
  // The day is part of it: without meta.validityDate, the lines valid today.
  const key = `${definition.name}|${validityDateOf(request.meta?.validityDate)}|${hsTextLanguage ?? ''}|${JSON.stringify(rest)}`;
  const build = () =>
    buildStatements(
      database,
      definition,
      compileSearch(definition, request, database.dialect, hsTextLanguage),
      (request.sortByFields ?? []).length > 0,
    );
  // A request with long restrictions is built every time, not kept (MAX_KEPT_KEY_LENGTH).
  if (key.length > MAX_KEPT_KEY_LENGTH) return build();
  let statements = byRequest.get(key);
  if (!statements) {
    if (byRequest.size >= KEPT_LIMIT) byRequest.clear();
    statements = build();
    byRequest.set(key, statements);
  }
  return statements;
}

function buildStatements(database: Database, definition: EntityDefinition, compiled: CompiledSearch, sorted: boolean): KeptStatements {
  const table = definition.table;
  // The tariff's documents are its lines' (by code); another list's, its rows' (by id).
  const list = definition.name === 'commodity' ? undefined : definition.name;
  const key = sql.ref(`${table}.${list === undefined ? 'code' : 'id'}`);
  const selection = compiled.fields.map((field) => sql.ref(`${table}.${columnOf(field)}`));
  const order = sql.join(
    sorted ? orderTerms(compiled.order, database.dialect, table) : [sql`m.__rank asc`, sql`${sql.ref(`${table}.code`)} asc`],
  );
  // The page's lines in the same order once their fields are joined (a row_number() over every match for
  // it made the statement 16% slower).
  const pageOrder = sorted ? order : sql`p.__rank asc, p.__code asc`;
  // One statement per try, outside any transaction: PostgreSQL reads the matches through the GIN index by
  // itself (EXPLAIN: Bitmap Index Scan, then the lines by their code index), with no planner setting.
  const from = (terms: MatchTerms) =>
    // PostgreSQL reads each matching line by its code index (lateral, kept apart by offset 0): as a hash
    // join it scanned every tariff line (2.8 ms of a 5.8 ms search for "cotton", EXPLAIN ANALYZE).
    database.dialect === 'postgres'
      ? sql`from (${matches(database, terms, list)} offset 0) m join lateral (select * from ${sql.table(table)} where ${key} = m.__line and ${compiled.where} offset 0) as ${sql.table(table)} on true`
      : sql`from ${sql.table(table)} join (${matches(database, terms, list)}) m on m.__line = ${key} where ${compiled.where}`;
  // The page's lines first (id, code, rank), then their fields for those lines only: the matches
  // are sorted with four small columns each, not every field. The database returns the page as one JSON
  // array of arrays: building 15 rows of 28 columns as JavaScript objects, and passing them from the
  // worker thread, took a third of a SQLite search's time.
  const values = sql.join([...selection, sql`p.__code`, sql`p.__rank`, sql`p.__total`]);
  const lines =
    database.dialect === 'sqlite'
      ? sql`json_group_array(json_array(${values}) order by ${pageOrder})`
      : sql`json_agg(json_build_array(${values}) order by ${pageOrder})`;
  const build = (terms: MatchTerms) =>
    sql<PageStatementRow>`select ${lines} as __rows from (select ${sql.ref(`${table}.id`)} as __id, ${sql.ref(`${table}.code`)} as __code, m.__rank as __rank, count(*) over () as __total ${from(terms)} order by ${order} limit ${compiled.limit} offset ${compiled.offset}) p join ${sql.table(table)} on ${sql.ref(`${table}.id`)} = p.__id`.compile(
      database.db,
    );
  // On PostgreSQL a single word has no phrase score, so its statement differs.
  const withPhrase = build({ words: WORDS, phrase: PHRASE });
  const withoutPhrase = database.dialect === 'postgres' ? build({ words: WORDS, phrase: null }) : withPhrase;
  return {
    compiled,
    from,
    page(terms) {
      const statement = terms.phrase === null ? withoutPhrase : withPhrase;
      const parameters = statement.parameters.map((value) => (value === WORDS ? terms.words : value === PHRASE ? terms.phrase : value));
      return { ...statement, parameters };
    },
  };
}

/**
 * The keyword search of an entity, with the request's other restrictions, sort and page: the tariff
 * lines through their documents (documents.ts), any other list through its rows' (lists.ts).
 */
export async function keywordSearch(
  database: Database,
  definition: EntityDefinition,
  request: KeywordSearchRequest,
  /** With a language, each result carries its HS texts in it (`hs`), from the HS texts held in memory (hs-text-index.ts). */
  language?: SearchLanguage,
): Promise<SearchResult> {
  if (request.distinct) throw new RequestError('distinct cannot be combined with keywords', 'distinct');
  const statements = keptStatements(database, definition, request, await hsTextSortLanguage(database, definition, language));
  const { compiled } = statements;
  const groups = queryGroups(request.keywords ?? '');
  if (groups.length === 0) return { resultList: [], totalCount: 0 };
  const run = async (mode: MatchMode) => {
    const terms = matchTerms(database, groups, mode);
    const rows = compiled.limit === 0 ? [] : pageRows((await database.read(statements.page(terms)))[0]?.__rows);
    const total =
      rows.length > 0
        ? Number(rows[0][TOTAL + compiled.fields.length])
        : compiled.limit > 0 && compiled.offset === 0
          ? 0
          : Number(
              (await sql<{ total: number }>`select count(*) as total ${statements.from(terms)}`.execute(database.db)).rows[0]?.total ?? 0,
            );
    return { rows, total };
  };
  // No line has every word: first the lines with all words but one (fewer, and the better matches), then
  // those with any of them; more and rarer words rank first either way.
  let found = await run('all');
  if (found.total === 0 && groups.length > 2) found = await run('most');
  if (found.total === 0 && groups.length > 1) found = await run('any');
  const { rows, total } = found;
  const count = compiled.fields.length;
  const resultList = rows.map((row) => {
    const result: Record<string, unknown> = {};
    compiled.fields.forEach((field, position) => {
      const value = row[position];
      result[field.name] = value === null || value === undefined ? null : field.type === 'boolean' ? Boolean(Number(value)) : value;
    });
    Object.defineProperty(result, LINE_CODE, { value: String(row[CODE + count]), enumerable: false });
    result.relevance = Math.round(-Number(row[RANK + count]) * 10000) / 10000;
    return result;
  });
  if (language !== undefined) await withHsTexts(database, resultList, language);
  return { totalCount: total, resultList };
}

/** Where a page row has its code, rank and count, after its fields. */
const CODE = 0;
const RANK = 1;
const TOTAL = 2;

/** A page's rows from its statement's one row. */
function pageRows(value: PageStatementRow['__rows'] | undefined): PageRow[] {
  return typeof value === 'string' ? (JSON.parse(value) as PageRow[]) : (value ?? []);
}

/** The line code of a keyword result, kept out of its JSON (selectFields may leave code out). */
const LINE_CODE = Symbol('line');

/** HS texts of chapters, headings and subheadings in a language, English where it has none. */
export async function hsTexts(database: Database, codes: string[], language: SearchLanguage): Promise<Map<string, HsText>> {
  const found = new Map<string, HsText>();
  if (codes.length === 0) return found;
  const { english, translated } = await hsTextIndex(database);
  const own = language === 'en' ? undefined : translated.get(language);
  for (const code of codes) {
    const text = own?.get(code) ?? english.get(code);
    if (text) found.set(code, text);
  }
  return found;
}

/**
 * Adds to each row the HS texts of its chapter, heading and subheading in the language (`hs`): a
 * subheading text is often a fragment ("Autres"), to be shown under its heading.
 */
export async function withHsTexts(database: Database, rows: Array<Record<string, unknown>>, language: SearchLanguage): Promise<void> {
  const lineOf = (row: Record<string, unknown>) => {
    const code = (row as Record<symbol, unknown>)[LINE_CODE] ?? row.code;
    return typeof code === 'string' && /^\d{6,}$/.test(code) ? code : undefined;
  };
  const codes = new Set<string>();
  for (const row of rows) {
    const line = lineOf(row);
    if (line) for (const length of [2, 4, 6]) codes.add(line.slice(0, length));
  }
  const texts = await hsTexts(database, [...codes], language);
  for (const row of rows) {
    const line = lineOf(row);
    if (!line) continue;
    row.hs = {
      chapter: texts.get(line.slice(0, 2)) ?? null,
      heading: texts.get(line.slice(0, 4)) ?? null,
      subheading: texts.get(line.slice(0, 6)) ?? null,
    };
  }
}

/**
 * The language whose HS texts a page shows for the tariff lines (one hs_text has), in which their
 * descriptions then sort; none in English and Bengali, whose pages show the national text.
 */
async function hsTextSortLanguage(database: Database, definition: EntityDefinition, language: string | undefined) {
  if (definition.name !== 'commodity' || language === undefined || language === 'en') return undefined;
  return (await hsTextIndex(database)).translated.has(language) ? language : undefined;
}

/** The tariff (commodity) search: keyword search when the request has keywords, the spec's search otherwise; HS texts when it names a language. */
export async function tariffSearch(database: Database, definition: EntityDefinition, request: KeywordSearchRequest): Promise<SearchResult> {
  const { lang } = request;
  if (lang !== undefined && !isSearchLanguage(lang)) throw new RequestError(`lang must be one of en, fr, es, ar, bn`, 'lang');
  if (request.keywords !== undefined) return keywordSearch(database, definition, request, lang);
  const result = await runSearch(database, definition, request, { hsTextLanguage: await hsTextSortLanguage(database, definition, lang) });
  if (lang !== undefined) await withHsTexts(database, result.resultList, lang);
  return result;
}
