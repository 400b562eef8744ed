import type { RawRequest } from './client.js';
import type { RouteInfo } from './server.js';
import { VALID, GENERIC_QUERY, GENERIC_BODY } from './values.js';

/** Building blocks of hostile requests: a seeded random source, valid paths and queries, bodies, kinds. */

export type Random = () => number;

/** A small seeded generator (mulberry32): the same case number gives the same request. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const choose = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
export const hasBody = (route: RouteInfo) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
export const queryNames = (route: RouteInfo) => (route.query.length ? route.query : GENERIC_QUERY);
export const bodyNames = (route: RouteInfo) => (route.body ? Object.keys(route.body) : GENERIC_BODY);
export const json = (value: unknown) => JSON.stringify(value);
export const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];

/** The route's path with every parameter (":code", "*") replaced by one value (already in its wire form). */
export function pathWith(route: RouteInfo, segment: (name: string) => string): string {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => segment(name)).replace(/\*$/, () => segment('*'));
  return path || '/';
}

/** The route's path with a hostile segment: in place of its parameters, else added as one more segment. */
export function hostilePath(route: RouteInfo, segment: string): string {
  if (/:\w+|\*$/.test(route.url)) return pathWith(route, () => segment);
  return `${route.url.replace(/\/$/, '')}/${segment}`;
}

export const validPath = (route: RouteInfo) => pathWith(route, (name) => VALID[name] ?? (name === '*' ? 'index.html' : 'x'));

/** A query string with every known parameter valid except `name`, which is `value` (in its wire form). */
export function queryWith(route: RouteInfo, name: string, value: string): string {
  const parts = queryNames(route)
    .filter((key) => key !== name && VALID[key] !== undefined)
    .map((key) => `${key}=${encodeURIComponent(VALID[key])}`);
  parts.push(`${name}=${value}`);
  return `?${parts.join('&')}`;
}

/** A plain request to the route: valid path, an empty JSON object as body where it takes one. */
export function base(route: RouteInfo, changes: Partial<RawRequest> = {}): RawRequest {
  return {
    method: route.method,
    target: validPath(route),
    headers: hasBody(route) ? [JSON_TYPE] : [],
    body: hasBody(route) ? '{}' : undefined,
    ...changes,
  };
}

export const bodyRequest = (route: RouteInfo, body: string | Buffer, contentType = 'application/json'): RawRequest => ({
  method: route.method,
  target: validPath(route),
  headers: [['Content-Type', contentType]],
  body,
});

export const objectOf = (names: string[], value: (name: string) => unknown) => Object.fromEntries(names.map((name) => [name, value(name)]));

export function deepArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}
export function deepObjects(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

export type SchemaNode = {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: SchemaNode[];
};

/** A value filling every array of a schema up to its maxItems; enums take their `pick`-th value. */
export function atLimits(schema: SchemaNode | undefined, pick: number, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (schema.enum?.length) return schema.enum[pick % schema.enum.length];
  if (schema.anyOf?.length) return atLimits(schema.anyOf[pick % schema.anyOf.length], pick, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'array') {
    const count = Math.min(schema.maxItems ?? 1000, 100_000);
    return Array.from({ length: count }, (_item, index) => atLimits(schema.items, pick + (schema.items?.enum ? index : 0), depth + 1));
  }
  if (type === 'object' || schema.properties)
    return objectOf(Object.keys(schema.properties ?? {}), (name) => atLimits(schema.properties![name], pick, depth + 1));
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  return `v${pick}`;
}

export interface Kind {
  name: string;
  /** Kinds that every route gets in the short (CI) run. */
  core?: boolean;
  applies?: (route: RouteInfo) => boolean;
  make: (route: RouteInfo, random: Random) => { detail?: string; request: RawRequest };
}

export const stringKinds = (where: 'query' | 'path' | 'body', label: string, values: Array<string | Buffer>, core?: boolean): Kind => ({
  name: `${where}: ${label}`,
  core,
  applies: where === 'body' ? hasBody : undefined,
  make(route, random) {
    const value = choose(random, values);
    if (where === 'path') return { request: base(route, { target: fill(hostilePath(route, MARK), value) }) };
    if (where === 'query') {
      const name = choose(random, queryNames(route));
      return { detail: name, request: base(route, { target: joinTarget(`${validPath(route)}${queryWith(route, name, '')}`, value) }) };
    }
    // Body: one field hostile, or every field at once.
    const text = Buffer.isBuffer(value) ? value.toString('latin1') : value;
    const names = bodyNames(route);
    const one = random() < 0.5 ? choose(random, names) : undefined;
    return { detail: one ?? 'every field', request: bodyRequest(route, json(objectOf(one ? [one] : names, () => text))) };
  },
});

export const MARK = '\u0001';
/** A target with every MARK replaced by the value (raw bytes stay as they are). */
export function fill(template: string, value: string | Buffer): string | Buffer {
  if (!Buffer.isBuffer(value)) return template.split(MARK).join(value);
  const parts = template.split(MARK);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [Buffer.from(part)] : [value, Buffer.from(part)])));
}

/** A target made of text and raw bytes (invalid UTF-8 is sent as is). */
export function joinTarget(prefix: string, value: string | Buffer): string | Buffer {
  return Buffer.isBuffer(value) ? Buffer.concat([Buffer.from(prefix), value]) : prefix + value;
}
