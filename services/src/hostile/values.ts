/** Values the hostile inputs are made of: injections, wrong types, valid defaults and the names the services read. */

/** A name for the header a request tries to inject into the answer; no answer may carry it. */
export const INJECTED_HEADER = 'x-injected';
export const CRLF_TEXT = 'x\r\nX-Injected: 1\r\n\r\n<h1>injected</h1>';
export const CRLF_URL = 'x%0D%0AX-Injected:%201%0D%0A%0D%0A%3Ch1%3Einjected';

/** Names of Object.prototype's members: a plain object looked up by such a word finds them, not undefined. */
export const PROTOTYPE_WORDS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'cotton constructor shirt',
  'constructor.prototype',
];

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
export const WRONG_VALUES: unknown[] = [
  12345,
  -1,
  1e308,
  0.5,
  true,
  false,
  null,
  {},
  { a: 1 },
  [],
  ['x'],
  [[]],
  '',
  ' ',
  'NaN',
  '2026-02-30',
];
export const WRONG_QUERY_VALUES = [
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
export const VALID: Record<string, string> = {
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
export const GENERIC_QUERY = [
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
export const GENERIC_BODY = [
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
export const FORM_FIELDS = [
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

export const utf8Bytes = (text: string) => Buffer.from(text, 'utf8');
export const encoded = (texts: string[]) => texts.map((text) => encodeURIComponent(text));

export const HOSTILE_TOKENS = [
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

export const REFLECTED_HEADERS = [
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

export const headerValues = (): Array<string | Buffer> => [
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
