import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { parseCsv, parseCsvRows } from './csv.js';
import { openDatabase, type Database } from './database.js';
import { DEFAULT_DATA_DIR, findPack, importPack, prepareDatabase } from './import.js';
import { bangladeshTti, DATA_PACKS, previousDay, type DataPack, type Row } from './packs.js';
import { columnOf, ENTITIES } from '../reference/registry.js';

let dir: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'guichet-import-'));
  database = await openDatabase({ url: join(dir, 'import.db') });
  await prepareDatabase(database, { packs: ['currency', 'sample'] });
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const snapshot = async (table: string) =>
  (await database.db.selectFrom(table).selectAll().orderBy('code').orderBy('id').execute()).map(({ id: _id, ...row }) => row);

describe('data pack import', () => {
  it('creates a column for every registered field', async () => {
    for (const definition of ENTITIES.values()) {
      const columns = [...new Set(definition.fields.map(columnOf))];
      await expect(
        database.db
          .selectFrom(definition.table)
          .select(columns.map((column) => sql.ref(column).as(column)))
          .limit(1)
          .execute(),
      ).resolves.toBeDefined();
    }
  });

  it('is idempotent: an imported pack is left alone, a forced re-import gives the same rows', async () => {
    const before = await snapshot('ref_currency');
    expect(before.length).toBeGreaterThan(150);
    const again = await importPack(database, findPack('currency')!);
    expect(again.status).toBe('unchanged');
    const forced = await importPack(database, findPack('currency')!, { force: true });
    expect(forced.status).toBe('imported');
    expect(await snapshot('ref_currency')).toEqual(before);
    const sample = await snapshot('ref_company');
    await importPack(database, findPack('sample')!, { force: true });
    expect(await snapshot('ref_company')).toEqual(sample);
  });

  it('keeps the previous data when an import fails half-way', async () => {
    const before = await snapshot('ref_currency');
    const broken: DataPack = {
      ...findPack('currency')!,
      revision: 999,
      async build() {
        const rows: Row[] = [
          { code: 'AAA', description: 'first', validFrom: '2000-01-01', sample: 0 },
          { code: 'BBB', noSuchColumn: 'x', validFrom: '2000-01-01', sample: 0 },
        ];
        return { tables: { ref_currency: rows } };
      },
    };
    await expect(importPack(database, broken)).rejects.toThrow();
    expect(await snapshot('ref_currency')).toEqual(before);
    expect((await importPack(database, findPack('currency')!)).status).toBe('unchanged');
  });

  it('checks the published TTI of every tariff line against the Bangladesh cascade', async () => {
    expect(bangladeshTti({ cd: 25, rd: 3, sd: 10, vat: 15, ait: 5, at: 7.5 })).toBe(77.48);
    const content = await findPack('tariff')!.build(DEFAULT_DATA_DIR);
    expect(content.tables.ref_commodity).toHaveLength(7154);
    expect(content.report).toMatchObject({ ttiChecked: 7154, ttiMismatches: [] });
    expect(content.tables.ref_commodity.every((row) => /^\d{8}$/.test(String(row.code)))).toBe(true);
  });

  it('makes each published rate valid until the day before the next one', async () => {
    expect(previousDay('2024-03-01')).toBe('2024-02-29');
    expect(previousDay('2026-01-01')).toBe('2025-12-31');
    const content = await findPack('exchangeRate')!.build(DEFAULT_DATA_DIR);
    const usd = content.tables.ref_exchange_rate.filter((row) => row.code === 'USD');
    for (let index = 0; index + 1 < usd.length; index++) expect(usd[index].validTo).toBe(previousDay(String(usd[index + 1].validFrom)));
    expect(usd[usd.length - 1].validTo).toBeNull();
  });

  it('lists every pack once, and every table in one pack only', () => {
    const tables = DATA_PACKS.flatMap((pack) => pack.tables);
    expect(new Set(tables).size).toBe(tables.length);
    for (const definition of ENTITIES.values()) expect(tables, definition.name).toContain(definition.table);
  });
});

describe('csv', () => {
  it('parses quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsvRows('\ufeffa,b\r\n"x, y","say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,\n')).toEqual([{ a: '1', b: '' }]);
  });
});
