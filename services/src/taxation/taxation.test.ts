import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { lookupBy } from '../reference/lookup.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { TAXATION_PREFIX, taxationPlugin } from './plugin.js';
import { checkTaxRules, loadTaxRules, type TaxRules } from './rules.js';
import { MAX_ITEMS } from '../http/schema.js';

/** The published schedule, straight from the data file (not from the database). */
const tariff = parseCsv(readFileSync(join(DEFAULT_DATA_DIR, 'tariff/bd-customs-tariff-2025-26.csv'), 'utf8')).map((record) => ({
  code: record.hs_code.replace(/\./g, ''),
  cd: Number(record.cd),
  rd: Number(record.rd),
  sd: Number(record.sd),
  vat: Number(record.vat),
  ait: Number(record.ait),
  at: Number(record.at),
  tti: Number(record.tti_published),
}));
const rulesFile = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'taxation/bd-tax-rules.json'), 'utf8'));
/** Where the tariff import puts each tax (services/src/db/packs.ts). */
const IMPORTED_COLUMNS: Record<string, string> = {
  CD: 'tax01',
  SD: 'tax02',
  VAT: 'tax03',
  AIT: 'tax04',
  AT: 'tax05',
  RD: 'tax06',
  EXD: 'tax07',
};
const VALIDITY = { meta: { validityDate: '2025-09-15' } };
const IMPORT = { typeOfDeclaration: 'IM', generalProcedureCode: '4' };

type Tax = {
  code: string;
  label: string;
  base: number;
  rate: number;
  amount: number;
  sample?: boolean;
  specific?: boolean;
  unitCode?: string;
};
type Simulation = {
  items: Array<{ commodityCode: string; taxes: Tax[]; totalItemTaxes: number }>;
  guaranteeAmount: number;
  currency: string;
};

describe.each(BACKENDS)('taxation simulation on $name', (backend) => {
  let service: TestService;
  let rules: TaxRules;
  beforeAll(async () => {
    rules = loadTaxRules();
    service = await startTestService(backend, ['tariff', 'codelists', 'sample'], async (app, database) => {
      await app.register(taxationPlugin, { prefix: TAXATION_PREFIX, database, rules });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const simulate = async (payload: unknown, headers: Record<string, string> = {}) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `${TAXATION_PREFIX}/simulate`,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const item = (commodityCode: string, statisticalValue: number, extra: object = {}) => ({
    statisticalValue,
    itemCountryOfOriginCode: 'CN',
    commodityCode,
    commodityDescription: 'goods',
    statValueInForeignCurrency: statisticalValue / 100,
    currencyCode: 'USD',
    itemInvoiceCurrencyExchangeRate: 100,
    ...extra,
  });

  it('reads every rate and label the rules name from the reference data', async () => {
    const taxRules = await lookupBy(
      service.database,
      'taxRule',
      rules.taxes.map((tax) => tax.code),
      VALIDITY.meta.validityDate,
    );
    for (const tax of rules.taxes) expect(taxRules.get(tax.code)?.tariffColumn, tax.code).toBe(IMPORTED_COLUMNS[tax.code]);
    const lines = await lookupBy(
      service.database,
      'commodity',
      rules.specificRates.lines.map((line) => line.commodityCode),
      VALIDITY.meta.validityDate,
    );
    const units = await lookupBy(
      service.database,
      'unitOfMeasurement',
      rules.specificRates.lines.map((line) => line.unitCode),
      VALIDITY.meta.validityDate,
    );
    for (const line of rules.specificRates.lines) {
      expect(lines.has(line.commodityCode), line.commodityCode).toBe(true);
      expect(units.has(line.unitCode), line.unitCode).toBe(true);
    }
    expect(rules.specificRates.sample).toBe(true);
  });

  it('rejects inconsistent rule files', () => {
    const broken = structuredClone(rulesFile);
    broken.taxes[3].base = ['AV', 'VAT'];
    expect(() => checkTaxRules(broken)).toThrow(/SD.*VAT|VAT.*before SD/);
    const twoUnits = structuredClone(rulesFile);
    twoUnits.specificRates.lines.push({ ...twoUnits.specificRates.lines[0], tax: 'VAT', unitCode: 'KGM' });
    expect(() => checkTaxRules(twoUnits)).toThrow(/one unit/);
  });

  it('cascades the Bangladesh taxes on a tariff line with every rate (roasted coffee 0901.21.10)', async () => {
    const { status, body } = await simulate({ document: IMPORT, items: [item('09012110', 100000)], ...VALIDITY });
    expect(status).toBe(200);
    expect(body.currency).toBe('BDT');
    const taxes = (body as Simulation).items[0].taxes.map(({ code, base, rate, amount }) => ({ code, base, rate, amount }));
    expect(taxes).toEqual([
      { code: 'CD', base: 100000, rate: 25, amount: 25000 },
      { code: 'RD', base: 100000, rate: 3, amount: 3000 },
      { code: 'AIT', base: 100000, rate: 5, amount: 5000 },
      { code: 'SD', base: 128000, rate: 20, amount: 25600 },
      { code: 'VAT', base: 153600, rate: 15, amount: 23040 },
      { code: 'AT', base: 153600, rate: 7.5, amount: 11520 },
    ]);
    expect(body.items[0].taxes[0].label).toBe('Customs duty');
    expect(body.items[0].totalItemTaxes).toBe(93160);
    expect(body.guaranteeAmount).toBe(93160);
  });

  it(`gives every tariff line's published TTI (${tariff.length} lines)`, async () => {
    expect(tariff.length).toBe(7154);
    const value = 987654.32;
    const quantity = 250;
    const specific = new Map(rules.specificRates.lines.map((line) => [`${line.commodityCode}|${line.tax}`, line.ratePerUnit * quantity]));
    let checked = 0;
    for (let start = 0; start < tariff.length; start += MAX_ITEMS) {
      const batch = tariff.slice(start, start + MAX_ITEMS);
      const { status, body } = await simulate({
        document: IMPORT,
        items: batch.map((line) => item(line.code, value, { supplementaryUnit: quantity })),
        ...VALIDITY,
      });
      expect(status).toBe(200);
      const result = body as Simulation;
      expect(result.items).toHaveLength(batch.length);
      let batchTotal = 0;
      batch.forEach((line, index) => {
        const simulated = result.items[index];
        expect(simulated.commodityCode).toBe(line.code);
        const byCode = Object.fromEntries(simulated.taxes.map((tax) => [tax.code, tax]));
        expect(Object.keys(byCode).sort()).toEqual(['AIT', 'AT', 'CD', 'RD', 'SD', 'VAT']);
        const overrides = (code: string) => specific.get(`${line.code}|${code}`);
        if (['CD', 'RD', 'SD', 'VAT', 'AIT', 'AT'].some((code) => overrides(code) !== undefined)) {
          // Sample specific rate: the cascade with that tax's amount fixed, computed here independently.
          const cd = overrides('CD') ?? (value * line.cd) / 100;
          const rd = overrides('RD') ?? (value * line.rd) / 100;
          const ait = overrides('AIT') ?? (value * line.ait) / 100;
          const sd = overrides('SD') ?? ((value + cd + rd) * line.sd) / 100;
          const vat = overrides('VAT') ?? ((value + cd + rd + sd) * line.vat) / 100;
          const at = overrides('AT') ?? ((value + cd + rd + sd) * line.at) / 100;
          expect(simulated.totalItemTaxes, line.code).toBeCloseTo(cd + rd + ait + sd + vat + at, 1);
          expect(simulated.taxes.filter((tax) => tax.specific).every((tax) => tax.sample === true)).toBe(true);
        } else {
          for (const [code, rate] of Object.entries({ CD: line.cd, RD: line.rd, SD: line.sd, VAT: line.vat, AIT: line.ait, AT: line.at }))
            expect(byCode[code].rate, `${line.code} ${code}`).toBe(rate);
          const incidence = (simulated.totalItemTaxes / value) * 100;
          expect(Math.abs(incidence - line.tti), `${line.code}: ${incidence} vs published ${line.tti}`).toBeLessThanOrEqual(0.0051);
        }
        batchTotal += simulated.totalItemTaxes;
        checked += 1;
      });
      expect(result.guaranteeAmount).toBeCloseTo(batchTotal, 2);
    }
    expect(checked).toBe(7154);
  }, 60_000);

  it('applies only the export duty to export declarations', async () => {
    const { status, body } = await simulate({
      document: { typeOfDeclaration: 'EX', generalProcedureCode: '1' },
      items: [item('09012110', 50000)],
      ...VALIDITY,
    });
    expect(status).toBe(200);
    expect(body.items[0].taxes).toEqual([
      { code: 'EXD', label: 'Export duty', labelTranslated: 'রপ্তানি শুল্ক', base: 50000, rate: 0, amount: 0 },
    ]);
    expect(body.guaranteeAmount).toBe(0);
  });

  it('accepts the form value "IM-4" as the type of declaration and derives a missing statisticalValue', async () => {
    const { status, body } = await simulate({
      document: { typeOfDeclaration: 'IM-4' },
      items: [{ commodityCode: '0901.21.10', statValueInForeignCurrency: 1000, itemInvoiceCurrencyExchangeRate: 100 }],
      ...VALIDITY,
    });
    expect(status).toBe(200);
    expect(body.items[0].totalItemTaxes).toBe(93160);
  });

  it('calculates a sample specific tax per supplementary unit (cigarettes 2402.20.00: SD per thousand)', async () => {
    const { status, body } = await simulate({
      document: IMPORT,
      items: [item('24022000', 200000, { supplementaryUnit: 10 }), item('09012110', 100000)],
      ...VALIDITY,
    });
    expect(status).toBe(200);
    const sd = body.items[0].taxes.find((tax: Tax) => tax.code === 'SD');
    expect(sd).toMatchObject({ code: 'SD', base: 10, rate: 4500, amount: 45000, specific: true, sample: true, unitCode: 'MIL' });
    const vat = body.items[0].taxes.find((tax: Tax) => tax.code === 'VAT');
    // VAT on AV + CD (25%) + RD (3%) + SD: 200000 + 50000 + 6000 + 45000.
    expect(vat).toMatchObject({ base: 301000, rate: 15, amount: 45150 });
    expect(body.guaranteeAmount).toBeCloseTo(body.items[0].totalItemTaxes + 93160, 2);
  });

  it('answers 422 naming the taxes it cannot calculate without the supplementary unit', async () => {
    const { status, body } = await simulate({
      document: IMPORT,
      items: [item('09012110', 1000), item('24022000', 200000), item('71081210', 5000, { supplementaryUnit: null })],
      ...VALIDITY,
    });
    expect(status).toBe(422);
    expect(body).toEqual({
      error: 'NotEnoughInformation',
      message: 'Cannot calculate SD, CD tax, not enough information provided',
      taxCodes: ['SD', 'CD'],
      items: [
        { index: 1, field: 'items[1].supplementaryUnit', taxCodes: ['SD'] },
        { index: 2, field: 'items[2].supplementaryUnit', taxCodes: ['CD'] },
      ],
    });
  });

  it('answers 400 CET Tariff Not Found naming the item of an unknown or not yet valid tariff line', async () => {
    const unknown = await simulate({ document: IMPORT, items: [item('09012110', 1), item('99999999', 1)], ...VALIDITY });
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('items[1].commodityCode');
    expect(unknown.body.message).toMatch(/^items\[1\]\.commodityCode: CET Tariff Not Found/);
    const early = await simulate({ document: IMPORT, items: [item('09012110', 1)], meta: { validityDate: '2024-01-01' } });
    expect(early.status).toBe(400);
    expect(early.body.field).toBe('items[0].commodityCode');
  });

  it('answers malformed bodies with 400 naming the field', async () => {
    const valid = { document: IMPORT, items: [item('09012110', 1000)] };
    const cases: Array<[unknown, string]> = [
      [[], 'body'],
      [{ items: valid.items }, 'document'],
      [{ ...valid, document: { generalProcedureCode: '4' } }, 'document.typeOfDeclaration'],
      [{ ...valid, document: { typeOfDeclaration: 'IM' } }, 'document.generalProcedureCode'],
      [{ ...valid, document: { typeOfDeclaration: 'ZZ', generalProcedureCode: '4' } }, 'document.typeOfDeclaration'],
      [{ ...valid, document: { typeOfDeclaration: 'IM', generalProcedureCode: '1' } }, 'document.generalProcedureCode'],
      [{ ...valid, document: { typeOfDeclaration: ['IM'], generalProcedureCode: '4' } }, 'document.typeOfDeclaration'],
      [{ document: IMPORT }, 'items'],
      [{ document: IMPORT, items: [] }, 'items'],
      [{ document: IMPORT, items: {} }, 'items'],
      [{ document: IMPORT, items: Array.from({ length: MAX_ITEMS + 1 }, () => valid.items[0]) }, 'items'],
      [{ document: IMPORT, items: ['09012110'] }, 'items[0]'],
      [{ document: IMPORT, items: [{ statisticalValue: 5 }] }, 'items[0].commodityCode'],
      [{ document: IMPORT, items: [{ ...valid.items[0], commodityCode: 9012110 }] }, 'items[0].commodityCode'],
      [{ document: IMPORT, items: [{ ...valid.items[0], commodityCode: '' }] }, 'items[0].commodityCode'],
      [{ document: IMPORT, items: [{ commodityCode: '09012110' }] }, 'items[0].statisticalValue'],
      [{ document: IMPORT, items: [{ ...valid.items[0], statisticalValue: 'much' }] }, 'items[0].statisticalValue'],
      [{ document: IMPORT, items: [{ ...valid.items[0], statisticalValue: -1 }] }, 'items[0].statisticalValue'],
      [{ document: IMPORT, items: [{ ...valid.items[0], statisticalValue: 1e300 }] }, 'items[0].statisticalValue'],
      [{ document: IMPORT, items: [valid.items[0], { ...valid.items[0], supplementaryUnit: -2 }] }, 'items[1].supplementaryUnit'],
      [{ document: IMPORT, items: [{ ...valid.items[0], supplementaryUnit: true }] }, 'items[0].supplementaryUnit'],
      [
        { document: IMPORT, items: [{ ...valid.items[0], itemInvoiceCurrencyExchangeRate: 0 }] },
        'items[0].itemInvoiceCurrencyExchangeRate',
      ],
      [{ document: IMPORT, items: [{ ...valid.items[0], currencyCode: 'US$' }] }, 'items[0].currencyCode'],
      // Each under the limit, their product over it.
      [
        {
          document: IMPORT,
          items: [{ commodityCode: '09012110', statValueInForeignCurrency: 1e13, itemInvoiceCurrencyExchangeRate: 1e13 }],
        },
        'items[0].statValueInForeignCurrency',
      ],
      [{ ...valid, meta: { validityDate: '2025-02-30' } }, 'meta.validityDate'],
      [{ ...valid, meta: { validityDate: '' } }, 'meta.validityDate'],
      [{ ...valid, meta: 'today' }, 'meta'],
      // Strict: a number written as text is not taken for the number, and an unknown property is refused.
      [{ document: IMPORT, items: [{ ...valid.items[0], statisticalValue: '1000' }] }, 'items[0].statisticalValue'],
      [{ document: IMPORT, items: [{ ...valid.items[0], statisticalvalue: 1000 }] }, 'items[0]'],
      [{ ...valid, document: { ...IMPORT, flow: 'import' } }, 'document'],
      [{ ...valid, validityDate: '2025-01-01' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await simulate(payload);
      expect(status, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(body.field, JSON.stringify(payload).slice(0, 120)).toBe(field);
      expect(body.message).toContain(field);
    }
    for (const raw of ['{"document":', '', 'null', '"text"', '42']) {
      const { status } = await simulate(raw);
      expect(status, raw).toBe(400);
    }
    const text = await service.app.inject({
      method: 'POST',
      url: `${TAXATION_PREFIX}/simulate`,
      headers: { 'content-type': 'text/plain' },
      payload: '{"document":{}}',
    });
    // JSON only: another type is refused naming it, not read as text and blamed on the body.
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toContain('text/plain');
    const none = await service.app.inject({ method: 'POST', url: `${TAXATION_PREFIX}/simulate` });
    expect(none.statusCode).toBe(400);
    expect(none.json().field).toBe('body');
  });

  it('never answers 500 to mangled requests', async () => {
    const oddities: unknown[] = [null, true, 0, -1, 1.5, '', 'x', '\u0000', [], {}, [1], { a: 1 }, 'IM', '4', '99', 1e308];
    const valid = { document: IMPORT, items: [item('24022000', 1000, { supplementaryUnit: 1 })], ...VALIDITY };
    const paths = [
      ['document'],
      ['document', 'typeOfDeclaration'],
      ['document', 'generalProcedureCode'],
      ['items'],
      ['items', '0'],
      ...Object.keys(valid.items[0]).map((key) => ['items', '0', key]),
      ['meta'],
      ['meta', 'validityDate'],
    ];
    for (const path of paths)
      for (const oddity of oddities) {
        const payload = structuredClone(valid) as Record<string, unknown>;
        let target = payload as Record<string, unknown>;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
        target[path[path.length - 1]] = oddity;
        const { status } = await simulate(payload);
        expect([200, 400, 422], `${path.join('.')} = ${JSON.stringify(oddity)}`).toContain(status);
      }
  });
});
