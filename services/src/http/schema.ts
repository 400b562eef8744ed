/**
 * Strict request validation for the services' JSON schemas: no type coercion in bodies (the text "12" is
 * not the number 12), unknown properties kept (a schema with additionalProperties: false refuses them),
 * defaults applied. Querystrings and path parameters are text by nature, so there numbers are read from
 * their text. A failure is a 400 naming the offending property (`field`, e.g. `items[0].statisticalValue`).
 */
import { Ajv, type ErrorObject, type Options } from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { sendError } from './errors.js';
import { RequestError } from './request.js';

const OPTIONS: Options = {
  useDefaults: true,
  removeAdditional: false,
  allErrors: false,
  verbose: true,
  strict: false,
  allowUnionTypes: true,
};

const strict = new Ajv({ ...OPTIONS, coerceTypes: false });
const fromText = new Ajv({ ...OPTIONS, coerceTypes: true });
for (const ajv of [strict, fromText]) ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);

/** How a number is written in a query string or path: digits, a minus sign, a decimal point (not 0x10, 1e1, " 10"). */
const WRITTEN_NUMBER = { integer: /^-?\d+$/, number: /^-?\d+(\.\d+)?$/ } as const;

/** The properties of a query string's or path's schema that hold numbers, by kind. */
function numericProperties(schema: { properties?: Record<string, { type?: string | string[] }> }): Array<[string, 'integer' | 'number']> {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]): Array<[string, 'integer' | 'number']> => {
    const types = [property.type].flat();
    return types.includes('integer') ? [[name, 'integer']] : types.includes('number') ? [[name, 'number']] : [];
  });
}

/**
 * A query string's or path's validator: numbers are read from their text only when written in plain digits
 * (the coercion of the schema would read "0x10" as 16 and "1e1" as 10).
 */
function textValidator(schema: object) {
  const validate = fromText.compile(schema);
  const numeric = numericProperties(schema);
  const check = (data: unknown): boolean => {
    for (const [name, kind] of numeric) {
      const value = (data as Record<string, unknown> | null)?.[name];
      if (typeof value === 'string' && !WRITTEN_NUMBER[kind].test(value)) {
        check.errors = [
          {
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}/type`,
            keyword: 'type',
            params: { type: kind },
            message: `must be ${kind === 'integer' ? 'an integer' : 'a number'} written in digits`,
          },
        ];
        return false;
      }
    }
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
}

const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  httpPart === 'body' ? strict.compile(schema as object) : textValidator(schema as object);

/** Text without NUL characters or lone surrogates (halves of a character that JSON's \\u escapes can send). */
export const NO_NUL = '^[^\\u0000\\p{Cs}]*$';
/** Such text with at least one character that shows: not a space, a control character or invisible (zero-width, bidi marks). */
export const WRITTEN = '^[^\\u0000\\p{Cs}]*[^\\s\\p{Cc}\\p{Cf}\\p{Cs}][^\\u0000\\p{Cs}]*$';
/**
 * A file's name as the user's system gave it: no control characters, slashes, lone surrogates, or bidi controls,
 * which would show another name than the file's ("\u202eVSC.exe.csv" reads "vsc.exe.CSV").
 */
export const FILE_NAME = '^[^\\u0000-\\u001f\\u007f/\\\\\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\p{Cs}]+$';
/** What a text that fails those patterns is told. */
const PATTERN_MESSAGES: Record<string, string> = {
  [FILE_NAME]: 'must not contain control characters, slashes or bidirectional controls',
  [NO_NUL]: 'must not contain NUL characters or lone surrogates',
  [WRITTEN]: 'must not be blank, nor contain NUL characters or lone surrogates',
};

/**
 * The declaration type and general procedure of a declaration document. The form's own value "IM-4"
 * (type-generalProcedureCode) is read as both when no general procedure is given apart.
 */
export function declarationOf(typeOfDeclaration: string, generalProcedureCode: string | null | undefined) {
  let type = typeOfDeclaration.trim();
  let procedure = generalProcedureCode?.trim() || undefined;
  const dash = type.lastIndexOf('-');
  if (!procedure && dash > 0) [type, procedure] = [type.slice(0, dash), type.slice(dash + 1).trim() || undefined];
  return { typeOfDeclaration: type.toUpperCase(), generalProcedureCode: procedure };
}

/** The declaration document of the calculation services (taxation, traders guide): its type and general procedure. */
export const DECLARATION_DOCUMENT_SCHEMA = {
  type: 'object',
  required: ['typeOfDeclaration'],
  additionalProperties: false,
  properties: {
    typeOfDeclaration: {
      type: 'string',
      maxLength: 20,
      pattern: NO_NUL,
      description: 'IM, EX... or the form value type-generalProcedureCode ("IM-4")',
    },
    generalProcedureCode: { type: ['string', 'null'], maxLength: 20, pattern: NO_NUL },
  },
};

/** The most items one declaration of the calculation services may hold. */
export const MAX_ITEMS = 500;

/** The validity date of a calculation: the tariff, rates and rules of that day. */
/** The largest offset a paged search takes (a 32-bit integer, as databases page). */
export const OFFSET_MAX = 2147483647;

export const VALIDITY_DATE_SCHEMA = { type: ['string', 'null'], maxLength: 40, pattern: NO_NUL, description: 'YYYY-MM-DD, default today' };

/** The body of a calculation service's request: the declaration document, 1 to MAX_ITEMS items, and the request's own options. */
export function declarationBodySchema(item: object, meta: Record<string, object>) {
  return {
    type: 'object',
    required: ['document', 'items'],
    additionalProperties: false,
    properties: {
      document: DECLARATION_DOCUMENT_SCHEMA,
      items: { type: 'array', minItems: 1, maxItems: MAX_ITEMS, items: item },
      meta: { type: 'object', additionalProperties: false, properties: meta },
    },
  };
}

/** A 400 of a request property that does not match its schema. */
export class SchemaError extends RequestError {
  constructor(message: string, field: string) {
    super(message, field);
  }
}

/** `/items/0/code` as `items[0].code`. */
const propertyPath = (pointer: string) =>
  pointer
    .replace(/^\//, '')
    .replace(/\//g, '.')
    .replace(/\.(\d+)/g, '[$1]')
    .replace(/^(\d+)/, '[$1]');

/** The most specific schema error, phrased with the path of the offending property. */
export function schemaError(errors: ErrorObject[], dataVar: string): SchemaError {
  const error =
    [...errors].filter((item) => item.keyword !== 'anyOf').sort((a, b) => b.instancePath.length - a.instancePath.length)[0] ?? errors[0];
  const at = propertyPath(error.instancePath);
  const path = `${dataVar}${at === '' ? '' : at.startsWith('[') ? at : `.${at}`}`;
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  // A missing property is named by the schema; an unknown one is the sender's text, quoted in the message only.
  const field = [at, params.missingProperty].filter(Boolean).join('.') || dataVar;
  let message = `${path} ${error.message ?? 'is invalid'}`;
  if (error.keyword === 'required') message = `${dataVar}.${field} is required`;
  const pattern = (error.params as { pattern?: string }).pattern;
  if (error.keyword === 'pattern' && pattern && PATTERN_MESSAGES[pattern]) message = `${path} ${PATTERN_MESSAGES[pattern]}`;
  if (error.keyword === 'additionalProperties')
    message = `${path}: unknown property ${JSON.stringify(String(params.additionalProperty).slice(0, 60))}`;
  if (error.keyword === 'enum') {
    const allowed = params.allowedValues ?? [];
    const got = JSON.stringify(error.data)?.slice(0, 60);
    message =
      /field$/.test(path) || /selectFields|sortByFields/.test(path)
        ? `${path}: unknown field ${got}; allowed: ${allowed.join(', ')}`
        : `${path}: ${got} is not one of ${allowed.join(', ')}`;
  }
  return new SchemaError(message, field);
}

/**
 * The contract of a service's routes (its own encapsulated context): strict schema validation, and every
 * failure answered as `{error, message, field?}` (http/errors.ts).
 */
export function serviceContract(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSchemaErrorFormatter((errors, dataVar) => schemaError(errors as ErrorObject[], dataVar));
  app.setErrorHandler(sendError);
}
