import type { RawRequest } from './client.js';
import type { RouteInfo } from './server.js';

/**
 * The hostile inputs: for any route the server registered, requests whose path, query, headers or body carry
 * CR/LF, NUL, invalid UTF-8, overlong values, deep or huge JSON, wrong types, SQL and full-text syntax, path
 * tricks and other scripts. Kinds that need a field name take it from the route's schema, else from a list of
 * names the services read.
 */

export interface HostileCase {
  route: RouteInfo;
  /** What is hostile in this request, e.g. "query: CR/LF encoded (redirect_uri)". */
  input: string;
  request: RawRequest;
  /** Send the signed-in user's token with it (protected routes are tried both ways). */
  withToken?: boolean;
}

/** A name for the header a request tries to inject into the answer; no answer may carry it. */
export const INJECTED_HEADER = 'x-injected';
const CRLF_TEXT = 'x\r\nX-Injected: 1\r\n\r\n<h1>injected</h1>';
const CRLF_URL = 'x%0D%0AX-Injected:%201%0D%0A%0D%0A%3Ch1%3Einjected';

export const SQL_TEXTS = [
  `' " ; -- /* */ % _ \\ * ( ) NEAR OR AND - ^ :`,
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  "1' UNION SELECT 1,2,3 --",
  '%',
  '_',
  '\\',
  '*',
  '%_\\%',
  'coffee NEAR tea',
  'NEAR(coffee tea, 2)',
  'coffee OR tea',
  'coffee AND',
  'OR',
  'AND NOT',
  '-coffee',
  '^coffee',
  'code:0901',
  '"unclosed',
  "'",
  '(',
  ')',
  '((((',
  '/*',
  '*/',
  '--',
  ';',
  '$1',
  '?',
  ':name',
  '{0}',
  '%s%s%s%n',
];

export const SCRIPT_TEXTS = [
  'قهوة مطحونة', // Arabic
  'চা পাতা', // Bengali
  'ক্ষ্ম্য', // Bengali conjuncts
  '☕🙂👍🏽👨‍👩‍👧',
  '\u202Eevil\u202C.pdf', // right-to-left override
  'abc\u200F\u061C\u2067x\u2069',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '𝕏𝔂𝔷',
  'Ω≈ç√∫',
];

/** Values of the wrong JSON type for any field. */
const WRONG_VALUES: unknown[] = [12345, -1, 1e308, 0.5, true, false, null, {}, { a: 1 }, [], ['x'], [[]], '', ' ', 'NaN', '2026-02-30'];
const WRONG_QUERY_VALUES = [
  'abc',
  '-1',
  '1e999',
  '99999999999999999999',
  '0x10',
  '1.5',
  'true',
  '[]',
  '{}',
  '',
  'null',
  'undefined',
  'NaN',
];

/** Values that pass the usual checks, so that one hostile field is judged with the others valid. */
const VALID: Record<string, string> = {
  code: '0901',
  hsCode: '090111',
  hs_code: '090111',
  query: 'coffee',
  limit: '5',
  depth: '1',
  validityDate: '2026-01-15',
  date: '2026-01-15',
  from: '2026-01-01',
  to: '2026-01-31',
  currency: 'USD',
  currencies: 'USD,EUR',
  searchText: 'dollar',
  sortByFields: 'code',
  max: '10',
  offset: '0',
  status: 'open',
  reportFormat: 'csv',
  locale: 'en',
  client_id: 'guichet-portal',
  redirect_uri: 'http://localhost:8000/en/',
  post_logout_redirect_uri: 'http://localhost:8000/en/',
  response_type: 'code',
  response_mode: 'fragment',
  state: 'state-1',
  nonce: 'nonce-1',
  scope: 'openid',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
  id: '00000000-0000-4000-8000-000000000000',
  requestedProcedureCode: '40',
  previousProcedureCode: '00',
  generalProcedureCode: 'IM',
  showDifference: 'true',
};

/** Query parameters the services read, used where a route has no query schema. */
const GENERIC_QUERY = [
  'query',
  'code',
  'hsCode',
  'limit',
  'depth',
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'state',
  'nonce',
  'scope',
  'code_challenge',
  'code_challenge_method',
  'post_logout_redirect_uri',
  'id_token_hint',
  'prompt',
  'kc_locale',
  'ui_locales',
  'key',
  'first',
  'max',
  'search',
  'email',
  'username',
];

/** Body properties the services read, used where a route has no body schema. */
const GENERIC_BODY = [
  'query',
  'variables',
  'code',
  'items',
  'restrictions',
  'meta',
  'flow',
  'declarationType',
  'generalProcedureCode',
  'category',
  'subject',
  'message',
  'answer',
  'login',
  'password',
  'username',
  'email',
  'firstName',
  'lastName',
  'roles',
  'name',
  'id',
];

/** Form fields of the identity server's forms and token endpoint. */
const FORM_FIELDS = [
  'context',
  'csrf',
  'login',
  'password',
  'email',
  'firstName',
  'lastName',
  'grant_type',
  'code',
  'refresh_token',
  'client_id',
  'redirect_uri',
  'code_verifier',
  'id_token_hint',
  'token',
  'locale',
];

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

const choose = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];
const hasBody = (route: RouteInfo) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
const queryNames = (route: RouteInfo) => (route.query.length ? route.query : GENERIC_QUERY);
const bodyNames = (route: RouteInfo) => (route.body ? Object.keys(route.body) : GENERIC_BODY);
const json = (value: unknown) => JSON.stringify(value);
const JSON_TYPE: [string, string] = ['Content-Type', 'application/json'];

/** The route's path with every parameter (":code", "*") replaced by one value (already in its wire form). */
function pathWith(route: RouteInfo, segment: (name: string) => string): string {
  const path = route.url.replace(/:(\w+)/g, (_match, name: string) => segment(name)).replace(/\*$/, () => segment('*'));
  return path || '/';
}

/** The route's path with a hostile segment: in place of its parameters, else added as one more segment. */
function hostilePath(route: RouteInfo, segment: string): string {
  if (/:\w+|\*$/.test(route.url)) return pathWith(route, () => segment);
  return `${route.url.replace(/\/$/, '')}/${segment}`;
}

const validPath = (route: RouteInfo) => pathWith(route, (name) => VALID[name] ?? (name === '*' ? 'index.html' : 'x'));

/** A query string with every known parameter valid except `name`, which is `value` (in its wire form). */
function queryWith(route: RouteInfo, name: string, value: string): string {
  const parts = queryNames(route)
    .filter((key) => key !== name && VALID[key] !== undefined)
    .map((key) => `${key}=${encodeURIComponent(VALID[key])}`);
  parts.push(`${name}=${value}`);
  return `?${parts.join('&')}`;
}

/** A plain request to the route: valid path, an empty JSON object as body where it takes one. */
function base(route: RouteInfo, changes: Partial<RawRequest> = {}): RawRequest {
  return {
    method: route.method,
    target: validPath(route),
    headers: hasBody(route) ? [JSON_TYPE] : [],
    body: hasBody(route) ? '{}' : undefined,
    ...changes,
  };
}

const bodyRequest = (route: RouteInfo, body: string | Buffer, contentType = 'application/json'): RawRequest => ({
  method: route.method,
  target: validPath(route),
  headers: [['Content-Type', contentType]],
  body,
});

const objectOf = (names: string[], value: (name: string) => unknown) => Object.fromEntries(names.map((name) => [name, value(name)]));

function deepArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}
function deepObjects(depth: number): string {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

type SchemaNode = {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  maxItems?: number;
  enum?: unknown[];
  anyOf?: SchemaNode[];
};

/** A value filling every array of a schema up to its maxItems; enums take their `pick`-th value. */
function atLimits(schema: SchemaNode | undefined, pick: number, depth = 0): unknown {
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

const stringKinds = (where: 'query' | 'path' | 'body', label: string, values: Array<string | Buffer>, core?: boolean): Kind => ({
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

const MARK = '\u0001';
/** A target with every MARK replaced by the value (raw bytes stay as they are). */
function fill(template: string, value: string | Buffer): string | Buffer {
  if (!Buffer.isBuffer(value)) return template.split(MARK).join(value);
  const parts = template.split(MARK);
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [Buffer.from(part)] : [value, Buffer.from(part)])));
}

/** A target made of text and raw bytes (invalid UTF-8 is sent as is). */
function joinTarget(prefix: string, value: string | Buffer): string | Buffer {
  return Buffer.isBuffer(value) ? Buffer.concat([Buffer.from(prefix), value]) : prefix + value;
}

const utf8Bytes = (text: string) => Buffer.from(text, 'utf8');
const encoded = (texts: string[]) => texts.map((text) => encodeURIComponent(text));

const HOSTILE_TOKENS = [
  'Bearer x',
  'Bearer a.b.c',
  // alg none, admin role
  `Bearer ${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"1","realm_access":{"roles":["admin"]},"exp":9999999999}').toString('base64url')}.`,
  `Bearer ${'a'.repeat(8000)}`,
  'Bearer ',
  'Bearer',
  'Basic YWRtaW46YWRtaW4=',
  'bearer eyJhbGciOiJSUzI1NiJ9.e30.e30',
  "Bearer ' OR 1=1 --",
];

const REFLECTED_HEADERS = [
  'Origin',
  'Referer',
  'Accept-Language',
  'tenantKey',
  'Cookie',
  'X-Forwarded-For',
  'X-Forwarded-Host',
  'X-Forwarded-Proto',
  'If-None-Match',
  'If-Modified-Since',
  'Range',
  'User-Agent',
  'Accept',
  'Accept-Encoding',
];

const headerValues = (): Array<string | Buffer> => [
  'http://evil.example',
  `GUICHET_IDENTITY=${CRLF_URL}; GUICHET_CSRF=%FF`,
  SQL_TEXTS[0],
  utf8Bytes(SCRIPT_TEXTS[0]),
  utf8Bytes(SCRIPT_TEXTS[1]),
  utf8Bytes(SCRIPT_TEXTS[4]),
  Buffer.from([0x61, 0xc3, 0x28, 0xff, 0xfe]),
  'x'.repeat(8000),
  'bytes=0-1,2-3,4-5,-1,999999999999-',
  '*',
  '',
];

/** Every kind of hostile input. */
export const KINDS: Kind[] = [
  // --- path ---
  stringKinds('path', 'CR/LF encoded', [CRLF_URL, 'x%0AX-Injected:%201', 'x%0DX-Injected:%201'], true),
  stringKinds('path', 'CR/LF raw', ['x\r\nX-Injected: 1', 'x\nX-Injected: 1']),
  stringKinds('path', 'NUL', ['x%00', '%00', 'x%00.json', 'x\u0000y']),
  stringKinds('path', 'invalid UTF-8', ['%C3%28', '%FF', '%E0%A4%A', '%', '%zz', Buffer.from([0xc3, 0x28, 0xff])]),
  stringKinds('path', 'dot segments', [
    '..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '../../../../etc/passwd',
    '..%5C..%5Cwindows',
    '%252e%252e%252f',
    '.%2e/package.json',
  ]),
  {
    name: 'path: double slashes',
    make: (route, random) => ({
      request: base(route, {
        target: choose(random, [`//${validPath(route)}`, validPath(route).replace(/\//g, '//'), `${validPath(route)}//`, '///']),
      }),
    }),
  },
  stringKinds('path', 'very long', ['x'.repeat(4000), 'y'.repeat(20_000), `${'a/'.repeat(2000)}b`]),
  stringKinds('path', 'SQL syntax', encoded(SQL_TEXTS)),
  stringKinds('path', 'other scripts', [...encoded(SCRIPT_TEXTS), ...SCRIPT_TEXTS.slice(0, 5).map(utf8Bytes)]),
  // --- query ---
  stringKinds('query', 'CR/LF encoded', [CRLF_URL, 'http%3A%2F%2Flocalhost%3A8000%2F%0D%0AX-Injected%3A%201'], true),
  stringKinds('query', 'CR/LF raw', ['x\r\nX-Injected: 1']),
  stringKinds('query', 'NUL', ['%00', 'x%00y', 'x\u0000']),
  stringKinds('query', 'invalid UTF-8', ['%C3%28', '%FF', '%E0%A4%A', '%', Buffer.from([0xc3, 0x28, 0xff])]),
  stringKinds('query', '100 KB value', ['q'.repeat(100 * 1024), '%41'.repeat(34 * 1024)]),
  stringKinds('query', 'SQL syntax', encoded(SQL_TEXTS)),
  stringKinds('query', 'other scripts', [...encoded(SCRIPT_TEXTS), ...SCRIPT_TEXTS.slice(0, 5).map(utf8Bytes)]),
  stringKinds('query', 'wrong types', WRONG_QUERY_VALUES.map(encodeURIComponent)),
  {
    name: 'query: repeated and bracketed',
    make: (route, random) => {
      const name = choose(random, queryNames(route));
      const target = choose(random, [
        `${name}=1&${name}=2&${name}=3`,
        `${name}[]=1&${name}[]=2`,
        `${name}[a]=1`,
        `${name}`,
        `__proto__[polluted]=1&constructor[prototype][x]=1&${name}=1`,
        `${'&'.repeat(2000)}${name}=1`,
        Array.from({ length: 1500 }, (_v, index) => `p${index}=1`).join('&'),
      ]);
      return { detail: name, request: base(route, { target: `${validPath(route)}?${target}` }) };
    },
  },
  // --- headers ---
  {
    name: 'header: CR/LF raw',
    core: true,
    make: (route, random) => {
      const name = choose(random, ['X-Note', ...REFLECTED_HEADERS]);
      return { detail: name, request: base(route, { headers: [...(base(route).headers ?? []), [name, 'x\r\nX-Injected: 1']] }) };
    },
  },
  {
    name: 'header: bare CR or LF, NUL',
    make: (route, random) => {
      const value = choose(random, ['x\rX-Injected: 1', 'x\nX-Injected: 1', 'x\u0000y', '\u0000']);
      return { request: base(route, { headers: [...(base(route).headers ?? []), [choose(random, REFLECTED_HEADERS), value]] }) };
    },
  },
  {
    name: 'header: hostile values in headers the server reads',
    make: (route, random) => {
      const name = choose(random, REFLECTED_HEADERS);
      return { detail: name, request: base(route, { headers: [...(base(route).headers ?? []), [name, choose(random, headerValues())]] }) };
    },
  },
  {
    name: 'header: 100 KB value',
    make: (route) => ({ request: base(route, { headers: [...(base(route).headers ?? []), ['X-Note', 'h'.repeat(100 * 1024)]] }) }),
  },
  {
    name: 'header: hostile tokens',
    make: (route, random) => ({
      request: base(route, { headers: [...(base(route).headers ?? []), ['Authorization', choose(random, HOSTILE_TOKENS)]] }),
    }),
  },
  {
    name: 'method: unexpected',
    make: (route, random) => ({
      request: base(route, { method: choose(random, ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO']) }),
    }),
  },
  // --- body ---
  stringKinds('body', 'CR/LF in JSON strings', [CRLF_TEXT], true),
  stringKinds('body', 'NUL in JSON strings', ['\u0000', 'x\u0000y']),
  stringKinds('body', 'SQL syntax in JSON strings', SQL_TEXTS),
  stringKinds('body', 'other scripts in JSON strings', SCRIPT_TEXTS),
  {
    name: 'body: invalid UTF-8 bytes',
    applies: hasBody,
    make: (route, random) => {
      const name = choose(random, bodyNames(route));
      const bytes = Buffer.concat([
        Buffer.from(`{"${name}":"`),
        Buffer.from(choose(random, [[0xc3, 0x28], [0xff, 0xfe], [0xed, 0xa0, 0x80], [0x80]])),
        Buffer.from('"}'),
      ]);
      return { detail: name, request: bodyRequest(route, bytes) };
    },
  },
  {
    name: 'body: lone surrogate escapes',
    applies: hasBody,
    make: (route, random) => {
      const name = choose(random, bodyNames(route));
      return { detail: name, request: bodyRequest(route, `{"${name}":"\\ud800x\\udfff\\ud800"}`) };
    },
  },
  {
    name: 'body: 1 MB near the body limit',
    applies: hasBody,
    make: (route, random) => {
      const name = choose(random, bodyNames(route));
      return { detail: name, request: bodyRequest(route, json({ [name]: 'b'.repeat(1024 * 1024 - 200) })) };
    },
  },
  {
    name: 'body: over the body limit',
    applies: hasBody,
    make: (route) => ({ request: bodyRequest(route, json({ query: 'o'.repeat(1100 * 1024) })) }),
  },
  { name: 'body: 5,000-deep arrays', core: true, applies: hasBody, make: (route) => ({ request: bodyRequest(route, deepArrays(5000)) }) },
  { name: 'body: 5,000-deep objects', core: true, applies: hasBody, make: (route) => ({ request: bodyRequest(route, deepObjects(5000)) }) },
  {
    name: 'body: 5,000-deep JSON in a field',
    applies: hasBody,
    make: (route, random) => {
      const name = choose(random, bodyNames(route));
      return { detail: name, request: bodyRequest(route, `{"${name}":${random() < 0.5 ? deepArrays(5000) : deepObjects(5000)}}`) };
    },
  },
  {
    name: 'body: 100,000-item array',
    core: true,
    applies: hasBody,
    make: (route, random) => {
      const name = choose(random, bodyNames(route));
      // Short items: the whole body stays under the 1 MB body limit, so the array reaches the service.
      const item = choose(random, ['"x"', '1', '{}', 'null', '[]', 'true']);
      const array = `[${Array.from({ length: 100_000 }, () => item).join(',')}]`;
      return random() < 0.3
        ? { request: bodyRequest(route, array) }
        : { detail: name, request: bodyRequest(route, `{"${name}":${array}}`) };
    },
  },
  {
    name: 'body: IN lists at the schema limits',
    core: true,
    applies: hasBody,
    make: (route, random) => {
      const operator = choose(random, ['IN', 'NOT_IN']);
      const restrictions = Array.from({ length: 100 }, () => ({
        field: 'code',
        operator,
        // Short values: 100,000 of them stay under the 1 MB body limit.
        values: Array.from({ length: 1000 }, (_v, item) => String(item)),
      }));
      return { detail: operator, request: bodyRequest(route, json({ restrictions, restrictBy: 'AND' })) };
    },
  },
  {
    name: 'body: every array at its maxItems',
    core: true,
    applies: (route) => hasBody(route) && route.body !== null,
    make: (route, random) => {
      const pick = Math.floor(random() * 16);
      return {
        detail: `enum choice ${pick}`,
        request: bodyRequest(route, json(atLimits({ type: 'object', properties: route.body as Record<string, SchemaNode> }, pick))),
      };
    },
  },
  {
    name: 'body: wrong types',
    applies: hasBody,
    make: (route, random) => ({ request: bodyRequest(route, json(objectOf(bodyNames(route), () => choose(random, WRONG_VALUES)))) }),
  },
  {
    name: 'body: not an object',
    applies: hasBody,
    make: (route, random) => ({
      request: bodyRequest(route, choose(random, ['123', '"text"', '[]', 'null', 'true', '1e999', '-0', '[{}]'])),
    }),
  },
  {
    name: 'body: prototype keys',
    applies: hasBody,
    make: (route) => ({
      request: bodyRequest(
        route,
        `{"__proto__":{"isAdmin":true,"roles":["admin"]},"constructor":{"prototype":{"polluted":1}},"toString":"x","hasOwnProperty":1,${bodyNames(
          route,
        )
          .map((name) => `"${name}":{"__proto__":{"x":1}}`)
          .join(',')}}`,
      ),
    }),
  },
  {
    name: 'body: invalid JSON',
    applies: hasBody,
    make: (route, random) => ({
      request: bodyRequest(
        route,
        choose(random, ['{"a":', '{"a":1}}', "{'a':1}", '\u0000', 'NaN', '[1,]', '{"a":1,"a":2}', '', ' ', '{"a":"\\x41"}', '{"a":01}']),
      ),
    }),
  },
  {
    name: 'body: unexpected content types',
    applies: hasBody,
    make: (route, random) => {
      const [type, body] = choose(random, [
        ['text/plain', '{"query":"x"}'],
        ['application/x-www-form-urlencoded', `query=${CRLF_URL}&code=%FF&login=%00`],
        ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
        ['application/json; charset=utf-16', '{"query":"x"}'],
        ['application/json; charset=latin1', Buffer.from('{"query":"caf\u00e9"}', 'latin1')],
        ['application/xml', '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>'],
        ['', '{}'],
        ['application/json\r\nX-Injected: 1', '{}'],
      ] as Array<[string, string | Buffer]>);
      return { detail: type || 'empty', request: bodyRequest(route, body, type) };
    },
  },
  {
    name: 'body: hostile form fields',
    applies: hasBody,
    make: (route, random) => {
      const value = choose(random, [
        CRLF_URL,
        '%00',
        '%FF%C3%28',
        encodeURIComponent(SQL_TEXTS[0]),
        encodeURIComponent(SCRIPT_TEXTS[1]),
        'f'.repeat(100 * 1024),
      ]);
      const name = choose(random, FORM_FIELDS);
      const fields = FORM_FIELDS.map((field) => `${field}=${field === name ? value : encodeURIComponent(VALID[field] ?? 'x')}`).join('&');
      return { detail: name, request: bodyRequest(route, fields, 'application/x-www-form-urlencoded') };
    },
  },
];

export const kindsFor = (route: RouteInfo) => KINDS.filter((kind) => !kind.applies || kind.applies(route));

/** One case: the route's `index`-th applicable kind, with choices drawn from `seed`. */
export function caseOf(route: RouteInfo, kind: Kind, seed: number): HostileCase {
  const { detail, request } = kind.make(route, seeded(seed));
  return { route, input: detail ? `${kind.name} (${detail})` : kind.name, request };
}

/**
 * The short run: every route gets the core kinds that apply to it plus `rotating` others, chosen so that
 * consecutive routes get different kinds (all kinds are used across the routes).
 */
export function shortRun(routes: RouteInfo[], rotating = 1): HostileCase[] {
  const cases: HostileCase[] = [];
  routes.forEach((route, routeIndex) => {
    const kinds = kindsFor(route);
    const others = kinds.filter((kind) => !kind.core);
    const chosen = [...kinds.filter((kind) => kind.core)];
    for (let step = 0; step < rotating && others.length; step++) chosen.push(others[(routeIndex * rotating + step) % others.length]);
    chosen.forEach((kind, index) => cases.push(caseOf(route, kind, routeIndex * 1000 + index)));
  });
  // A kind the rotation left out goes to the first route it applies to.
  for (const kind of KINDS) {
    if (cases.some((item) => item.input.startsWith(kind.name))) continue;
    const route = routes.find((item) => !kind.applies || kind.applies(item));
    if (route) cases.push(caseOf(route, kind, cases.length));
  }
  return cases;
}

/** The long run: case n takes route n mod R and, round after round, the next kind with new random choices. */
export function* longRun(routes: RouteInfo[], count: number, seed = 1): Generator<HostileCase> {
  for (let n = 0; n < count; n++) {
    const route = routes[n % routes.length];
    const kinds = kindsFor(route);
    const round = Math.floor(n / routes.length);
    yield caseOf(route, kinds[(round + n) % kinds.length], seed * 1_000_003 + n);
  }
}
