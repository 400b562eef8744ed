import { sql, type RawBuilder } from 'kysely';
import { textIndexOf, type Database, type DialectName } from '../db/database.js';
import { columnOf, fieldOf, restrictionFieldOf, type EntityDefinition, type FieldDefinition } from './registry.js';
import { isCalendarDate, RequestError, validityDateOf } from '../http/request.js';

export const OPERATORS = [
  'EQUALS',
  'NOT_EQUALS',
  'IN',
  'NOT_IN',
  'IS_NULL',
  'IS_NOT_NULL',
  'STARTS_WITH',
  'CONTAINS',
  'ENDS_WITH',
  'GREATER_THAN',
  'LESS_THAN',
  'BETWEEN',
  'EMPTY',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type Scalar = string | number | boolean | null;

export interface Restriction {
  field: string;
  operator: Operator;
  value?: Scalar;
  values?: Scalar[];
  valueTo?: Scalar;
}

export interface SortField {
  field: string;
  order?: 'ASC' | 'DESC' | 'asc' | 'desc';
}

export interface SearchRequest {
  max?: number;
  offset?: number;
  distinct?: boolean;
  restrictBy?: 'AND' | 'OR';
  selectFields?: string[];
  restrictions?: Restriction[];
  sortByFields?: Array<string | SortField>;
  meta?: { validityDate?: string };
}

export interface SearchResult {
  resultList: Array<Record<string, unknown>>;
  totalCount: number;
}

export const MAX_RESULTS = 10000;
/**
 * Values one search may list in all its restrictions (IN, NOT_IN): each is a bound parameter, and a statement
 * may hold at most 32766 of them on SQLite (65535 on PostgreSQL). One list holds at most 1000 (the schema).
 */
export const MAX_LIST_VALUES = 5000;
/** Page sizes of the spec's search helper when a request names none. */
export function defaultMax(definition: EntityDefinition): number {
  return definition.name === 'commodity' ? 15 : 5000;
}

function field(definition: EntityDefinition, name: string, where: string): FieldDefinition {
  const found = fieldOf(definition, name);
  if (!found) throw new RequestError(`${where}: unknown field ${JSON.stringify(name).slice(0, 80)} for ${definition.name}`, where);
  return found;
}

/** Checks a value against a field's type and converts it to what the column stores. */
function parameter(definition: FieldDefinition, value: Scalar | undefined, where: string): string | number {
  if (value === undefined || value === null) throw new RequestError(`${where} needs a value`, where);
  switch (definition.type) {
    case 'string':
      if (typeof value !== 'string') throw new RequestError(`${where} must be a string for field ${definition.name}`, where);
      if (value.includes('\u0000')) throw new RequestError(`${where} must not contain NUL characters`, where);
      return value;
    case 'date':
      if (typeof value !== 'string' || !isCalendarDate(value))
        throw new RequestError(`${where} must be a date YYYY-MM-DD for field ${definition.name}`, where);
      return value;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value))
        throw new RequestError(`${where} must be a number for field ${definition.name}`, where);
      return value;
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        throw new RequestError(`${where} must be an integer for field ${definition.name}`, where);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') throw new RequestError(`${where} must be true or false for field ${definition.name}`, where);
      return value ? 1 : 0;
  }
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The smallest string greater than every string starting with prefix (binary order). */
function prefixUpperBound(prefix: string): string | undefined {
  const last = prefix.charCodeAt(prefix.length - 1);
  if (prefix.length === 0 || last >= 0xd7ff) return undefined;
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Operators of a restriction-only field over several fields: those where matching any of them is the meaning. */
const ANY_OF_OPERATORS: Operator[] = ['EQUALS', 'IN', 'STARTS_WITH', 'CONTAINS', 'ENDS_WITH'];

function condition(definition: EntityDefinition, restriction: Restriction, where: string, dialect: DialectName): RawBuilder<unknown> {
  const target = restrictionFieldOf(definition, restriction.field);
  if (!target)
    throw new RequestError(
      `${where}.field: unknown field ${JSON.stringify(restriction.field).slice(0, 80)} for ${definition.name}`,
      `${where}.field`,
    );
  if (target.anyOf) {
    if (!ANY_OF_OPERATORS.includes(restriction.operator))
      throw new RequestError(
        `${where}.operator must be one of ${ANY_OF_OPERATORS.join(', ')} for field ${target.name}`,
        `${where}.operator`,
      );
    const parts = target.anyOf.map((name) => condition(definition, { ...restriction, field: name }, where, dialect));
    return sql`(${sql.join(parts, sql` or `)})`;
  }
  const column = sql.ref(columnOf(target));
  const textual = target.type === 'string' || target.type === 'date';
  const single = () => {
    const value = restriction.value ?? (restriction.values?.length === 1 ? restriction.values[0] : undefined);
    return parameter(target, value, `${where}.value`);
  };
  const list = () => {
    const values = restriction.values ?? (restriction.value !== undefined && restriction.value !== null ? [restriction.value] : []);
    if (values.length === 0)
      throw new RequestError(`${where}.values must hold at least one value for ${restriction.operator}`, `${where}.values`);
    return values.map((value, index) => parameter(target, value, `${where}.values[${index}]`));
  };
  const like = (pattern: (value: string) => string) => {
    if (!textual)
      throw new RequestError(
        `${where}.operator ${restriction.operator} applies to text fields only, not ${target.name}`,
        `${where}.operator`,
      );
    const value = String(single());
    const escaped = pattern(escapeLike(value));
    // Case-insensitive: PostgreSQL's ILIKE; SQLite's LIKE already ignores (ASCII) case.
    const matches = dialect === 'postgres' ? sql`${column} ilike ${escaped} escape '\\'` : sql`${column} like ${escaped} escape '\\'`;
    // SQLite: descriptions have a trigram index; it serves patterns of 3+ characters without wildcards to escape.
    if (dialect === 'sqlite' && target.name === 'description' && value.length >= 3 && !/[\\%_]/.test(value)) {
      const index = sql.id(textIndexOf(definition.table));
      return sql`(${sql.ref('id')} in (select rowid from ${index} where ${index}.description like ${pattern(value)}) and ${matches})`;
    }
    return matches;
  };
  switch (restriction.operator) {
    case 'EQUALS':
      return sql`${column} = ${single()}`;
    case 'NOT_EQUALS':
      return sql`${column} <> ${single()}`;
    case 'IN':
      return sql`${column} in (${sql.join(list())})`;
    case 'NOT_IN':
      return sql`${column} not in (${sql.join(list())})`;
    case 'IS_NULL':
      return sql`${column} is null`;
    case 'IS_NOT_NULL':
      return sql`${column} is not null`;
    case 'EMPTY':
      return textual ? sql`(${column} is null or ${column} = '')` : sql`${column} is null`;
    case 'STARTS_WITH': {
      const value = restriction.value;
      const matches = like((escaped) => `${escaped}%`);
      // A prefix without upper/lower case forms can also use the column's index.
      if (typeof value === 'string' && value.length > 0 && value.toLowerCase() === value.toUpperCase()) {
        const upper = prefixUpperBound(value);
        if (upper) return sql`(${column} >= ${value} and ${column} < ${upper} and ${matches})`;
      }
      return matches;
    }
    case 'CONTAINS':
      return like((escaped) => `%${escaped}%`);
    case 'ENDS_WITH':
      return like((escaped) => `%${escaped}`);
    case 'GREATER_THAN':
      return sql`${column} > ${single()}`;
    case 'LESS_THAN':
      return sql`${column} < ${single()}`;
    case 'BETWEEN': {
      const from = single();
      const to = parameter(target, restriction.valueTo, `${where}.valueTo`);
      return sql`${column} between ${from} and ${to}`;
    }
    default:
      throw new RequestError(
        `${where}.operator: unknown operator ${JSON.stringify(restriction.operator).slice(0, 40)}`,
        `${where}.operator`,
      );
  }
}

function outputRow(fields: FieldDefinition[], row: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const item of fields) {
    const value = row[item.name];
    result[item.name] = value === null || value === undefined ? null : item.type === 'boolean' ? Boolean(Number(value)) : value;
  }
  return result;
}

export interface OrderItem {
  column: string;
  descending: boolean;
  /** Digits only, compared as numbers (codes of entities with numericCodes). */
  numeric?: boolean;
  /**
   * A tariff line's description as a page in this language shows it: its heading's HS text, then its
   * subheading's (hs_text, English where the language has none), then the national text.
   */
  hsText?: { language: string; table: string };
}

/** The HS text of the heading (4) or subheading (6) of a line code, in a language or else in English. */
function hsTextOf(code: RawBuilder<unknown>, length: 4 | 6, language: string): RawBuilder<unknown> {
  const prefix = sql`substr(${code}, 1, ${sql.lit(length)})`;
  return sql`coalesce((select t.description from hs_text t where t.language = ${sql.lit(language)} and t.code = ${prefix}), (select n.description from ref_hs_nomenclature n where n.code = ${prefix} limit 1))`;
}

/**
 * The ORDER BY terms of order items (columns qualified by `table` when given). A numeric column sorts
 * codes holding other than digits last, then by length and text: 1, 2, 10, 100.
 */
export function orderTerms(order: OrderItem[], dialect: DialectName, table?: string): RawBuilder<unknown>[] {
  return order.flatMap((item) => {
    const column = sql.ref(table ? `${table}.${item.column}` : item.column);
    const direction = sql.raw(item.descending ? 'desc nulls last' : 'asc nulls first');
    if (item.hsText) {
      const code = sql.ref(`${item.hsText.table}.code`);
      const { language } = item.hsText;
      return [
        sql`${hsTextOf(code, 4, language)} ${direction}`,
        sql`${hsTextOf(code, 6, language)} ${direction}`,
        sql`${column} ${direction}`,
      ];
    }
    if (!item.numeric) return [sql`${column} ${direction}`];
    const notDigits = dialect === 'postgres' ? sql`(${column} ~ '[^0-9]')` : sql`(${column} glob '*[^0-9]*')`;
    return [sql`${notDigits} ${direction}`, sql`length(${column}) ${direction}`, sql`${column} ${direction}`];
  });
}

export interface CompiledSearch {
  fields: FieldDefinition[];
  where: RawBuilder<unknown>;
  order: OrderItem[];
  limit: number;
  offset: number;
  distinct: boolean;
}

/** Validates a search request against the registry and turns it into parameterised SQL pieces. */
export function compileSearch(
  definition: EntityDefinition,
  request: SearchRequest,
  dialect: DialectName,
  /** The language of the page that shows the tariff lines: their descriptions sort as it shows them (OrderItem.hsText). */
  hsTextLanguage?: string,
): CompiledSearch {
  const limit = request.max ?? defaultMax(definition);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_RESULTS)
    throw new RequestError(`max must be an integer from 0 to ${MAX_RESULTS}`, 'max');
  const offset = request.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0) throw new RequestError('offset must be a non-negative integer', 'offset');
  const distinct = request.distinct === true;

  const selectNames =
    request.selectFields && request.selectFields.length > 0 ? [...new Set(request.selectFields)] : definition.defaultSelect;
  const fields = selectNames.map((name, index) => field(definition, name, `selectFields[${index}]`));

  const validityDate = validityDateOf(request.meta?.validityDate);
  const restrictions =
    request.restrictions && request.restrictions.length > 0 ? request.restrictions : [{ field: 'code', operator: 'IS_NOT_NULL' as const }];
  let listed = 0;
  restrictions.forEach((restriction, index) => {
    listed += Array.isArray(restriction.values) ? restriction.values.length : 0;
    if (listed > MAX_LIST_VALUES)
      throw new RequestError(
        `restrictions[${index}].values: one search may list at most ${MAX_LIST_VALUES} values in all its restrictions`,
        `restrictions[${index}].values`,
      );
  });
  const parts = restrictions.map((restriction, index) => condition(definition, restriction, `restrictions[${index}]`, dialect));
  const joined = sql.join(parts, request.restrictBy === 'AND' ? sql` and ` : sql` or `);
  const where = sql`(${joined}) and ${sql.ref('validFrom')} <= ${validityDate} and (${sql.ref('validTo')} is null or ${sql.ref('validTo')} >= ${validityDate})`;

  const requestedSort = (request.sortByFields ?? []).map((item, index) => {
    const name = typeof item === 'string' ? item : item.field;
    const order = typeof item === 'string' ? 'ASC' : (item.order ?? 'ASC').toUpperCase();
    return { field: field(definition, name, `sortByFields[${index}]`), descending: order === 'DESC' };
  });
  const sort =
    requestedSort.length > 0
      ? requestedSort
      : definition.defaultSort.map((name) => ({ field: field(definition, name, 'defaultSort'), descending: false }));
  let order: OrderItem[] = sort.map((item) => ({
    column: columnOf(item.field),
    descending: item.descending,
    // (PostgreSQL sorts a distinct selection by its selected columns only.)
    numeric: definition.numericCodes && item.field.name === 'code' && !distinct,
    ...(hsTextLanguage && definition.name === 'commodity' && item.field.name === 'description' && !distinct
      ? { hsText: { language: hsTextLanguage, table: definition.table } }
      : {}),
  }));
  if (distinct) {
    const selectedColumns = new Set(fields.map(columnOf));
    const outside = requestedSort.find((item) => !selectedColumns.has(columnOf(item.field)));
    if (outside)
      throw new RequestError(`sortByFields: ${outside.field.name} must also be in selectFields when distinct is true`, 'sortByFields');
    order = order.filter((item) => selectedColumns.has(item.column));
    if (order.length === 0) order = [{ column: columnOf(fields[0]), descending: false }];
  } else {
    order.push({ column: 'id', descending: false });
  }
  return { fields, where, order, limit, offset, distinct };
}

/** Column alias of the window count (registered field names never start with an underscore). */
const WINDOW_TOTAL = '__total';

export async function runSearch(
  database: Database,
  definition: EntityDefinition,
  request: SearchRequest,
  options: { count?: boolean; hsTextLanguage?: string } = {},
): Promise<SearchResult> {
  const { db } = database;
  const compiled = compileSearch(definition, request, database.dialect, options.hsTextLanguage);
  const selection = compiled.fields.map((item) => sql.ref(columnOf(item)).as(item.name));
  const base = () => {
    const query = db.selectFrom(definition.table).where(compiled.where as RawBuilder<boolean>);
    return compiled.distinct ? query.select(selection).distinct() : query;
  };
  const countQuery = compiled.distinct
    ? db.selectFrom(base().as('matches')).select(sql<string | number>`count(*)`.as('total'))
    : base().select(sql<string | number>`count(*)`.as('total'));
  // PostgreSQL counts in the same scan (window function); SQLite's second query is as cheap.
  const windowCount = database.dialect === 'postgres' && !compiled.distinct && options.count !== false;
  const pageSelection = windowCount ? [...selection, sql<string>`count(*) over ()`.as(WINDOW_TOTAL)] : selection;
  const rows =
    compiled.limit === 0
      ? []
      : await (compiled.distinct ? base() : base().select(pageSelection))
          .orderBy(sql.join(orderTerms(compiled.order, database.dialect)))
          .limit(compiled.limit)
          .offset(compiled.offset)
          .execute();
  // A first page shorter than max is the whole result: no need to count.
  const complete = compiled.offset === 0 && rows.length > 0 && rows.length < compiled.limit;
  let total: number;
  if (complete || options.count === false) total = rows.length;
  else if (windowCount && rows.length > 0) total = Number((rows[0] as Record<string, unknown>)[WINDOW_TOTAL]);
  else if (windowCount && compiled.limit > 0 && compiled.offset === 0) total = 0;
  else total = Number((await countQuery.executeTakeFirst())?.total ?? 0);
  return {
    totalCount: total,
    resultList: (rows as Array<Record<string, unknown>>).map((row) => outputRow(compiled.fields, row)),
  };
}

/** One record by its key fields, valid on the given date. */
export async function findOne(
  database: Database,
  definition: EntityDefinition,
  key: string[],
  validityDate: string,
): Promise<Record<string, unknown> | undefined> {
  const restrictions: Restriction[] = definition.key.map((name, index) => ({ field: name, operator: 'EQUALS', value: key[index] }));
  const result = await runSearch(
    database,
    definition,
    { restrictions, restrictBy: 'AND', max: 1, meta: { validityDate } },
    { count: false },
  );
  return result.resultList[0];
}
