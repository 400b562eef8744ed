import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../db/database.js';
import { prepareDatabase } from '../db/import.js';
import { limitJsonDepth } from '../limits/json-body.js';
import { referencePlugin, REFERENCE_PREFIX } from './plugin.js';

/** The storage back ends a test suite runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const BACKENDS: Array<{ name: string; url?: string }> = [
  { name: 'sqlite' },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', url: process.env.TEST_DATABASE_URL }] : []),
];

export interface TestService {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

type Register = (app: FastifyInstance, database: Database) => Promise<void>;
const registerReference: Register = async (app, database) => {
  await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, database });
};

/**
 * A service on a fresh database (a temporary SQLite file, or a throw-away PostgreSQL schema) holding the
 * given data packs; by default the reference service, or what `register` puts on the app.
 */
export async function startTestService(
  backend: { name: string; url?: string },
  packs?: string[],
  register: Register = registerReference,
): Promise<TestService> {
  let database: Database;
  let cleanup: () => Promise<void>;
  if (backend.url) {
    const schema = `reference_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    database = await openDatabase({ url: backend.url, schema, poolSize: 4 });
    cleanup = async () => {
      const admin = await openDatabase({ url: backend.url });
      const { sql } = await import('kysely');
      // A backend of a killed test process may still hold locks for a moment: try again on a deadlock.
      for (let attempt = 1; ; attempt++) {
        try {
          await sql.raw(`drop schema if exists "${schema}" cascade`).execute(admin.db);
          break;
        } catch (error) {
          if (attempt >= 5 || !/deadlock/i.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
      await admin.close();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-reference-'));
    database = await openDatabase({ url: join(dir, 'test.db') });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  try {
    await prepareDatabase(database, { packs });
  } catch (error) {
    await database.close();
    await cleanup();
    throw error;
  }
  const app = Fastify();
  // The server's body parsing (app.ts), so that a service is tested with the bodies it gets.
  limitJsonDepth(app);
  await register(app, database);
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      await cleanup();
    },
  };
}

/** A reference search answer as the tests read it. */
export interface SearchAnswer {
  status: number;
  body: { resultList: Array<Record<string, unknown>>; totalCount: number; message?: string; field?: string };
}

/** POST /reference-service/{entity}/search on a test service. */
export function searchOn(service: () => TestService) {
  return async (entity: string, body: Record<string, unknown>): Promise<SearchAnswer> => {
    const response = await service().app.inject({ method: 'POST', url: `/reference-service/${entity}/search`, payload: body });
    return { status: response.statusCode, body: response.json() as SearchAnswer['body'] };
  };
}
