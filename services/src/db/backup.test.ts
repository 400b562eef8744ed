import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { backupDatabase, restoreDatabase, tableCounts } from './backup.js';
import { openDatabase, type Database } from './database.js';

const dir = mkdtempSync(join(tmpdir(), 'guichet-backup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The same searches against a database: what a user would see. */
async function answers(service: TestService) {
  const search = (entity: string, body: unknown) =>
    service.app
      .inject({ method: 'POST', url: `/reference-service/${entity}/search`, payload: body as object })
      .then((response) => response.json());
  return {
    currencies: await search('currency', { max: 500 }),
    countries: await search('country', { restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'land' }] }),
    offices: await search('customsOffice', { max: 50, sortByFields: [{ field: 'description', order: 'DESC' }] }),
    declarants: await search('declarant', { max: 20, offset: 100 }),
  };
}

describe.each(BACKENDS)('backup and restore on $name', (backend) => {
  it('restoring into an empty database gives identical query results', { timeout: 180_000 }, async () => {
    const source = await startTestService(backend, ['currency', 'country', 'sample']);
    let restored: Database | undefined;
    let restoredUrl = '';
    let dropDatabase: (() => Promise<void>) | undefined;
    try {
      const before = await answers(source);
      expect(before.currencies.totalCount).toBeGreaterThan(100);
      const file = join(dir, `${backend.name}.backup`);
      const sourceUrl = backend.url
        ? `${backend.url}${backend.url.includes('?') ? '&' : '?'}schema=${source.database.schema}`
        : source.database.location;
      await backupDatabase({ url: sourceUrl }, file);

      if (backend.url) {
        // An empty database of its own, with the same schema name inside.
        const name = `guichet_restore_${process.pid}`;
        const admin = await openDatabase({ url: backend.url });
        await sql.raw(`drop database if exists ${name}`).execute(admin.db);
        await sql.raw(`create database ${name}`).execute(admin.db);
        const url = new URL(backend.url);
        url.pathname = `/${name}`;
        url.searchParams.set('schema', String(source.database.schema));
        restoredUrl = url.toString();
        dropDatabase = async () => {
          await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
          await admin.close();
        };
      } else restoredUrl = join(dir, 'restored.db');
      await restoreDatabase(file, { url: restoredUrl });
      await expect(restoreDatabase(file, { url: restoredUrl })).rejects.toThrow(/not empty/);

      restored = await openDatabase({ url: restoredUrl });
      expect(await tableCounts(restored)).toEqual(await tableCounts(source.database));
      const { default: Fastify } = await import('fastify');
      const { referencePlugin, REFERENCE_PREFIX } = await import('../reference/plugin.js');
      const app = Fastify();
      await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, database: restored });
      await app.ready();
      const after = await answers({ app, database: restored, close: async () => undefined });
      await app.close();
      expect(after).toEqual(before);
    } finally {
      await restored?.close();
      await source.close();
      await dropDatabase?.();
    }
  });
});
