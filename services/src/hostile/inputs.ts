import type { RawRequest } from './client.js';
import type { RouteInfo } from './server.js';
import {
  CRLF_TEXT,
  CRLF_URL,
  SQL_TEXTS,
  SCRIPT_TEXTS,
  PROTOTYPE_WORDS,
  WRONG_VALUES,
  WRONG_QUERY_VALUES,
  VALID,
  FORM_FIELDS,
  utf8Bytes,
  encoded,
  HOSTILE_TOKENS,
  REFLECTED_HEADERS,
  headerValues,
} from './values.js';
import {
  seeded,
  choose,
  hasBody,
  queryNames,
  queryWith,
  bodyNames,
  json,
  validPath,
  base,
  bodyRequest,
  objectOf,
  deepArrays,
  deepObjects,
  type SchemaNode,
  atLimits,
  type Kind,
  stringKinds,
} from './requests.js';

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
  stringKinds('path', 'prototype words', encoded(PROTOTYPE_WORDS)),
  stringKinds('path', 'other scripts', [...encoded(SCRIPT_TEXTS), ...SCRIPT_TEXTS.slice(0, 5).map(utf8Bytes)]),
  // --- query ---
  stringKinds('query', 'CR/LF encoded', [CRLF_URL, 'http%3A%2F%2Flocalhost%3A8000%2F%0D%0AX-Injected%3A%201'], true),
  stringKinds('query', 'CR/LF raw', ['x\r\nX-Injected: 1']),
  stringKinds('query', 'NUL', ['%00', 'x%00y', 'x\u0000']),
  stringKinds('query', 'invalid UTF-8', ['%C3%28', '%FF', '%E0%A4%A', '%', Buffer.from([0xc3, 0x28, 0xff])]),
  stringKinds('query', '100 KB value', ['q'.repeat(100 * 1024), '%41'.repeat(34 * 1024)]),
  stringKinds('query', 'SQL syntax', encoded(SQL_TEXTS)),
  stringKinds('query', 'prototype words', encoded(PROTOTYPE_WORDS)),
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
  stringKinds('body', 'prototype words in JSON strings', PROTOTYPE_WORDS),
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

/**
 * Every query field of every route, in turn, holding a name of Object.prototype's members, the others valid: a
 * plain object looked up by a word of the input finds a function there ("constructor"), not undefined.
 */
export function prototypeWordCases(routes: RouteInfo[]): HostileCase[] {
  return routes.flatMap((route) =>
    route.query.flatMap((name) =>
      PROTOTYPE_WORDS.slice(0, 3).map((word) => ({
        route,
        input: `query: prototype words (${name}=${word})`,
        request: base(route, { target: `${validPath(route)}${queryWith(route, name, encodeURIComponent(word))}` }),
      })),
    ),
  );
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
