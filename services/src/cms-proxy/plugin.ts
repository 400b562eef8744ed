import type { FastifyInstance } from 'fastify';
import replyFrom from '@fastify/reply-from';

export interface CmsProxyOptions {
  cmsUrl: string;
  timeoutMs: number;
}

export const CMS_GRAPHQL_PATH = '/trade-server/graphql';

/** Forwards the portal's content queries to the CMS GraphQL endpoint. */
export async function cmsProxyPlugin(app: FastifyInstance, options: CmsProxyOptions): Promise<void> {
  await app.register(replyFrom, {
    base: options.cmsUrl,
    http: { requestOptions: { timeout: options.timeoutMs } },
  });
  const forward = (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const queryAt = request.url.indexOf('?');
    const query = queryAt === -1 ? '' : request.url.slice(queryAt);
    return reply.from(`/graphql${query}`, {
      // The public proxy reads public content only: no credentials go through it.
      rewriteRequestHeaders: (_request, headers) => {
        const { authorization: _authorization, cookie: _cookie, ...rest } = headers;
        return rest;
      },
      onError(reply, { error }) {
        request.log.warn({ err: error }, 'CMS unreachable');
        reply.code(502).send({ errors: [{ message: 'The content service is unavailable. Please try again later.' }] });
      },
    });
  };
  for (const url of [CMS_GRAPHQL_PATH, `${CMS_GRAPHQL_PATH}/`]) {
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url, handler: forward });
  }
}
