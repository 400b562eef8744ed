import { sendError } from '../http/errors.js';
import type { FastifyInstance } from 'fastify';
import { RequestError } from '../http/request.js';

/**
 * Hand-written checks of JSON request bodies for the calculation services (taxation, traders guide): each
 * failure is a 400 whose message and `field` name the offending property, e.g. `items[0].statisticalValue`.
 */
export class FieldError extends RequestError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

export type Json = Record<string, unknown>;

export function objectAt(value: unknown, field: string): Json {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new FieldError(field, 'must be a JSON object');
  return value as Json;
}

export function arrayAt(value: unknown, field: string, limits: { min: number; max: number }): unknown[] {
  if (!Array.isArray(value)) throw new FieldError(field, 'must be an array');
  if (value.length < limits.min) throw new FieldError(field, `must hold at least ${limits.min} item${limits.min === 1 ? '' : 's'}`);
  if (value.length > limits.max) throw new FieldError(field, `must hold at most ${limits.max} items`);
  return value;
}

const absent = (value: unknown) => value === undefined || value === null;

/** A string of at most maxLength characters; undefined when absent (null, missing) and not required. Numbers are taken as their text. */
export function stringAt(value: unknown, field: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
  if (absent(value)) {
    if (options.required) throw new FieldError(field, 'is required');
    return undefined;
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') throw new FieldError(field, 'must be a string');
  const maxLength = options.maxLength ?? 200;
  if (value.length > maxLength) throw new FieldError(field, `must be at most ${maxLength} characters long`);
  if (value.includes('\u0000')) throw new FieldError(field, 'must not contain NUL characters');
  return value;
}

const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** A finite number (or numeric text) in [minimum, maximum]; undefined when absent (null, missing, empty text) and not required. */
export function numberAt(
  value: unknown,
  field: string,
  options: { required?: boolean; minimum?: number; exclusiveMinimum?: number; maximum?: number } = {},
): number | undefined {
  if (absent(value) || value === '') {
    if (options.required) throw new FieldError(field, 'is required');
    return undefined;
  }
  const number = typeof value === 'string' && NUMBER_TEXT.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw new FieldError(field, 'must be a number');
  if (options.minimum !== undefined && number < options.minimum) throw new FieldError(field, `must be at least ${options.minimum}`);
  if (options.exclusiveMinimum !== undefined && number <= options.exclusiveMinimum)
    throw new FieldError(field, `must be greater than ${options.exclusiveMinimum}`);
  if (options.maximum !== undefined && number > options.maximum) throw new FieldError(field, `must be at most ${options.maximum}`);
  return number;
}

/** JSON errors for a service's routes: 4xx answers `{error, message, field?}`; anything else is logged and answered 500 without internals. */
export function jsonErrors(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
