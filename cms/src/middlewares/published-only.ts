import type { IncomingMessage } from 'node:http';
import type { Core } from '@strapi/strapi';

/** GraphQL arguments and REST parameters that reach drafts or pick documents by their publication history. */
const PUBLICATION_ARGUMENTS = ['publicationFilter', 'hasPublishedVersion', 'publicationState'];
const DRAFT_TEXT = new RegExp(`\\bDRAFT\\b|\\b(${PUBLICATION_ARGUMENTS.join('|')})\\b`);
/** The largest GraphQL body read here (the GraphQL plugin's own JSON limit). */
const MAX_BODY_BYTES = 1024 * 1024;

interface Context {
  method: string;
  path: string;
  query: Record<string, unknown>;
  req: IncomingMessage;
  request: { body?: unknown; header: Record<string, string | string[] | undefined> };
  status: number;
  body: unknown;
}

/** Whether a REST request asks for drafts: status other than published, or a publication parameter. */
function restAsksForDrafts(query: Record<string, unknown>): boolean {
  const status = [query.status].flat().filter((value) => value !== undefined);
  return status.some((value) => String(value).toLowerCase() !== 'published') || PUBLICATION_ARGUMENTS.some((name) => query[name] !== undefined);
}

/** A request's body as text (at most MAX_BODY_BYTES; undefined past it). */
function readText(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : undefined));
    request.on('error', reject);
  });
}

/** Reads a GraphQL POST's body here (JSON or form), so that its text can be checked; the GraphQL plugin then uses it as read. */
async function graphqlBody(ctx: Context): Promise<{ text: string; body: unknown } | 'too large' | 'not json'> {
  const text = await readText(ctx.req);
  if (text === undefined) return 'too large';
  const type = String(ctx.request.header['content-type'] ?? '').toLowerCase();
  if (type.startsWith('application/x-www-form-urlencoded')) return { text, body: Object.fromEntries(new URLSearchParams(text)) };
  if (!type.startsWith('application/json')) return { text, body: {} };
  try {
    return { text, body: text.trim() === '' ? {} : JSON.parse(text) };
  } catch {
    return 'not json';
  }
}

const refuse = (ctx: Context, status: number, message: string) => {
  ctx.status = status;
  ctx.body = { data: null, errors: [{ message }] };
};

/**
 * Drafts are for editors. The Public role may read the portal's types (find, findOne), and Strapi lets such a
 * reader ask for drafts (REST `status=draft`, GraphQL `status: DRAFT`): a request without credentials that does
 * is refused, 403. Editors (the admin panel) and the portal's preview (its API token) send credentials.
 */
export default (_config: unknown, _context: { strapi: Core.Strapi }) => async (ctx: Context, next: () => Promise<void>) => {
  if (ctx.request.header.authorization) return next();
  if (ctx.path.startsWith('/api/') && restAsksForDrafts(ctx.query)) return refuse(ctx, 403, 'Drafts are not public: sign in to read them');
  if (ctx.path === '/graphql' || ctx.path.startsWith('/graphql/')) {
    if (DRAFT_TEXT.test(JSON.stringify(ctx.query))) return refuse(ctx, 403, 'Drafts are not public: sign in to read them');
    if (ctx.method === 'POST') {
      const read = await graphqlBody(ctx);
      if (read === 'too large') return refuse(ctx, 413, `The request body is over ${MAX_BODY_BYTES} bytes`);
      if (read === 'not json') return refuse(ctx, 400, 'The request body is not valid JSON');
      // The text as parsed too: JSON may write DRAFT as \u0044RAFT.
      if (DRAFT_TEXT.test(read.text) || DRAFT_TEXT.test(JSON.stringify(read.body))) return refuse(ctx, 403, 'Drafts are not public: sign in to read them');
      // Read here: the GraphQL plugin's body parser leaves a body that is already read as it is.
      ctx.request.body = read.body;
    }
  }
  return next();
};
