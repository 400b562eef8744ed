import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { CsvSyntaxError, parseCsv, parseCsvLines, parseCsvRows } from './csv.js';
import { openDatabase, type Database } from './database.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { findPack, importPack, prepareDatabase } from './import.js';
import { ttiOf } from './tariff-packs.js';
import { loadTaxRules, TAX_RULES_FILE } from '../taxation/rules.js';
import { DATA_PACKS, DataFileError, previousDay, type DataPack, type Row } from './packs.js';
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
    const rules = loadTaxRules();
    const taxes = { cd: 25, rd: 3, sd: 10, vat: 15, ait: 5, at: 7.5 };
    expect(ttiOf(rules, taxes)).toBe(77.48);
    // The cascade is the tax rules' own: with SD on the assessable value alone, the same rates give less.
    const sdOnValue = { ...rules, taxes: rules.taxes.map((tax) => (tax.code === 'SD' ? { ...tax, base: ['AV'] } : tax)) };
    expect(ttiOf(sdOnValue, taxes)).toBe(74.05);
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

describe('data files that cannot be imported as they are', () => {
  /** A data directory holding the real files, with the given ones replaced. */
  function dataDirWith(files: Record<string, string>, copied: string[]): string {
    const target = mkdtempSync(join(dir, 'data-'));
    for (const [file, text] of [
      ...copied.map((file) => [file, readFileSync(join(DEFAULT_DATA_DIR, file), 'utf8')]),
      ...Object.entries(files),
    ]) {
      mkdirSync(join(target, file, '..'), { recursive: true });
      writeFileSync(join(target, file), text);
    }
    return target;
  }
  const RATES = 'fx/bdt-rates.csv';
  const CURRENCIES = 'currency/iso4217-codes-all.csv';
  const rates = (...lines: string[]) => ['date,currency,units_per_bdt,bdt_per_unit', ...lines].join('\n') + '\n';
  const refusal = (files: Record<string, string>, pack: string, copied: string[] = []) =>
    findPack(pack)!
      .build(dataDirWith(files, copied))
      .then(
        () => 'built',
        (error: unknown) => (error instanceof DataFileError ? error.message : `not a DataFileError: ${String(error)}`),
      );

  it('names the file, the line and the field of a bad exchange rate, date or currency', async () => {
    const good = '2026-01-01,USD,0.0082,122.0';
    expect(await refusal({ [RATES]: rates(good, '2026-01-02,USD,0.0082,abc') }, 'exchangeRate', [CURRENCIES])).toBe(
      'data/fx/bdt-rates.csv, line 3: bdt_per_unit "abc" is not a number above zero',
    );
    expect(await refusal({ [RATES]: rates(good, '2026-01-02,USD,0.0082,0') }, 'exchangeRate', [CURRENCIES])).toMatch(
      /line 3: bdt_per_unit "0"/,
    );
    expect(await refusal({ [RATES]: rates('2026-02-30,USD,0.0082,122.0') }, 'exchangeRate', [CURRENCIES])).toBe(
      'data/fx/bdt-rates.csv, line 2: date "2026-02-30" is not a date written YYYY-MM-DD',
    );
    expect(await refusal({ [RATES]: rates('02/01/2026,USD,0.0082,122.0') }, 'exchangeRate', [CURRENCIES])).toMatch(
      /line 2: date "02\/01\/2026"/,
    );
    expect(await refusal({ [RATES]: rates(good, 'x,usd,1,1') }, 'exchangeRate', [CURRENCIES])).toMatch(/line 3: date "x"/);
    expect(await refusal({ [RATES]: rates(good, '2026-01-02,usd,0.0082,122.0') }, 'exchangeRate', [CURRENCIES])).toBe(
      'data/fx/bdt-rates.csv, line 3: currency "usd" is not an ISO 4217 code',
    );
    expect(await refusal({ [RATES]: rates(good, '2026-01-02,EUR,0.0075,133.0', good) }, 'exchangeRate', [CURRENCIES])).toBe(
      'data/fx/bdt-rates.csv, line 4: currency "USD" repeats line 2',
    );
    expect(await refusal({ [RATES]: 'day,currency,rate\n2026-01-01,USD,122\n' }, 'exchangeRate', [CURRENCIES])).toBe(
      'data/fx/bdt-rates.csv, line 1: the header has no column date, bdt_per_unit',
    );
    expect(await refusal({ [RATES]: rates(good, '2026-01-02,EUR,0.0075,133.0') }, 'exchangeRate', [CURRENCIES])).toBe('built');
    expect(await refusal({}, 'exchangeRate', [CURRENCIES])).toBe('data/fx/bdt-rates.csv: the file is missing');
  });

  it('refuses a tariff line with a bad code, tax or a code given twice', async () => {
    const header = 'hs_code,chapter,heading,description,unit,cd,rd,sd,vat,ait,at,tti_published';
    const horses = '0101.21.00,01,0101,Pure-bred breeding animals of horses,,5.0,0.0,0.0,0.0,5.0,0.0,10.0';
    const tariff = (...lines: string[]) => ({ 'tariff/bd-customs-tariff-2025-26.csv': [header, ...lines].join('\r\n') });
    expect(
      await refusal(tariff(horses, '0101.29.00,01,0101,"Other horses,\r\nand mules",,5.0,x,0.0,0.0,5.0,0.0,10.0'), 'tariff', [
        TAX_RULES_FILE,
      ]),
    ).toBe('data/tariff/bd-customs-tariff-2025-26.csv, line 3: rd "x" is not a number of zero or more');
    expect(
      await refusal(tariff(horses, '0101.29.00,01,0101,"Other horses,\r\nand mules",,5.0,0,0.0,0.0,5.0,0.0,10.0', horses), 'tariff', [
        TAX_RULES_FILE,
      ]),
    ).toBe('data/tariff/bd-customs-tariff-2025-26.csv, line 5: hs_code "0101.21.00" repeats line 2');
    expect(await refusal(tariff('01O1.21.00,01,0101,Horses,,5.0,0.0,0.0,0.0,5.0,0.0,10.0'), 'tariff', [TAX_RULES_FILE])).toMatch(
      /line 2: hs_code "01O1.21.00" is not a tariff code/,
    );
    expect(await refusal(tariff('0101.21.00,01,0101,,,5.0,0.0,0.0,0.0,5.0,0.0,10.0'), 'tariff', [TAX_RULES_FILE])).toMatch(
      /line 2: description "" is empty/,
    );
    expect(await refusal(tariff('0101.21.00,01,0101,Horses,,5.0,0.0,0.0,0.0,5.0,0.0,-1'), 'tariff', [TAX_RULES_FILE])).toMatch(
      /line 2: tti_published "-1"/,
    );
    // The TTI is checked with the tax rules: without them, or with rules that do not hold, the tariff is refused.
    expect(await refusal(tariff(horses), 'tariff')).toMatch(/^data\/taxation\/bd-tax-rules.json: cannot be read/);
    expect(await refusal({ ...tariff(horses), [TAX_RULES_FILE]: '{"nationalCurrency": "BDT", "taxes": []}' }, 'tariff')).toBe(
      'data/taxation/bd-tax-rules.json: taxes must be a non-empty list',
    );
  });

  it('refuses a central bank rate that is not a number, and a date given twice', async () => {
    const ecb = (...lines: string[]) => ({ 'fx/ecb-eurofxref-hist.csv': ['Date,USD,CYP,', ...lines].join('\n') });
    expect(await refusal(ecb('2026-04-13,1.1684,N/A,', '2026-04-10,,N/A,'), 'centralBankRates')).toBe('built');
    expect(await refusal(ecb('2026-04-13,1.1684,N/A,', '2026-04-10,abc,N/A,'), 'centralBankRates')).toBe(
      'data/fx/ecb-eurofxref-hist.csv, line 3: USD "abc" is not a number above zero',
    );
    expect(await refusal(ecb('2026-04-13,1.1684,N/A,', '2026-04-13,1.1711,N/A,'), 'centralBankRates')).toBe(
      'data/fx/ecb-eurofxref-hist.csv, line 3: Date "2026-04-13" repeats line 2',
    );
  });

  it('keeps the data already there when a pack is refused at start, and imports the others', async () => {
    const before = await snapshot('ref_currency');
    const broken = dataDirWith({ [CURRENCIES]: 'Entity,Currency\nX,Y\n' }, []);
    const warnings: string[] = [];
    const results = await prepareDatabase(database, {
      dataDir: broken,
      packs: ['currency', 'sample'],
      warn: (message) => warnings.push(message),
    });
    expect(results).toMatchObject([
      { pack: 'currency', status: 'refused' },
      { pack: 'sample', status: 'unchanged' },
    ]);
    expect(warnings).toEqual([
      'data pack currency not imported, the data already there stays: data/currency/iso4217-codes-all.csv, line 1: the header has no column AlphabeticCode, NumericCode, MinorUnit, WithdrawalDate',
    ]);
    expect(await snapshot('ref_currency')).toEqual(before);
  });
});

describe('csv', () => {
  it('gives each record the line it starts on', () => {
    const { header, records } = parseCsvLines('a,b\r\n1,"two\r\nlines"\r\n\r\n3,4\n5,"x\ny"\n6,7');
    expect(header).toEqual(['a', 'b']);
    expect(records.map(({ line, record }) => [line, record.a])).toEqual([
      [2, '1'],
      [5, '3'],
      [6, '5'],
      [8, '6'],
    ]);
  });

  it('parses quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsvRows('\ufeffa,b\r\n"x, y","say ""hi"""\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,\n')).toEqual([{ a: '1', b: '' }]);
    expect(parseCsvRows('a,""')).toEqual([['a', '']]);
  });

  it('refuses what would put values under the wrong columns, naming the line and the column', () => {
    const refusal = (text: string) => {
      try {
        parseCsvLines(text);
      } catch (error) {
        if (error instanceof CsvSyntaxError) return [error.line, error.column, error.problem];
        throw error;
      }
      return null;
    };
    // A decimal comma outside quotes: 121,50 is two values.
    expect(refusal('date,currency,rate\n2026-11-08,USD,121,50\n')).toEqual([2, undefined, 'has 4 values where the header has 3 columns']);
    // A trailing comma, an empty value past the header, is no value.
    expect(refusal('a,b\n1,2,\n')).toBeNull();
    // An inch mark inside a description that is not in quotes: read on, it would swallow the next lines.
    expect(refusal('code,description,tti\n01,ok,1\n02,Cattle 5" tall,2\n03,"goats",3\n')).toEqual([
      3,
      'description',
      'has a quote inside a field that does not start with one',
    ]);
    expect(refusal('a,b\n"x"y,1\n')).toEqual([2, 'a', 'has text after the closing quote of a field']);
    expect(refusal('a,b\n1,2\n3,"open\n4,5\n')).toEqual([3, 'b', 'has a quote that is never closed']);
  });
});
