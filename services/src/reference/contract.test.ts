import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { ENTITIES } from './registry.js';
import { BACKENDS, startTestService, type TestService } from './test-database.js';

const tariff = parseCsv(readFileSync(join(DEFAULT_DATA_DIR, 'tariff/bd-customs-tariff-2025-26.csv'), 'utf8'));
const rates = parseCsv(readFileSync(join(DEFAULT_DATA_DIR, 'fx/bdt-rates.csv'), 'utf8'));

describe.each(BACKENDS)('reference service contract on $name', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const search = async (entity: string, body: unknown) => {
    const response = await service.app.inject({ method: 'POST', url: `/reference-service/${entity}/search`, payload: body as object });
    return { status: response.statusCode, body: response.json() };
  };
  const get = async (path: string) => {
    const response = await service.app.inject({ method: 'GET', url: `/reference-service/${path}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('returns every tariff line of heading 0901 with its tax columns', async () => {
    const expected = tariff.filter((row) => row.hs_code.startsWith('0901'));
    const { status, body } = await search('commodity', { restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: '0901' }] });
    expect(status).toBe(200);
    expect(body.totalCount).toBe(expected.length);
    expect(body.resultList.map((row: { code: string }) => row.code)).toEqual(expected.map((row) => row.hs_code.replace(/\./g, '')));
    const first = body.resultList[0];
    const source = expected[0];
    expect(first).toMatchObject({
      description: source.description,
      descriptionTranslated: null,
      tax01: Number(source.cd),
      tax02: Number(source.sd),
      tax03: Number(source.vat),
      tax04: Number(source.ait),
      tax05: Number(source.at),
      tax06: Number(source.rd),
      tax07: null,
      tax08: Number(source.tti_published),
      tax20: null,
      sample: false,
    });
  });

  it('pages with max and offset and keeps totalCount', async () => {
    const restrictions = [{ field: 'code', operator: 'STARTS_WITH', value: '0901' }];
    const all = await search('commodity', { restrictions, max: 100 });
    const page = await search('commodity', { restrictions, max: 3, offset: 3 });
    expect(page.body.totalCount).toBe(all.body.totalCount);
    expect(page.body.resultList).toEqual(all.body.resultList.slice(3, 6));
    const beyond = await search('commodity', { restrictions, max: 5, offset: 100 });
    expect(beyond.body).toEqual({ resultList: [], totalCount: all.body.totalCount });
    const lastPage = await search('commodity', { restrictions, max: 4, offset: 8 });
    expect(lastPage.body.totalCount).toBe(all.body.totalCount);
    expect(lastPage.body.resultList).toEqual(all.body.resultList.slice(8, 12));
    const none = await search('commodity', { restrictions: [{ field: 'code', operator: 'EQUALS', value: 'none' }], max: 5 });
    expect(none.body).toEqual({ resultList: [], totalCount: 0 });
    const commodityDefault = await search('commodity', {});
    expect(commodityDefault.body.resultList).toHaveLength(15);
    expect(commodityDefault.body.totalCount).toBe(tariff.length);
  });

  it('finds coffee by a case-insensitive CONTAINS on the description', async () => {
    const { body } = await search('commodity', {
      restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'COFFEE' }],
      max: 1000,
    });
    const expected = tariff.filter((row) => row.description.toLowerCase().includes('coffee'));
    expect(body.totalCount).toBe(expected.length);
    const codes = body.resultList.map((row: { code: string }) => row.code);
    for (const row of tariff.filter((line) => line.hs_code.startsWith('0901'))) expect(codes).toContain(row.hs_code.replace(/\./g, ''));
  });

  it('treats LIKE metacharacters as literal characters', async () => {
    for (const character of ['%', '_', '\\']) {
      const { status, body } = await search('commodity', {
        restrictions: [{ field: 'description', operator: 'CONTAINS', value: character }],
        max: 10000,
      });
      expect(status).toBe(200);
      expect(body.totalCount).toBe(tariff.filter((row) => row.description.includes(character)).length);
    }
    const percent = await search('commodity', { restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: '09%' }] });
    expect(percent.body.totalCount).toBe(0);
  });

  it('answers search and GET for every entity and sub-entity', async () => {
    for (const definition of ENTITIES.values()) {
      const { status, body } = await search(definition.name, { max: 2 });
      expect(status, definition.name).toBe(200);
      expect(body.totalCount, definition.name).toBeGreaterThan(0);
      const first = body.resultList[0];
      const path = definition.key.map((name) => encodeURIComponent(first[name])).join('/');
      const one = await get(`${definition.name}/${path}`);
      expect(one.status, `${definition.name}/${path}`).toBe(200);
      expect(one.body, definition.name).toEqual(first);
    }
  });

  it('flags sample data and only sample data', async () => {
    for (const [entity, sample] of [
      ['company', true],
      ['declarant', true],
      ['bank', true],
      ['commodity', false],
      ['currency', false],
    ] as const) {
      const { body } = await search(entity, { restrictions: [{ field: 'sample', operator: 'EQUALS', value: !sample }], max: 0 });
      expect(body.totalCount, entity).toBe(0);
    }
    const companies = await search('company', { max: 0 });
    expect(companies.body.totalCount).toBeGreaterThanOrEqual(1000);
    // Locations: UN/LOCODE entries are real; the customs-controlled places added to them are sample, and say so.
    const extras = await search('location', { restrictions: [{ field: 'sample', operator: 'EQUALS', value: true }] });
    expect(extras.body.totalCount).toBeGreaterThanOrEqual(10);
    for (const row of extras.body.resultList) expect(row.code).toMatch(/^BDZ\d\d$/);
    const real = await search('location', { restrictions: [{ field: 'code', operator: 'EQUALS', value: 'BDCGP' }] });
    expect(real.body.resultList[0]).toMatchObject({ description: 'Chattogram', sample: false });
  });

  it('looks up a list of codes with IN', async () => {
    const { body } = await search('currency', { restrictions: [{ field: 'code', operator: 'IN', values: ['USD', 'EUR', 'BDT', 'XXQ'] }] });
    expect(body.resultList.map((row: { code: string }) => row.code)).toEqual(['BDT', 'EUR', 'USD']);
    const bdt = body.resultList[0];
    expect(bdt.descriptionTranslated).toBe('বাংলাদেশী টাকা');
  });

  it('GETs an extended procedure as XX/YY and as the shown code', async () => {
    const split = await get('extendedProcedure/40/00');
    expect(split.status).toBe(200);
    expect(split.body).toMatchObject({ requestedProcedureCode: '40', previousProcedureCode: '00' });
    expect((await get('extendedProcedure/4000')).body).toEqual(split.body);
    expect((await get('modelOfDeclaration/IM/4')).body).toMatchObject({ code: 'IM', generalProcedureCode: '4', flow: '1' });
    expect((await get('modelOfDeclaration/EX-1')).body).toMatchObject({ code: 'EX', generalProcedureCode: '1', flow: '0' });
    expect((await get('extendedProcedure/99/99')).status).toBe(404);
  });

  it('names every procedure and tax of the sample lists in Bengali too', async () => {
    for (const entity of ['modelOfDeclaration', 'extendedProcedure', 'additionalProcedure', 'additionalRegimes', 'taxRule']) {
      const { resultList } = (await search(entity, { max: 500 })).body as {
        resultList: Array<{ code: string; descriptionTranslated: string }>;
      };
      expect(resultList.length, entity).toBeGreaterThan(5);
      for (const row of resultList)
        expect(row.descriptionTranslated, `${entity} ${row.code}`).toMatch(/^[\u0980-\u09FF][\u0980-\u09FF ,:()-]+$/);
    }
    expect((await get('modelOfDeclaration/IM/4')).body.descriptionTranslated).toBe('আমদানি: দেশীয় ব্যবহারের জন্য খালাস');
  });

  it('sorts by the default sort of each entity', async () => {
    const models = (await search('modelOfDeclaration', {})).body.resultList as Array<{ code: string; generalProcedureCode: string }>;
    const keys = models.map((row) => `${row.generalProcedureCode}|${row.code}`);
    expect(keys).toEqual([...keys].sort());
    const procedures = (await search('extendedProcedure', {})).body.resultList as Array<{ requestedProcedureCode: string }>;
    const requested = procedures.map((row) => row.requestedProcedureCode);
    expect(requested).toEqual([...requested].sort());
    const descending = (await search('currency', { sortByFields: [{ field: 'code', order: 'DESC' }], max: 3 })).body.resultList;
    expect(descending.map((row: { code: string }) => row.code)).toEqual(['ZWG', 'ZMW', 'ZAR']);
  });

  it('selects exchange rates valid on the validity date, with validToDate', async () => {
    const usd = rates.filter((row) => row.currency === 'USD').map((row) => row.date);
    const published = usd[10];
    const next = usd[11];
    const onDate = await search('exchangeRate', {
      restrictions: [{ field: 'code', operator: 'EQUALS', value: 'USD' }],
      meta: { validityDate: published },
    });
    expect(onDate.body.totalCount).toBe(1);
    const row = onDate.body.resultList[0];
    expect(row.validFromDate).toBe(published);
    expect(row.rate).toBeCloseTo(Number(rates.find((item) => item.currency === 'USD' && item.date === published)!.bdt_per_unit), 6);
    expect(row.validToDate < next).toBe(true);
    const dayBeforeNext = new Date(Date.parse(`${next}T00:00:00Z`) - 86400000).toISOString().slice(0, 10);
    expect(row.validToDate).toBe(dayBeforeNext);
    const latest = await search('exchangeRate', { restrictions: [{ field: 'code', operator: 'EQUALS', value: 'USD' }] });
    expect(latest.body.resultList[0]).toMatchObject({ validFromDate: usd[usd.length - 1], validToDate: null });
    const before = await search('exchangeRate', { meta: { validityDate: '2020-01-01' } });
    expect(before.body.totalCount).toBe(0);
    const all = await search('exchangeRate', { meta: { validityDate: published }, max: 0 });
    expect(all.body.totalCount).toBe(new Set(rates.filter((item) => item.date <= published).map((item) => item.currency)).size);
  });

  it('implements every operator', async () => {
    const codes = async (restrictions: unknown[], restrictBy?: string) =>
      (await search('modeOfTransports', { restrictions, restrictBy })).body.resultList.map((row: { code: string }) => row.code);
    const all = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
    expect(await codes([{ field: 'code', operator: 'EQUALS', value: '3' }])).toEqual(['3']);
    expect(await codes([{ field: 'code', operator: 'NOT_EQUALS', value: '3' }])).toEqual(all.filter((code) => code !== '3'));
    expect(await codes([{ field: 'code', operator: 'IN', values: ['1', '4'] }])).toEqual(['1', '4']);
    expect(await codes([{ field: 'code', operator: 'NOT_IN', values: ['1', '4'] }])).toHaveLength(8);
    expect(await codes([{ field: 'descriptionTranslated', operator: 'IS_NULL' }])).toEqual(all);
    expect(await codes([{ field: 'descriptionTranslated', operator: 'IS_NOT_NULL' }])).toEqual([]);
    expect(await codes([{ field: 'descriptionTranslated', operator: 'EMPTY' }])).toEqual(all);
    expect(await codes([{ field: 'description', operator: 'STARTS_WITH', value: 'rail' }])).toEqual(['2']);
    expect(await codes([{ field: 'description', operator: 'ENDS_WITH', value: 'TRANSPORT' }])).toContain('1');
    expect(await codes([{ field: 'description', operator: 'CONTAINS', value: 'air' }])).toEqual(['4']);
    expect(await codes([{ field: 'code', operator: 'GREATER_THAN', value: '7' }])).toEqual(['8', '9']);
    expect(await codes([{ field: 'code', operator: 'LESS_THAN', value: '2' }])).toEqual(['0', '1']);
    expect(await codes([{ field: 'code', operator: 'BETWEEN', value: '2', valueTo: '4' }])).toEqual(['2', '3', '4']);
    const both = [
      { field: 'code', operator: 'EQUALS', value: '1' },
      { field: 'code', operator: 'EQUALS', value: '2' },
    ];
    expect(await codes(both)).toEqual(['1', '2']);
    expect(await codes(both, 'AND')).toEqual([]);
    const tti = await search('commodity', { restrictions: [{ field: 'tax08', operator: 'GREATER_THAN', value: 500 }], max: 0 });
    expect(tti.body.totalCount).toBe(tariff.filter((row) => Number(row.tti_published) > 500).length);
  });

  it('returns only the selected fields, distinct when asked', async () => {
    const { body } = await search('country', {
      selectFields: ['code', 'descriptionTranslated'],
      restrictions: [{ field: 'code', operator: 'EQUALS', value: 'BD' }],
    });
    expect(body.resultList).toEqual([{ code: 'BD', descriptionTranslated: 'বাংলাদেশ' }]);
    const regimes = await search('additionalRegimes', { selectFields: ['code'], distinct: true, max: 1000 });
    const all = await search('additionalRegimes', { selectFields: ['code'], max: 1000 });
    const distinctCodes = [...new Set(all.body.resultList.map((row: { code: string }) => row.code))];
    expect(regimes.body.totalCount).toBe(distinctCodes.length);
    expect(regimes.body.resultList.map((row: { code: string }) => row.code)).toEqual([...distinctCodes].sort());
  });

  it('keeps injection strings as plain values', async () => {
    const hostile = ["' OR 1=1 --", '"; DROP TABLE ref_commodity; --', "0901' UNION SELECT * FROM data_pack --"];
    for (const value of hostile) {
      const { status, body } = await search('commodity', { restrictions: [{ field: 'description', operator: 'CONTAINS', value }] });
      expect(status).toBe(200);
      expect(body.totalCount).toBe(0);
    }
    expect((await search('commodity', { max: 0 })).body.totalCount).toBe(tariff.length);
  });

  it('answers bad input with 400 or 404 and a message naming the problem', async () => {
    const cases: Array<[unknown, RegExp, string]> = [
      [{ restrictions: [{ field: 'price', operator: 'EQUALS', value: '1' }] }, /field.*price/, 'restrictions[0].field'],
      [{ restrictions: [{ field: 'code', operator: 'LIKE', value: '1' }] }, /operator/, 'restrictions[0].operator'],
      [{ max: 10001 }, /max/, 'max'],
      [{ max: -1 }, /max/, 'max'],
      [{ max: '10' }, /max/, 'max'],
      [{ offset: 1.5 }, /offset/, 'offset'],
      [{ restrictions: [{ field: 'tax01', operator: 'EQUALS', value: 'five' }] }, /tax01/, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'code', operator: 'EQUALS', value: 123 }] }, /string/, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'tax01', operator: 'CONTAINS', value: '5' }] }, /text fields/, 'restrictions[0].operator'],
      [{ restrictions: [{ field: 'code', operator: 'IN', values: [] }] }, /values/, 'restrictions[0].values'],
      [{ restrictions: [{ field: 'code', operator: 'BETWEEN', value: '1' }] }, /valueTo/, 'restrictions[0].valueTo'],
      [{ restrictions: [{ field: 'code', operator: 'EQUALS' }] }, /value/, 'restrictions[0].value'],
      [{ meta: { validityDate: '2025-02-30' } }, /validityDate/, 'meta.validityDate'],
      [{ meta: { validityDate: '22/11/2026' } }, /validityDate/, 'meta.validityDate'],
      [{ sortByFields: [{ field: 'nope' }] }, /sortByFields/, 'sortByFields[0].field'],
      [{ selectFields: ['code', 'secret'] }, /selectFields/, 'selectFields[1]'],
      [{ distinct: true, selectFields: ['code'], sortByFields: ['description'] }, /selectFields/, 'sortByFields'],
      [{ keywords: 'cotton', distinct: true }, /distinct/, 'distinct'],
      [{ restrictions: [{ field: 'code', operator: 'EQUALS', value: 'x'.repeat(5000) }] }, /value/, 'restrictions[0].value'],
      [{ restrictBy: 'XOR' }, /restrictBy/, 'restrictBy'],
      [[1, 2], /body/, 'body'],
    ];
    for (const [body, message, field] of cases) {
      const response = await search('commodity', body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(response.body.field, JSON.stringify(body).slice(0, 80)).toBe(field);
      expect(response.body.message).not.toMatch(/select |from "|sqlite|at \//i);
    }
    const malformed = await service.app.inject({
      method: 'POST',
      url: '/reference-service/commodity/search',
      headers: { 'content-type': 'application/json' },
      payload: '{"max": 1,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ field: 'body', message: 'body: not valid JSON (the content-type says application/json)' });
    const lookup = await get('country/BD?validityDate=2026-02-30');
    expect(lookup).toMatchObject({ status: 400, body: { field: 'validityDate' } });
    const unknown = await get('nothing/1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/Unknown entity/);
    expect((await search('nothing', {})).status).toBe(404);
    const missing = await get('commodity/00000000');
    expect(missing.status).toBe(404);
    expect((await get('commodity/01012100?validityDate=yesterday')).status).toBe(400);
    expect((await get('commodity/%00')).status).toBe(400);
    expect((await search('commodity', { restrictions: [{ field: 'code', operator: 'EQUALS', value: 'a\u0000b' }] })).status).toBe(400);
    const bodiless = await service.app.inject({ method: 'POST', url: '/reference-service/currency/search' });
    expect(bodiless.statusCode).toBe(200);
  });

  it('describes itself in OpenAPI 3 from the validating schemas', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/reference-service/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    for (const name of ENTITIES.keys()) expect(document.paths[`/reference-service/${name}/search`], name).toBeDefined();
    const body = document.paths['/reference-service/commodity/search'].post.requestBody.content['application/json'].schema;
    expect(body.properties.restrictions.items.properties.operator.enum).toContain('BETWEEN');
    expect(body.properties.max.maximum).toBe(10000);
  });
});
