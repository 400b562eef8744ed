import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteBuilder } from './builder.js';
import { editorVerifier, type Editor } from './editors.js';
import { PREVIEW_TYPES, previewIsValid, readDraft } from './preview.js';
import { serviceContract } from '../http/schema.js';

export interface PublishingOptions {
  cmsUrl: string;
  timeoutMs: number;
  /** Shared with the CMS: its webhook sends it, its preview links are signed with it. */
  secret: () => string | undefined;
  cmsToken: () => string | undefined;
  /** Runs the site builds; absent where builds are made elsewhere (CI): webhooks are then refused with 503. */
  builder?: SiteBuilder;
  /** Origins of the CMS admin panel, allowed to read the build state from the browser. */
  adminOrigins: string[];
}

/** Events that change what visitors see. An update counts when it is of published content. */
const BUILD_EVENTS = new Set(['entry.publish', 'entry.unpublish', 'entry.delete', 'media.update', 'media.delete', 'releases.publish']);

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

const DOCUMENT_ID = '^[A-Za-z0-9]{1,64}$';
const LOCALE = '^(en|fr|es|ar|bn)$';

/**
 * Publishing without a shell: the CMS's webhook asks for a site build (queued and coalesced, published
 * atomically by scripts/build-site.mjs), editors read the build state from the admin panel, and the site's
 * preview page reads drafts through a link the CMS signs.
 */
export async function publishingPlugin(app: FastifyInstance, options: PublishingOptions): Promise<void> {
  serviceContract(app);
  const editorOf = editorVerifier(options.cmsUrl, options.timeoutMs);

  const allowAdminOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && options.adminOrigins.includes(origin)) {
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
      reply.header('access-control-allow-headers', 'authorization, content-type').header('access-control-allow-methods', 'GET, POST');
    }
  };
  const requireEditor = async (request: FastifyRequest, reply: FastifyReply): Promise<Editor | undefined> => {
    allowAdminOrigin(request, reply);
    const editor = await editorOf(request.headers.authorization);
    if (!editor) {
      reply.code(401).send({ error: 'Unauthorized', message: 'Sign in to the CMS admin panel' });
      return undefined;
    }
    return editor;
  };
  const noBuilder = (reply: FastifyReply) =>
    reply.code(503).send({ error: 'Service Unavailable', message: 'Site builds are not run by this server (SITE_BUILDS is off)' });

  app.post<{ Body: { event: string; uid?: string; model?: string; entry?: { publishedAt?: string | null } } }>(
    '/site-builds/webhook',
    {
      bodyLimit: 1024 * 1024,
      // The secret first: a caller without it learns nothing of what the body should be.
      onRequest: async (request, reply) => {
        const secret = options.secret();
        const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        if (!secret || !given || !sameSecret(given, secret))
          return reply.code(401).send({ error: 'Unauthorized', message: 'Bad webhook secret' });
      },
      schema: {
        body: {
          type: 'object',
          required: ['event'],
          properties: {
            event: { type: 'string', maxLength: 100 },
            uid: { type: 'string', maxLength: 200 },
            model: { type: 'string', maxLength: 200 },
            entry: { type: 'object' },
          },
        },
      },
    },
    async (request, reply) => {
      if (!options.builder) return noBuilder(reply);
      const { event, uid, model, entry } = request.body;
      const changesSite = BUILD_EVENTS.has(event) || (event === 'entry.update' && Boolean(entry?.publishedAt));
      if (!changesSite) return reply.code(202).send({ build: false, status: options.builder.status() });
      return reply.code(202).send({ build: true, status: options.builder.request(`${event} ${uid ?? model ?? ''}`.trim()) });
    },
  );

  app.options('/site-builds', async (request, reply) => {
    allowAdminOrigin(request, reply);
    return reply.code(204).send();
  });

  app.get('/site-builds', async (request, reply) => {
    if (!(await requireEditor(request, reply))) return reply;
    if (!options.builder) return noBuilder(reply);
    return reply.header('cache-control', 'no-store').send(options.builder.status());
  });

  app.post('/site-builds', async (request, reply) => {
    if (!(await requireEditor(request, reply))) return reply;
    if (!options.builder) return noBuilder(reply);
    return reply.code(202).send(options.builder.request('manual'));
  });

  app.get<{ Querystring: { uid: string; documentId: string; locale: string; expires: number; signature: string } }>(
    '/preview',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['uid', 'documentId', 'locale', 'expires', 'signature'],
          properties: {
            uid: { type: 'string', enum: Object.keys(PREVIEW_TYPES) },
            documentId: { type: 'string', pattern: DOCUMENT_ID },
            locale: { type: 'string', pattern: LOCALE },
            expires: { type: 'integer', minimum: 0, maximum: 99999999999 },
            signature: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,100}$' },
          },
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const secret = options.secret();
      const { signature, ...wanted } = request.query;
      if (!secret || !previewIsValid(secret, wanted, signature)) {
        return reply
          .code(403)
          .send({ error: 'Forbidden', message: 'This preview link is not valid or has expired: open the preview again from the CMS' });
      }
      const token = options.cmsToken();
      if (!token) return reply.code(503).send({ error: 'Service Unavailable', message: 'No CMS API token for drafts' });
      try {
        const draft = await readDraft(options.cmsUrl, token, wanted, options.timeoutMs);
        if (!draft) return reply.code(404).send({ error: 'Not Found', message: 'No draft of this entry in this language' });
        return draft;
      } catch (error) {
        request.log.warn({ err: error }, 'draft unavailable');
        return reply.code(502).send({ error: 'Bad Gateway', message: 'The content service is unavailable. Please try again later.' });
      }
    },
  );
}
