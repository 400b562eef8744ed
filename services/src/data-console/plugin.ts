import { ERROR_SCHEMA } from '../http/errors.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SERVICE_INFO } from '../http/service-info.js';
import { sql } from 'kysely';
import type { Database } from '../db/database.js';
import { requireRoles, type Verifier } from '../identity/verify.js';
import { isCalendarDate, RequestError } from '../http/request.js';
import { DATA_CONSOLE_ROLES } from '@guichet/shared/config/access';
import { checkFile, KINDS, MAX_FILE_BYTES, type Kind } from './kinds.js';
import {
  applyDue,
  audit,
  checksumOf,
  ConsoleError,
  diffAgainstLive,
  discard,
  getUpload,
  history,
  pendingUploads,
  publish,
  rollBack,
  saveUpload,
} from './store.js';
import { feedState, runFeed, takeLease } from './feed.js';
import { freshness } from './freshness.js';
import { FILE_NAME, serviceContract } from '../http/schema.js';

export const DATA_CONSOLE_PREFIX = SERVICE_INFO.dataConsole.prefix;

export interface DataConsoleOptions {
  database: Database;
  verifier: Verifier;
  /** Called after the live data changed (publication, schedule, rollback): answer caches are dropped. */
  onChange: () => void;
  feedUrl?: string;
  feedMinutes: number;
  /** Milliseconds between two looks for scheduled publications that are due (default a minute). */
  scheduleMs?: number;
  /** Milliseconds between two looks for changes made by other replicas (default 5 s). */
  watchMs?: number;
}

const errorSchema = ERROR_SCHEMA;
/** A refused file: every error found (file, line, field, why). */
const refusedSchema = {
  type: 'object',
  properties: {
    ...errorSchema.properties,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          file: { type: 'string' },
          line: { type: 'integer' },
          field: { type: 'string' },
          message: { type: 'string' },
          reason: { type: 'string' },
          value: { type: 'string' },
          repeats: { type: 'integer' },
        },
      },
    },
    moreErrors: { type: 'integer' },
  },
} as const;
const idParameter = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 40, pattern: '^[0-9a-f-]+$' } },
} as const;

function send(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ConsoleError)) throw error;
  const label = error.statusCode === 404 ? 'Not Found' : error.statusCode === 409 ? 'Conflict' : 'Bad Request';
  return reply.code(error.statusCode).send({ error: label, message: error.message, ...(error.field ? { field: error.field } : {}) });
}

export async function dataConsolePlugin(app: FastifyInstance, options: DataConsoleOptions): Promise<void> {
  serviceContract(app);
  const { database, onChange } = options;
  const staff = requireRoles(options.verifier, [...DATA_CONSOLE_ROLES]);
  const actorOf = (request: { principal?: { username: string; sub: string } }) =>
    request.principal?.username || request.principal?.sub || 'unknown';

  // Scheduled publications come due, and the feed runs, in the background of every replica (the database decides who acts).
  const tick = async () => {
    try {
      if ((await applyDue(database)) > 0) onChange();
      if (options.feedUrl && (await takeLease(database, options.feedMinutes))) {
        const run = await runFeed(database, options.feedUrl);
        if (run.published.length > 0) onChange();
        if (run.status === 'failed' || run.status === 'held') app.log.warn(`central bank feed: ${run.message}`);
      }
    } catch (error) {
      app.log.error(error, 'data console schedule');
    }
  };
  // What another replica published or rolled back: every change writes an audit row, so a new last row drops
  // this replica's answer caches within a few seconds (one look-up by primary key each time).
  let lastAudit: number | null = null;
  const watch = async () => {
    try {
      const row = await database.db
        .selectFrom('data_audit')
        .select(sql<number | null>`max(id)`.as('last'))
        .executeTakeFirst();
      const last = Number(row?.last ?? 0);
      if (lastAudit !== null && last !== lastAudit) onChange();
      lastAudit = last;
    } catch (error) {
      app.log.error(error, 'data console watch');
    }
  };
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    void tick();
    void watch();
    timers.push(setInterval(() => void tick(), options.scheduleMs ?? 60_000).unref());
    timers.push(setInterval(() => void watch(), options.watchMs ?? 5_000).unref());
  });
  app.addHook('onClose', async () => timers.forEach(clearInterval));

  app.get(
    '/freshness',
    { schema: { summary: 'Date and source of the rates and tariff data visitors see, and whether it is older than its cadence' } },
    async () => freshness(database),
  );

  app.register(async (officers) => {
    officers.addHook('onRequest', staff);

    officers.post<{ Body: { kind: Kind; fileName: string; content: string } }>(
      '/uploads',
      {
        bodyLimit: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4096,
        schema: {
          summary: 'Checks an uploaded file (CSV or XLSX, base64) line by line; keeps it for preview when it has no error',
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['kind', 'fileName', 'content'],
            properties: {
              kind: { type: 'string', enum: [...KINDS] },
              // Any name: the content tells CSV from XLSX.
              fileName: { type: 'string', minLength: 1, maxLength: 200, pattern: FILE_NAME },
              content: { type: 'string', maxLength: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4, pattern: '^[A-Za-z0-9+/]*={0,2}$' },
            },
          },
          response: { 400: refusedSchema },
        },
      },
      async (request, reply) => {
        const { kind, fileName } = request.body;
        const content = Buffer.from(request.body.content, 'base64');
        const checksum = checksumOf(content);
        const checked = checkFile(kind, fileName, content);
        if (checked.errors.length > 0) {
          await audit(database, actorOf(request), 'refuse', kind, {
            fileName,
            checksum,
            errors: checked.errors.length + checked.moreErrors,
          });
          const count = checked.errors.length + checked.moreErrors;
          return reply.code(400).send({
            error: 'Bad Request',
            message: `${fileName}: ${count} ${count === 1 ? 'error' : 'errors'}; nothing was imported`,
            errors: checked.errors,
            moreErrors: checked.moreErrors,
          });
        }
        const upload = await saveUpload(database, {
          kind,
          source: 'upload',
          fileName,
          checksum,
          lines: checked.lines,
          actor: actorOf(request),
        });
        await audit(database, actorOf(request), 'upload', kind, { upload: upload.id, fileName, checksum, rows: upload.rowCount });
        return reply.code(201).send({ upload, preview: await diffAgainstLive(database, kind, checked.lines) });
      },
    );

    officers.get('/uploads', { schema: { summary: 'Uploads waiting to be published (checked files, held feed days)' } }, async () => ({
      resultList: await pendingUploads(database),
    }));

    officers.get<{ Params: { id: string } }>(
      '/uploads/:id/preview',
      { schema: { params: idParameter, response: { 400: errorSchema } } },
      async (request, reply) => {
        try {
          const { lines, ...upload } = await getUpload(database, request.params.id);
          return { upload, preview: await diffAgainstLive(database, upload.kind, lines) };
        } catch (error) {
          return send(reply, error);
        }
      },
    );

    officers.post<{ Params: { id: string }; Body: { validFrom: string; removals?: number } }>(
      '/uploads/:id/publish',
      {
        schema: {
          summary: 'Publishes an upload, effective on its validity date (at once when that is today or earlier)',
          params: idParameter,
          body: {
            type: 'object',
            additionalProperties: false,
            required: ['validFrom'],
            properties: {
              validFrom: { type: 'string', maxLength: 10 },
              removals: {
                type: 'integer',
                minimum: 0,
                maximum: 10_000_000,
                description:
                  'The number of lines in force the publication removes, as its preview shows: required (409) when it removes any',
              },
            },
          },
          response: { 400: errorSchema },
        },
      },
      async (request, reply) => {
        if (!isCalendarDate(request.body.validFrom)) throw new RequestError('body.validFrom must be a date YYYY-MM-DD', 'validFrom');
        try {
          const publication = await publish(
            database,
            request.params.id,
            request.body.validFrom,
            actorOf(request),
            request.body.removals ?? 0,
          );
          if (publication.status === 'live') onChange();
          return reply.code(201).send(publication);
        } catch (error) {
          return send(reply, error);
        }
      },
    );

    officers.post<{ Params: { id: string } }>('/uploads/:id/discard', { schema: { params: idParameter } }, async (request, reply) => {
      try {
        await discard(database, request.params.id, actorOf(request));
        return reply.code(204).send();
      } catch (error) {
        return send(reply, error);
      }
    });

    officers.get<{ Querystring: { kind?: Kind } }>(
      '/publications',
      {
        schema: {
          summary: 'Publications, newest first: who, when, file checksum, row counts, state',
          querystring: { type: 'object', additionalProperties: false, properties: { kind: { type: 'string', enum: [...KINDS] } } },
        },
      },
      async (request) => ({ resultList: await history(database, { kind: request.query.kind }) }),
    );

    officers.post<{ Params: { id: number } }>(
      '/publications/:id/rollback',
      {
        schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 31 - 1 } } } },
      },
      async (request, reply) => {
        try {
          const publication = await rollBack(database, request.params.id, actorOf(request));
          onChange();
          return publication;
        } catch (error) {
          return send(reply, error);
        }
      },
    );

    officers.get('/feed', async () => feedState(database, options.feedUrl, options.feedMinutes));

    officers.post('/feed/run', async (request, reply) => {
      if (!options.feedUrl) return reply.code(409).send({ error: 'Conflict', message: 'No feed is configured (CENTRAL_BANK_FEED_URL)' });
      await audit(database, actorOf(request), 'feed run', 'centralBankRates', { url: options.feedUrl });
      const run = await runFeed(database, options.feedUrl);
      if (run.published.length > 0) onChange();
      return run;
    });

    officers.get(
      '/audit',
      { schema: { summary: 'The latest 200 actions: uploads refused and kept, publications, rollbacks, feed runs' } },
      async () => ({
        resultList: (await database.db.selectFrom('data_audit').selectAll().orderBy('id', 'desc').limit(200).execute()).map((row) => ({
          ...row,
          detail: JSON.parse(String(row.detail)),
        })),
      }),
    );
  });
}
