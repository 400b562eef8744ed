import { ERROR_SCHEMA } from '../http/errors.js';
import { randomUUID } from 'node:crypto';
import { SERVICE_INFO } from '../http/service-info.js';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { requireRoles, type Principal, type Verifier } from '../identity/verify.js';
import { HELPDESK_STAFF_ROLES } from '@guichet/shared/config/access';
import { serviceContract, WRITTEN } from '../http/schema.js';
import { contentDisposition, safeFileName } from '../http/download.js';

export const HELPDESK_PREFIX = SERVICE_INFO.helpdesk.prefix;
export const HELPDESK_CATEGORIES = ['tariff', 'valuation', 'procedure', 'payment', 'technical', 'other'] as const;
export const HELPDESK_STATUSES = ['open', 'answered', 'closed'] as const;
/** Largest attachment, in bytes (decoded). */
export const ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'];
/** Roles that see and answer every request. */
const STAFF: string[] = [...HELPDESK_STAFF_ROLES];

const isStaff = (principal: Principal) => principal.roles.some((role) => STAFF.includes(role));

const COLUMNS = [
  'id',
  'userName',
  'userEmail',
  'category',
  'subject',
  'message',
  'status',
  'answer',
  'answeredBy',
  'attachmentName',
  'attachmentType',
  'attachmentSize',
  'createdAt',
  'updatedAt',
] as const;

const errorSchema = ERROR_SCHEMA;

export async function helpdeskPlugin(app: FastifyInstance, options: { database: Database; verifier: Verifier }): Promise<void> {
  serviceContract(app);
  const { db } = options.database;
  const signedIn = requireRoles(options.verifier);
  const staffOnly = requireRoles(options.verifier, STAFF);

  app.post<{
    Body: { category: string; subject: string; message: string; attachment?: { name: string; type: string; data: string } };
    Headers: { 'idempotency-key'?: string };
  }>(
    '/requests',
    {
      onRequest: signedIn,
      bodyLimit: Math.ceil(ATTACHMENT_MAX_BYTES * 1.4) + 64 * 1024,
      schema: {
        // Sent again with the same key (a retry after a lost answer), a request is not written twice.
        headers: {
          type: 'object',
          properties: { 'idempotency-key': { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['category', 'subject', 'message'],
          properties: {
            category: { type: 'string', enum: [...HELPDESK_CATEGORIES] },
            subject: { type: 'string', minLength: 3, maxLength: 200, pattern: WRITTEN },
            message: { type: 'string', minLength: 10, maxLength: 10000, pattern: WRITTEN },
            attachment: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'type', 'data'],
              properties: {
                name: { type: 'string', minLength: 1, maxLength: 200 },
                type: { type: 'string', enum: ATTACHMENT_TYPES },
                data: { type: 'string', maxLength: Math.ceil(ATTACHMENT_MAX_BYTES * 1.4), pattern: '^[A-Za-z0-9+/]*={0,2}$' },
              },
            },
          },
        },
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const key = request.headers['idempotency-key'] ?? null;
      const earlier = async () =>
        key === null
          ? undefined
          : await db
              .selectFrom('helpdesk_request')
              .selectAll()
              .where('userId', '=', principal.sub)
              .where('idempotencyKey', '=', key)
              .executeTakeFirst();
      const { attachment } = request.body;
      const bytes = attachment ? Buffer.from(attachment.data, 'base64') : null;
      // A key names one request: sent again, the same request is answered as it was written; another request
      // under it is refused, not dropped in silence.
      const replay = (found: Record<string, unknown>) => {
        const same =
          found.category === request.body.category &&
          found.subject === request.body.subject.trim() &&
          found.message === request.body.message.trim() &&
          (found.attachment === null ? bytes === null : bytes !== null && Buffer.from(found.attachment as Uint8Array).equals(bytes));
        if (!same)
          return reply.code(422).send({
            error: 'Unprocessable Entity',
            message: 'idempotency-key was used for another request: send a new request with a new key',
            field: 'idempotency-key',
          });
        const { attachment: _bytes, userId: _user, idempotencyKey: _key, ...shown } = found;
        return reply.code(201).header('idempotent-replayed', 'true').send(shown);
      };
      const found = await earlier();
      if (found) return replay(found);
      if (bytes && bytes.length > ATTACHMENT_MAX_BYTES)
        return reply
          .code(400)
          .send({ error: 'Bad Request', message: `body.attachment is larger than ${ATTACHMENT_MAX_BYTES} bytes`, field: 'attachment' });
      if (bytes && bytes.length === 0)
        return reply.code(400).send({ error: 'Bad Request', message: 'body.attachment is empty', field: 'attachment' });
      const now = new Date().toISOString();
      const row = {
        id: randomUUID(),
        userId: principal.sub,
        userName: principal.name || principal.username,
        userEmail: principal.email,
        category: request.body.category,
        subject: request.body.subject.trim(),
        message: request.body.message.trim(),
        status: 'open',
        answer: null,
        answeredBy: null,
        attachmentName: attachment ? safeFileName(attachment.name) : null,
        attachmentType: attachment?.type ?? null,
        attachmentSize: bytes?.length ?? null,
        attachment: bytes,
        createdAt: now,
        updatedAt: now,
      };
      try {
        await db
          .insertInto('helpdesk_request')
          .values({ ...row, idempotencyKey: key })
          .execute();
      } catch (error) {
        // The same key at the same moment on another replica: the one that was written is the answer.
        const raced = await earlier();
        if (raced) return replay(raced);
        throw error;
      }
      const { attachment: _bytes, userId: _user, ...shown } = row;
      return reply.code(201).send(shown);
    },
  );

  app.get<{ Querystring: { status?: string } }>(
    '/requests',
    {
      onRequest: signedIn,
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { status: { type: 'string', enum: [...HELPDESK_STATUSES] } },
        },
      },
    },
    async (request) => {
      const principal = request.principal!;
      let query = db
        .selectFrom('helpdesk_request')
        .select([...COLUMNS])
        .orderBy('createdAt', 'desc')
        .limit(500);
      // A trader sees their own requests; officers see everyone's.
      if (!isStaff(principal)) query = query.where('userId', '=', principal.sub);
      if (request.query.status) query = query.where('status', '=', request.query.status);
      const resultList = await query.execute();
      return { resultList, totalCount: resultList.length, staff: isStaff(principal) };
    },
  );

  const own = async (id: string, principal: Principal) => {
    const row = await db.selectFrom('helpdesk_request').selectAll().where('id', '=', id).executeTakeFirst();
    return row && (isStaff(principal) || row.userId === principal.sub) ? row : undefined;
  };
  const idParams = { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9a-f-]{36}$' } } } as const;

  app.get<{ Params: { id: string } }>(
    '/requests/:id/attachment',
    { onRequest: signedIn, schema: { params: idParams } },
    async (request, reply) => {
      const row = await own(request.params.id, request.principal!);
      if (!row?.attachment) return reply.code(404).send({ error: 'Not Found', message: 'No such attachment' });
      return reply
        .header('content-type', row.attachmentType)
        .header('content-disposition', contentDisposition('attachment', row.attachmentName ?? 'attachment'))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(row.attachment as Uint8Array));
    },
  );

  app.post<{ Params: { id: string }; Body: { answer: string; status: 'answered' | 'closed' } }>(
    '/requests/:id/answer',
    {
      onRequest: staffOnly,
      schema: {
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['answer'],
          properties: {
            answer: { type: 'string', minLength: 2, maxLength: 10000, pattern: WRITTEN },
            status: { type: 'string', enum: ['answered', 'closed'], default: 'answered' },
          },
        },
      },
    },
    async (request, reply) => {
      const row = await own(request.params.id, request.principal!);
      if (!row) return reply.code(404).send({ error: 'Not Found', message: 'No such request' });
      const principal = request.principal!;
      const changes = {
        answer: request.body.answer.trim(),
        status: request.body.status ?? 'answered',
        answeredBy: principal.name || principal.username,
        updatedAt: new Date().toISOString(),
      };
      await db.updateTable('helpdesk_request').set(changes).where('id', '=', row.id).execute();
      const shown: Record<string, unknown> = { ...(row as Record<string, unknown>), ...changes };
      delete shown.attachment;
      delete shown.userId;
      return shown;
    },
  );
}
