import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import { checkQuery, LIMITS, QueryRefused, readRequest } from './query-guard.js';

export interface CmsProxyOptions {
  cmsUrl: string;
  timeoutMs: number;
  /**
   * Introspection (__schema, __type) through the public endpoint. Default: refused when NODE_ENV=production,
   * allowed otherwise, for GraphQL tools pointed at a developer's portal (the site build reads the CMS directly).
   */
  introspection?: boolean;
}

export const CMS_GRAPHQL_PATH = SERVICE_INFO.cms.prefix;

/** Public content, no credentials: any site may read it. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '600',
};

/**
 * The public content endpoint: read-only queries of published content (see query-guard.ts), forwarded to
 * the CMS GraphQL endpoint without the visitor's headers (no credentials go through). Anything else is
 * answered 400 with { errors: [{ message }] } naming what was refused, and never reaches the CMS.
 */
export async function cmsProxyPlugin(app: FastifyInstance, options: CmsProxyOptions): Promise<void> {
  const introspection = options.introspection ?? process.env.NODE_ENV !== 'production';
  const upstreamUrl = `${options.cmsUrl.replace(/\/+$/, '')}/graphql`;

  // Bodies are read as text and parsed here, so that any malformed body gets the GraphQL error shape.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status < 400 || status >= 500) throw error;
    const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? `the request body is over ${LIMITS.maxBodyBytes} bytes` : error.message;
    return reply
      .code(400)
      .headers(CORS_HEADERS)
      .send({ errors: [{ message }] });
  });

  const refuse = (request: FastifyRequest, reply: FastifyReply, message: string) => {
    request.log.info({ refused: message }, 'content query refused');
    return reply
      .code(400)
      .headers(CORS_HEADERS)
      .send({ errors: [{ message }] });
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS') return reply.code(204).headers(CORS_HEADERS).send();
    let body: string;
    try {
      const graphqlRequest = readRequest(request.method === 'GET' ? fromQueryString(request.query) : fromBody(request));
      checkQuery(graphqlRequest, { introspection });
      body = JSON.stringify(graphqlRequest);
    } catch (error) {
      if (error instanceof QueryRefused) return refuse(request, reply, error.message);
      throw error;
    }
    let status: number;
    let contentType: string;
    let payload: Buffer;
    try {
      // Only what the CMS needs: the visitor's headers (authorization, cookies...) stay here.
      const response = await fetch(upstreamUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      status = response.status;
      contentType = response.headers.get('content-type') ?? 'application/json';
      payload = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      request.log.warn({ err: error }, 'CMS unreachable');
      return reply
        .code(502)
        .headers(CORS_HEADERS)
        .send({ errors: [{ message: 'The content service is unavailable. Please try again later.' }] });
    }
    return reply.code(status).headers(CORS_HEADERS).header('content-type', contentType).send(withoutInternals(payload, request));
  };

  for (const url of [CMS_GRAPHQL_PATH, `${CMS_GRAPHQL_PATH}/`]) {
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url, bodyLimit: LIMITS.maxBodyBytes, handler: handle });
  }
}

/** GET ?query=...&variables={json}&operationName=... */
function fromQueryString(query: unknown): unknown {
  const { query: text, variables, operationName } = (query ?? {}) as Record<string, unknown>;
  let parsed: unknown = undefined;
  if (typeof variables === 'string' && variables !== '') {
    try {
      parsed = JSON.parse(variables);
    } catch {
      throw new QueryRefused('variables is not valid JSON');
    }
  } else if (variables !== undefined) {
    throw new QueryRefused('variables must be a JSON object');
  }
  return { query: text, variables: parsed, operationName };
}

/** POST with a JSON body { query, variables, operationName }. */
function fromBody(request: FastifyRequest): unknown {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^application\/json\s*(;|$)/i.test(contentType)) throw new QueryRefused('content-type must be application/json');
  const text = typeof request.body === 'string' ? request.body : '';
  if (text.trim() === '') throw new QueryRefused('query is missing: the body is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw new QueryRefused('the body is not valid JSON');
  }
}

/** What a reader is told of a query the CMS failed on: never its errors' details (SQL, engine, stack). */
export const CMS_FAILED = 'The content service could not answer this query.';

/**
 * The CMS's answer, its errors reduced to what a reader may see: each error's message, unless the CMS failed
 * inside (its message would name the database engine, tables or a statement), and its path; no extensions.
 */
function withoutInternals(payload: Buffer, request: FastifyRequest): Buffer {
  let answer: unknown;
  try {
    answer = JSON.parse(payload.toString('utf8'));
  } catch {
    return payload;
  }
  if (typeof answer !== 'object' || answer === null || !Array.isArray((answer as { errors?: unknown }).errors)) return payload;
  const errors = (answer as { errors: unknown[] }).errors.map((error) => {
    const { message, path, extensions } = (error ?? {}) as { message?: unknown; path?: unknown; extensions?: { code?: unknown } };
    const internal = typeof message !== 'string' || extensions?.code === 'INTERNAL_SERVER_ERROR' || /internal server error/i.test(message);
    if (internal) request.log.warn({ cmsError: error }, 'the CMS failed on a content query');
    return { message: internal ? CMS_FAILED : message, ...(Array.isArray(path) ? { path } : {}) };
  });
  return Buffer.from(JSON.stringify({ ...(answer as object), errors }));
}
