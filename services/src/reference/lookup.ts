import type { Database } from '../db/database.js';
import { MAX_RESULTS, runSearch, type Restriction } from './query.js';
import { ENTITIES } from './registry.js';

/** Codes per IN list: far below SQLite's and PostgreSQL's bound-parameter limits. */
const CODES_PER_QUERY = 500;

function definitionOf(entity: string) {
  const definition = ENTITIES.get(entity);
  if (!definition) throw new Error(`Unknown reference entity ${entity}`);
  return definition;
}

/** Records of an entity valid on a date whose `field` is one of `values`, keyed by that field (first record wins). */
export async function lookupBy(
  database: Database,
  entity: string,
  values: Iterable<string>,
  validityDate: string,
  options: { field?: string; selectFields?: string[] } = {},
): Promise<Map<string, Record<string, unknown>>> {
  const definition = definitionOf(entity);
  const field = options.field ?? 'code';
  const unique = [...new Set(values)];
  const found = new Map<string, Record<string, unknown>>();
  for (let start = 0; start < unique.length; start += CODES_PER_QUERY) {
    const chunk = unique.slice(start, start + CODES_PER_QUERY);
    const restrictions: Restriction[] = [{ field, operator: 'IN', values: chunk }];
    const { resultList } = await runSearch(
      database,
      definition,
      { restrictions, max: MAX_RESULTS, selectFields: options.selectFields, meta: { validityDate } },
      { count: false },
    );
    for (const row of resultList) {
      const key = String(row[field]);
      if (!found.has(key)) found.set(key, row);
    }
  }
  return found;
}

/** Every record of a (small) entity valid on a date. */
export async function allOf(
  database: Database,
  entity: string,
  validityDate: string,
  selectFields?: string[],
): Promise<Array<Record<string, unknown>>> {
  const { resultList } = await runSearch(
    database,
    definitionOf(entity),
    { max: MAX_RESULTS, selectFields, meta: { validityDate } },
    { count: false },
  );
  return resultList;
}
