import { sendError } from '../http/errors.js';
import type { FastifyInstance } from 'fastify';
import { RequestError } from '../http/request.js';

/**
 * A 400 naming the offending property (`field`, e.g. `items[0].statisticalValue`), for what a request's
 * JSON schema (http/schema.ts) cannot say: an unknown code, a date that does not exist.
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

/** JSON errors for a service's routes: 4xx answers `{error, message, field?}`; anything else is logged and answered 500 without internals. */
export function jsonErrors(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}
