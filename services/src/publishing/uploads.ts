import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** Types shown in the page; any other upload is sent as a download. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']);
/** Strapi's upload names: the file name with a hash, and its responsive formats (small_, medium_, ...). */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,250}$/;

/**
 * The CMS's uploaded media, served from the portal's origin (/uploads/...), so that pages and their
 * content security policy name one origin. Read-only; the CMS stays off the public network.
 */
export async function uploadsPlugin(app: FastifyInstance, options: { cmsUrl: string; timeoutMs: number }): Promise<void> {
  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const { name } = request.params;
    if (!FILE_NAME.test(name) || name.includes('..')) return reply.code(404).send({ error: 'Not Found', message: 'No such file' });
    let response: Response;
    try {
      response = await fetch(`${options.cmsUrl}/uploads/${name}`, { signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      request.log.warn({ err: error }, 'media unavailable');
      return reply.code(502).send({ error: 'Bad Gateway', message: 'The content service is unavailable. Please try again later.' });
    }
    if (response.status === 404 || !response.body) return reply.code(404).send({ error: 'Not Found', message: 'No such file' });
    if (!response.ok)
      return reply.code(502).send({ error: 'Bad Gateway', message: 'The content service is unavailable. Please try again later.' });
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    const inline = INLINE_TYPES.has(type);
    reply
      .header('content-type', inline ? type : 'application/octet-stream')
      .header('content-disposition', inline ? 'inline' : 'attachment')
      .header('cache-control', 'public, max-age=86400');
    const length = response.headers.get('content-length');
    if (length) reply.header('content-length', length);
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  });
}
