import { MAX_VALUE_LENGTH } from '@guichet/shared/api/search';
import { ERROR_SCHEMA } from '../http/errors.js';
import { OFFSET_MAX } from '../http/schema.js';
import { OPERATORS, MAX_LIST_VALUES, MAX_RESULTS } from './query.js';
import type { EntityDefinition } from './registry.js';

/**
 * JSON schemas of the reference service. The same objects validate requests and
 * feed the OpenAPI description at /reference-service/openapi.json.
 */

/** Text values: up to MAX_VALUE_LENGTH (1000) characters, no NUL (PostgreSQL text cannot hold it). */
export const TEXT_PATTERN = '^[^\\u0000]*$';
const scalar = { type: ['string', 'number', 'boolean', 'null'], maxLength: MAX_VALUE_LENGTH, pattern: TEXT_PATTERN };
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export function searchBodySchema(definition: EntityDefinition) {
  const fieldName = { type: 'string', enum: definition.fields.map((field) => field.name) };
  const restrictionFieldName = {
    type: 'string',
    enum: [...definition.fields, ...definition.restrictionFields].map((field) => field.name),
    ...(definition.restrictionFields.length > 0
      ? { description: 'address matches any of address1, address2 and their translations (EQUALS, IN, STARTS_WITH, CONTAINS, ENDS_WITH)' }
      : {}),
  };
  return {
    type: 'object',
    description: `Search request for ${definition.name}. Unknown top-level properties are ignored.`,
    properties: {
      max: {
        type: 'integer',
        minimum: 0,
        maximum: MAX_RESULTS,
        description: `Page size (default ${definition.name === 'commodity' ? 15 : 5000})`,
      },
      offset: { type: 'integer', minimum: 0, maximum: OFFSET_MAX, default: 0 },
      distinct: { type: 'boolean', default: false },
      restrictBy: { type: 'string', enum: ['AND', 'OR'], default: 'OR', description: 'How restrictions combine' },
      selectFields: { type: 'array', maxItems: 100, items: fieldName },
      restrictions: {
        type: 'array',
        maxItems: 100,
        description: 'Default: code IS_NOT_NULL',
        items: {
          type: 'object',
          required: ['field', 'operator'],
          additionalProperties: false,
          properties: {
            field: restrictionFieldName,
            operator: { type: 'string', enum: [...OPERATORS] },
            value: scalar,
            values: {
              type: 'array',
              maxItems: 1000,
              items: scalar,
              description: `IN/NOT_IN values; at most ${MAX_LIST_VALUES} in all the restrictions of one search`,
            },
            valueTo: scalar,
          },
        },
      },
      sortByFields: {
        type: 'array',
        maxItems: 20,
        description: 'Field names (ascending) or {field, order}',
        items: {
          anyOf: [
            fieldName,
            {
              type: 'object',
              required: ['field'],
              additionalProperties: false,
              properties: { field: fieldName, order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] } },
            },
          ],
        },
      },
      meta: {
        type: 'object',
        properties: { validityDate: { type: 'string', pattern: DATE_PATTERN, description: 'YYYY-MM-DD, default today' } },
      },
    },
  };
}

export function itemSchema(definition: EntityDefinition) {
  const types: Record<string, unknown> = {
    string: { type: ['string', 'null'] },
    date: { type: ['string', 'null'], format: 'date' },
    number: { type: ['number', 'null'] },
    integer: { type: ['integer', 'null'] },
    boolean: { type: 'boolean' },
  };
  return {
    type: 'object',
    description: `A ${definition.name} record (the fields named in selectFields, by default: ${definition.defaultSelect.join(', ')})`,
    properties: Object.fromEntries(definition.fields.map((field) => [field.name, types[field.type]])),
  };
}

export function searchResponseSchema(definition: EntityDefinition) {
  return {
    type: 'object',
    required: ['resultList', 'totalCount'],
    properties: { resultList: { type: 'array', items: itemSchema(definition) }, totalCount: { type: 'integer' } },
  };
}

export const errorSchema = ERROR_SCHEMA;

export const validityQuerySchema = {
  type: 'object',
  properties: { validityDate: { type: 'string', pattern: DATE_PATTERN, description: 'YYYY-MM-DD, default today' } },
};
