import type { FastifyInstance } from 'fastify';

/**
 * Deepest nesting of arrays and objects a JSON body may have. The services' bodies nest a few levels (a search:
 * body > restrictions > item > values); the CMS's GraphQL queries allow depth 15. Deeper bodies are refused before
 * they are parsed, so that nothing that walks a body recursively (validation, cache keys, the CMS proxy) can
 * run out of stack.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * A JSON body refused: 400, naming the body. Nested too deeply (FST_ERR_CTP_JSON_TOO_DEEP), not UTF-8 text
 * (read as text, its length no longer matched its Content-Length), or with a __proto__ property, which
 * could reach an object's prototype.
 */
export class JsonBodyError extends Error {
  readonly statusCode = 400;
  readonly field = 'body';
  constructor(
    readonly code: 'FST_ERR_CTP_JSON_TOO_DEEP' | 'FST_ERR_CTP_INVALID_UTF8' | 'FST_ERR_CTP_JSON_PROTOTYPE',
    message: string,
  ) {
    super(`body: ${message}`);
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
 * check of the nesting depth; the only body type besides those a service adds itself. Called on the root instance before the services register, so it covers every route.
 */
export function limitJsonDepth(app: FastifyInstance, limit = MAX_JSON_DEPTH): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  // Bodies are JSON: text/plain is refused (415 naming the content type) like any other type, not read as a
  // string and then blamed on the body.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(new JsonBodyError('FST_ERR_CTP_INVALID_UTF8', 'not valid UTF-8 text'), undefined);
    }
    if (nestedDeeperThan(text, limit))
      return done(
        new JsonBodyError('FST_ERR_CTP_JSON_TOO_DEEP', `JSON nested deeper than ${limit} levels of arrays and objects`),
        undefined,
      );
    parse(request, text, (error, value) => {
      if (error && /"__proto__"\s*:/.test(text))
        return done(new JsonBodyError('FST_ERR_CTP_JSON_PROTOTYPE', 'a "__proto__" property is not accepted'), undefined);
      done(error, value);
    });
  });
}
