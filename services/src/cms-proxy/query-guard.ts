import {
  Kind,
  parse,
  valueFromASTUntyped,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import {
  type TypeShape,
  ROOT_ARGUMENTS,
  type RootField,
  ROOT_FIELDS,
  DRAFT_ARGUMENTS,
  INTROSPECTION_FIELDS,
  LOGICAL_FILTERS,
  FILTER_OPERATORS,
} from './public-schema.js';

/**
 * What the public content endpoint accepts. The site's own queries set these numbers: the per-language
 * content query of gatsby-node.ts (the site build reads the CMS directly, but the same query through the
 * portal must stay possible at the public page size) and the reads of tests/e2e/content.ts and http.spec.ts.
 */
export const LIMITS = {
  /** Query text, in bytes: the site's largest query is under 1 KB. */
  maxQueryBytes: 20 * 1024,
  /** Whole request body (query, variables, operation name), in bytes. */
  maxBodyBytes: 32 * 1024,
  /** Tokens the parser reads before giving up (a 20 KB query of real fields has about 3,000). */
  maxTokens: 5000,
  /**
   * Nesting of fields, the root field counting 1: the site's deepest is newsArticles { image { url } } (3);
   * 4 admits the paged form newsArticles_connection { nodes { image { url } } }.
   */
  maxDepth: 4,
  /** Aliased fields (after fragments are expanded): the site uses none; a few let a reader ask two languages at once. */
  maxAliases: 5,
  /** Root fields in one operation: the site's content query reads 5 (news, pages, FAQ, downloads, home page). */
  maxRootFields: 6,
  /**
   * Rows one list may ask for (pagination limit or pageSize): the CMS's default page (defaultLimit in
   * cms/config/plugins.ts), above any one language's news, pages, FAQ or downloads today; readers page past it.
   */
  maxPageSize: 100,
  /**
   * Cost: every field counts once per row its list root returns (a list without pagination returns
   * maxPageSize rows). The site's whole per-language content query at 100 rows a list costs 2,305.
   */
  maxCost: 2500,
  /** Nesting of an introspection query (outside production): graphql's own getIntrospectionQuery() needs 15. */
  maxIntrospectionDepth: 15,
  /** Selections visited while checking a query (bounds the work of fragments spread many times). */
  maxSteps: 20_000,
  /**
   * Nesting of a filter's and / or / not: the CMS's work grows with its square (700 levels held it for 6 s).
   * The site filters by one attribute; a reader may combine a few.
   */
  maxFilterDepth: 4,
  /** Conditions in one filter, and values of one in / notIn (1,000 or-ed conditions overflowed the CMS's SQL). */
  maxFilterConditions: 50,
  /** Nesting of the variables object (the depth a filter may use, and some room). */
  maxVariablesDepth: 16,
} as const;

/** A request the endpoint refuses; the message says what was refused. */
export class QueryRefused extends Error {}

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** Reads a JSON body or query string into a GraphQL request; refuses batches and malformed fields. */
export function readRequest(input: unknown): GraphqlRequest {
  if (Array.isArray(input)) throw new QueryRefused('batched queries are not accepted: send one query per request');
  if (typeof input !== 'object' || input === null) throw new QueryRefused('the request must be a JSON object with a query');
  const { query, variables, operationName } = input as Record<string, unknown>;
  if (query === undefined || query === null || query === '') throw new QueryRefused('query is missing');
  if (typeof query !== 'string') throw new QueryRefused('query must be a string');
  if (Buffer.byteLength(query) > LIMITS.maxQueryBytes) {
    throw new QueryRefused(`query is over ${LIMITS.maxQueryBytes} bytes`);
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) {
    throw new QueryRefused('variables must be a JSON object');
  }
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    throw new QueryRefused('operationName must be a string');
  }
  if (variables && depthOf(variables) > LIMITS.maxVariablesDepth) {
    throw new QueryRefused(`variables are nested deeper than ${LIMITS.maxVariablesDepth} levels`);
  }
  return {
    query,
    ...(variables ? { variables: variables as Record<string, unknown> } : {}),
    ...(typeof operationName === 'string' ? { operationName } : {}),
  };
}

/** How deeply a JSON value nests objects and arrays (without recursion: any depth is measured). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > LIMITS.maxVariablesDepth) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

interface Walk {
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  introspection: boolean;
  aliases: number;
  cost: number;
  steps: number;
  rootFields: number;
}

/**
 * Refuses (QueryRefused) anything but read-only queries of published public content within the limits:
 * mutations and subscriptions, drafts, introspection unless allowed, other root fields or arguments,
 * and queries too deep, too wide or too costly.
 */
export function checkQuery(request: GraphqlRequest, options: { introspection: boolean }): void {
  let document: DocumentNode;
  try {
    document = parse(request.query, { noLocation: true, maxTokens: LIMITS.maxTokens });
  } catch (error) {
    throw new QueryRefused(`query is not valid GraphQL: ${(error as Error).message}`);
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind === Kind.OPERATION_DEFINITION) operations.push(definition);
    else throw new QueryRefused('only queries and fragments are accepted');
  }
  if (operations.length === 0) throw new QueryRefused('the document has no query');
  for (const operation of operations) {
    if (operation.operation !== 'query') {
      throw new QueryRefused(`${operation.operation} operations are not accepted: this endpoint only reads published content`);
    }
  }
  for (const operation of operations) {
    // No prototype: a variable named __proto__ or constructor is a variable like any other.
    const variables: Record<string, unknown> = Object.create(null);
    for (const definition of operation.variableDefinitions ?? []) {
      if (definition.defaultValue) variables[definition.variable.name.value] = valueFromASTUntyped(definition.defaultValue);
    }
    Object.assign(variables, request.variables ?? {});
    const walk: Walk = { fragments, variables, introspection: options.introspection, aliases: 0, cost: 0, steps: 0, rootFields: 0 };
    measure(operation.selectionSet, walk, new Set(), 1, LIMITS.maxDepth);
    visitRoot(operation.selectionSet, walk, new Set());
  }
}

/** Calls `visit` on each field of a selection set, fragments expanded. */
function eachField(selectionSet: SelectionSetNode, walk: Walk, spreading: Set<string>, visit: (field: FieldNode) => void): void {
  for (const selection of selectionSet.selections) {
    if (++walk.steps > LIMITS.maxSteps) throw new QueryRefused('the query is too complex');
    if (selection.kind === Kind.FIELD) {
      visit(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      eachField(selection.selectionSet, walk, spreading, visit);
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments.get(name);
      if (!fragment) throw new QueryRefused(`fragment ${name} is not defined`);
      if (spreading.has(name)) throw new QueryRefused(`fragment ${name} spreads itself`);
      spreading.add(name);
      eachField(fragment.selectionSet, walk, spreading, visit);
      spreading.delete(name);
    }
  }
}

/**
 * First pass, whatever the fields: introspection, nesting and aliases. Introspection (when allowed)
 * has its own nesting limit, as the schema's description nests types in types.
 */
function measure(selectionSet: SelectionSetNode, walk: Walk, spreading: Set<string>, depth: number, maxDepth: number): void {
  eachField(selectionSet, walk, spreading, (field) => {
    const name = field.name.value;
    let limit = maxDepth;
    if (INTROSPECTION_FIELDS.includes(name)) {
      if (!walk.introspection) throw new QueryRefused(`introspection (${name}) is not available`);
      if (depth !== 1) throw new QueryRefused(`introspection (${name}) is only available at the root`);
      limit = LIMITS.maxIntrospectionDepth;
    }
    if (depth > limit) throw new QueryRefused(`the query is nested deeper than ${limit} levels`);
    if (field.alias && ++walk.aliases > LIMITS.maxAliases) {
      throw new QueryRefused(`too many aliases: at most ${LIMITS.maxAliases} in one query`);
    }
    if (field.selectionSet) measure(field.selectionSet, walk, spreading, depth + 1, limit);
  });
}

function visitRoot(selectionSet: SelectionSetNode, walk: Walk, spreading: Set<string>): void {
  eachField(selectionSet, walk, spreading, (field) => {
    const name = field.name.value;
    if (name === '__typename') return;
    if (++walk.rootFields > LIMITS.maxRootFields) {
      throw new QueryRefused(`too many root fields: at most ${LIMITS.maxRootFields} in one query`);
    }
    checkDraftArguments(field, walk);
    // Introspection (allowed outside production) was measured in the first pass.
    if (INTROSPECTION_FIELDS.includes(name)) return;
    const root = Object.hasOwn(ROOT_FIELDS, name) ? ROOT_FIELDS[name] : undefined;
    if (!root) throw new QueryRefused(`${name} is not public content`);
    const rows = checkRootArguments(field, root, walk);
    addCost(walk, rows);
    if (!field.selectionSet) throw new QueryRefused(`${name} needs a selection of fields`);
    visitObject(field.selectionSet, root.type, walk, spreading, rows);
  });
}

function visitObject(selectionSet: SelectionSetNode, type: TypeShape, walk: Walk, spreading: Set<string>, rows: number): void {
  eachField(selectionSet, walk, spreading, (field) => {
    const name = field.name.value;
    checkDraftArguments(field, walk);
    if (name === '__typename') return addCost(walk, rows);
    const shape = Object.hasOwn(type.fields, name) ? type.fields[name] : undefined;
    if (!shape) throw new QueryRefused(`${type.name}.${name} is not public content`);
    const argument = field.arguments?.[0];
    if (argument) throw new QueryRefused(`argument ${argument.name.value} is not accepted on ${type.name}.${name}`);
    addCost(walk, rows);
    if (shape === 'leaf') {
      if (field.selectionSet) throw new QueryRefused(`${type.name}.${name} has no fields to select`);
    } else {
      if (!field.selectionSet) throw new QueryRefused(`${type.name}.${name} needs a selection of fields`);
      visitObject(field.selectionSet, shape, walk, spreading, rows);
    }
  });
}

function addCost(walk: Walk, rows: number): void {
  walk.cost += rows;
  if (walk.cost > LIMITS.maxCost) {
    throw new QueryRefused(`the query asks for too much at once (cost over ${LIMITS.maxCost}): ask for fewer rows or fields`);
  }
}

function argumentValue(argument: ArgumentNode, walk: Walk): unknown {
  return valueFromASTUntyped(argument.value, walk.variables);
}

/** `status` other than PUBLISHED, and Strapi's arguments that pick documents by publication history, reach drafts. */
function checkDraftArguments(field: FieldNode, walk: Walk): void {
  for (const argument of field.arguments ?? []) {
    const name = argument.name.value;
    if (name === 'status') {
      const value = argumentValue(argument, walk);
      if (value !== undefined && value !== 'PUBLISHED') {
        throw new QueryRefused(`status ${JSON.stringify(value)} is not accepted on ${field.name.value}: only PUBLISHED content is public`);
      }
    } else if (DRAFT_ARGUMENTS.includes(name)) {
      throw new QueryRefused(`argument ${name} is not accepted on ${field.name.value}: only published content is public`);
    }
  }
}

/** Checks a root field's arguments; returns the number of rows it may return. */
function checkRootArguments(field: FieldNode, root: RootField, walk: Walk): number {
  const name = field.name.value;
  let rows: number = root.kind === 'list' || root.kind === 'connection' ? LIMITS.maxPageSize : 1;
  for (const argument of field.arguments ?? []) {
    const argumentName = argument.name.value;
    if (argumentName === 'status') continue;
    if (!ROOT_ARGUMENTS[root.kind].includes(argumentName)) {
      throw new QueryRefused(`argument ${argumentName} is not accepted on ${name}`);
    }
    const value = argumentValue(argument, walk);
    if (value === undefined || value === null) continue;
    if (argumentName === 'pagination') rows = checkPagination(value, name);
    else if (argumentName === 'filters') checkFilters(value, root.type.scalars, name, { depth: 0, conditions: 0 });
    else if (argumentName === 'sort') checkSort(value, root.type.scalars, name);
    else if (typeof value !== 'string') throw new QueryRefused(`${argumentName} on ${name} must be a string`);
  }
  return rows;
}

function checkPagination(value: unknown, field: string): number {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new QueryRefused(`pagination on ${field} must be an object`);
  }
  let rows: number = LIMITS.maxPageSize;
  for (const [key, size] of Object.entries(value)) {
    if (!['page', 'pageSize', 'start', 'limit'].includes(key)) throw new QueryRefused(`pagination.${key} is not accepted on ${field}`);
    if (size === null || size === undefined) continue;
    if (!Number.isInteger(size) || (size as number) < 0) {
      throw new QueryRefused(`pagination.${key} on ${field} must be a non-negative integer`);
    }
    if (key === 'limit' || key === 'pageSize') {
      if ((size as number) < 1 || (size as number) > LIMITS.maxPageSize) {
        throw new QueryRefused(`pagination.${key} on ${field} must be between 1 and ${LIMITS.maxPageSize}`);
      }
      rows = size as number;
    }
  }
  return rows;
}

/** How far a filter has nested and how many conditions it has named so far. */
interface FilterCount {
  depth: number;
  conditions: number;
}

/** One more and / or / not level, or one more condition, within the limits. */
function nest(count: FilterCount, field: string): FilterCount {
  if (count.depth >= LIMITS.maxFilterDepth) {
    throw new QueryRefused(`filters on ${field} nest and, or and not deeper than ${LIMITS.maxFilterDepth} levels`);
  }
  return { ...count, depth: count.depth + 1 };
}

function condition(count: FilterCount, field: string): void {
  if (++count.conditions > LIMITS.maxFilterConditions) {
    throw new QueryRefused(`filters on ${field} have more than ${LIMITS.maxFilterConditions} conditions`);
  }
}

/** Filters may name the type's own attributes only: a filter through a relation could reach draft rows. */
function checkFilters(value: unknown, scalars: string[], field: string, count: FilterCount): void {
  if (Array.isArray(value)) {
    for (const item of value) checkFilters(item, scalars, field, count);
    return;
  }
  if (typeof value !== 'object' || value === null) throw new QueryRefused(`filters on ${field} must be an object`);
  for (const [key, operand] of Object.entries(value)) {
    if (LOGICAL_FILTERS.includes(key)) {
      const inner = nest(count, field);
      checkFilters(operand, scalars, field, inner);
      count.conditions = inner.conditions;
    } else if (scalars.includes(key)) checkOperators(operand, `filters.${key}`, field, count);
    else throw new QueryRefused(`filters.${key} is not accepted on ${field}`);
  }
}

function checkOperators(value: unknown, path: string, field: string, count: FilterCount): void {
  if (Array.isArray(value)) {
    for (const item of value) checkOperators(item, path, field, count);
    return;
  }
  if (typeof value !== 'object' || value === null) throw new QueryRefused(`${path} on ${field} must be an object of operators`);
  for (const [operator, operand] of Object.entries(value)) {
    if (!FILTER_OPERATORS.has(operator)) throw new QueryRefused(`${path}.${operator} is not accepted on ${field}`);
    if (LOGICAL_FILTERS.includes(operator)) {
      const inner = nest(count, field);
      checkOperators(operand, `${path}.${operator}`, field, inner);
      count.conditions = inner.conditions;
      continue;
    }
    condition(count, field);
    if (typeof operand === 'object' && operand !== null && !Array.isArray(operand)) {
      throw new QueryRefused(`${path}.${operator} on ${field} must be a value`);
    }
    const values = Array.isArray(operand) ? operand : [operand];
    if (values.some((item) => typeof item === 'object' && item !== null)) {
      throw new QueryRefused(`${path}.${operator} on ${field} must be a value or a list of values`);
    }
    if (operator === 'between' && values.length !== 2) {
      throw new QueryRefused(`${path}.between on ${field} needs two values, the lowest and the highest`);
    }
    if (values.length > LIMITS.maxFilterConditions) {
      throw new QueryRefused(`${path}.${operator} on ${field} has more than ${LIMITS.maxFilterConditions} values`);
    }
  }
}

/** Sort by the type's own attributes: "date:desc", or a list of them. */
function checkSort(value: unknown, scalars: string[], field: string): void {
  const keys = Array.isArray(value) ? value : [value];
  for (const key of keys) {
    if (typeof key !== 'string') throw new QueryRefused(`sort on ${field} must be a string or a list of strings`);
    for (const part of key.split(',')) {
      const [attribute, order, extra] = part.trim().split(':');
      if (!scalars.includes(attribute) || (order !== undefined && !/^(asc|desc)$/i.test(order)) || extra !== undefined) {
        throw new QueryRefused(`sort "${part.trim()}" is not accepted on ${field}`);
      }
    }
  }
}
