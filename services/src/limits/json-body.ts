import type { FastifyInstance } from 'fastify';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The services' bodies nest a few levels (a search:
 * body > restrictions > item > values); the CMS's GraphQL queries allow depth 15. Deeper bodies are refused before
 * they are parsed, so that nothing that walks a body recursively (validation, cache keys, the CMS proxy) can
 * run out of stack.
 */
export const MAX_JSON_DEPTH = 64;

/** A JSON body nested too deeply: 400, naming the body. */
export class JsonDepthError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_JSON_TOO_DEEP';
  readonly field = 'body';
  constructor(readonly limit: number) {
    super(`body: JSON nested deeper than ${limit} levels of arrays and objects`);
  }
}

/** A JSON body that is not UTF-8 text: 400, naming the body (read as text, its length no longer matched its Content-Length). */
export class JsonEncodingError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_INVALID_UTF8';
  readonly field = 'body';
  constructor() {
    super('body: not valid UTF-8 text');
  }
}

/** A JSON body with a __proto__ property (refused, as it could reach an object's prototype): 400, naming the body. */
export class JsonPrototypeError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_JSON_PROTOTYPE';
  readonly field = 'body';
  constructor() {
    super('body: a "__proto__" property is not accepted');
  }
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** True when the JSON text nests arrays/objects more than `limit` levels deep (one pass, no recursion; strings skipped). */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_BRACKET || code === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (code === CLOSE_BRACKET || code === CLOSE_BRACE) {
      depth--;
    }
  }
  return false;
}

/**
 * The server's JSON body parser: Fastify's own (400 for an empty or invalid body, __proto__ refused), after a
 * check of the nesting depth. Called on the root instance before the services register, so it covers every route.
 */
export function limitJsonDepth(app: FastifyInstance, limit = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(new JsonEncodingError(), undefined);
    }
    if (nestedDeeperThan(text, limit)) return done(new JsonDepthError(limit), undefined);
    parse(request, text, (error, value) => {
      if (error && /"__proto__"\s*:/.test(text)) return done(new JsonPrototypeError(), undefined);
      done(error, value);
    });
  });
}
