import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../config.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { allOf, lookupBy } from '../reference/lookup.js';
import { runSearch } from '../reference/query.js';
import { ENTITIES } from '../reference/registry.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { TRADERS_GUIDE_PREFIX, tradersGuidePlugin } from './plugin.js';
import { checkRequirementRules, loadRequirementRules, type RequirementRules } from './rules.js';

const rulesFile = JSON.parse(readFileSync(join(DEFAULT_DATA_DIR, 'traders-guide/rules.json'), 'utf8'));
const siteConfig = JSON.parse(readFileSync(join(repoRoot, 'static/traders-guide-config.json'), 'utf8'));
const DATE = '2025-09-15';
const IMPORT = { typeOfDeclaration: 'IM', generalProcedureCode: '4' };
const EXPORT = { typeOfDeclaration: 'EX', generalProcedureCode: '1' };

type Attachment = { code: string; description: string | null; type: string; ruleIds: string[]; oneOf?: string; sample: boolean };
type Item = { attachments: Attachment[]; fieldsErrors: Array<{ field: string; message: string }> };

describe.each(BACKENDS)('traders guide on $name', (backend) => {
  let service: TestService;
  let rules: RequirementRules;
  beforeAll(async () => {
    rules = await loadRequirementRules();
    service = await startTestService(backend, ['tariff', 'country', 'codelists', 'sample'], async (app, database) => {
      await app.register(tradersGuidePlugin, { prefix: TRADERS_GUIDE_PREFIX, database, rules });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const post = async (payload: unknown) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `${TRADERS_GUIDE_PREFIX}/requirements`,
      headers: { 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const ask = async (document: object, items: object[], ruleTypes?: string[]) => {
    const { status, body } = await post({
      document,
      items,
      meta: { ruleTypes: ruleTypes ?? siteConfig.meta.ruleTypes, validityDate: DATE },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.items as Item[];
  };
  const codes = (item: Item) => item.attachments.map((attachment) => attachment.code);

  it('names only documents, codes and countries that exist in the reference data', async () => {
    const documents = await lookupBy(
      service.database,
      'attachedDocument',
      rules.rules.flatMap((rule) => rule.documents),
      DATE,
    );
    const countries = await lookupBy(
      service.database,
      'country',
      rules.rules.flatMap((rule) => rule.origins ?? []),
      DATE,
    );
    const procedures = (await allOf(service.database, 'extendedProcedure', DATE, ['code'])).map((row) => String(row.code));
    const nationals = new Set((await allOf(service.database, 'additionalProcedure', DATE, ['code'])).map((row) => String(row.code)));
    for (const rule of rules.rules) {
      for (const code of rule.documents) expect(documents.has(code), `${rule.id}: document ${code}`).toBe(true);
      for (const code of rule.origins ?? []) expect(countries.has(code), `${rule.id}: country ${code}`).toBe(true);
      for (const prefix of rule.procedures ?? [])
        expect(
          procedures.some((code) => code.startsWith(prefix)),
          `${rule.id}: procedure ${prefix}`,
        ).toBe(true);
      for (const code of [...(rule.nationalProcedures ?? []), ...(rule.excludeNationalProcedures ?? [])])
        expect(nationals.has(code), `${rule.id}: national procedure ${code}`).toBe(true);
      for (const prefix of [...(rule.commodities ?? []), ...(rule.excludeCommodities ?? [])]) {
        const { resultList } = await runSearch(service.database, ENTITIES.get('commodity')!, {
          max: 1,
          restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: prefix }],
          meta: { validityDate: DATE },
        });
        expect(resultList.length, `${rule.id}: no tariff line starts with ${prefix}`).toBe(1);
      }
    }
    expect(rules.sample).toBe(true);
  });

  it("serves the site's configuration with the rule types of the rule set", () => {
    expect(siteConfig.additionalFields).toEqual([]);
    expect(siteConfig.meta.ruleTypes).toEqual(rules.ruleTypes.map((type) => type.code));
  });

  it('rejects inconsistent rule files', () => {
    const broken = structuredClone(rulesFile);
    broken.rules[1].type = 'NOPE';
    expect(() => checkRequirementRules(broken)).toThrow(/rules\[1\]\.type/);
    const duplicate = structuredClone(rulesFile);
    duplicate.rules[2].id = duplicate.rules[0].id;
    expect(() => checkRequirementRules(duplicate)).toThrow(/rules\[2\]\.id/);
    const empty = structuredClone(rulesFile);
    empty.rules[0].commodities = [];
    expect(() => checkRequirementRules(empty)).toThrow(/rules\[0\]\.commodities/);
  });

  it('lists the documents of a coffee import from India for home use', async () => {
    const [item] = await ask(IMPORT, [
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000', nationalProcedureCode: '000' },
    ]);
    expect(item.fieldsErrors).toEqual([]);
    expect(codes(item)).toEqual(['380', '271', '705', '740', '730', '927', '465', '520', '864', '851']);
    expect(item.attachments[0]).toEqual({
      code: '380',
      description: 'Commercial invoice',
      descriptionTranslated: null,
      type: 'COMMERCIAL',
      ruleIds: ['commercial-invoice'],
      sample: true,
    });
    expect(item.attachments.filter((attachment) => attachment.oneOf).map((attachment) => attachment.code)).toEqual(['705', '740', '730']);
    // The form's own value "IM-4" is the type and the general procedure, as the taxation service reads it.
    const [same] = await ask({ typeOfDeclaration: 'IM-4' }, [
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000', nationalProcedureCode: '000' },
    ]);
    expect(codes(same)).toEqual(codes(item));
  });

  it('drops the preferential origin outside the partner countries and the financial documents for samples', async () => {
    const [fromBrazil, sample] = await ask(IMPORT, [
      { commodityCode: '09012110', itemCountryOfOriginCode: 'BR', extendedProcedureCode: '4000' },
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000', nationalProcedureCode: 'C04' },
    ]);
    expect(codes(fromBrazil)).toEqual(['380', '271', '705', '740', '730', '927', '465', '520', '851']);
    expect(sample.fieldsErrors).toEqual([]);
    expect(codes(sample)).toEqual(['380', '271', '705', '740', '730', '864', '851']);
  });

  it('lists the documents of a rice export, and of controlled, animal and food goods', async () => {
    const [rice] = await ask(EXPORT, [{ commodityCode: '10063011', extendedProcedureCode: '1000', itemCountryOfOriginCode: 'BD' }]);
    expect(codes(rice)).toEqual(['380', '271', '705', '740', '730', '812', '861', '851', '811']);
    const [pistol, beef, milk] = await ask(IMPORT, [
      { commodityCode: '93020090', itemCountryOfOriginCode: 'IT', extendedProcedureCode: '4000' },
      { commodityCode: '02011010', itemCountryOfOriginCode: 'AU', extendedProcedureCode: '4000' },
      { commodityCode: '04021010', itemCountryOfOriginCode: 'NZ', extendedProcedureCode: '4071' },
    ]);
    const [reimport] = await ask({ typeOfDeclaration: 'IM', generalProcedureCode: '6' }, [
      { commodityCode: '09012110', itemCountryOfOriginCode: 'BD', extendedProcedureCode: '6123' },
    ]);
    expect(codes(pistol)).toContain('911');
    expect(codes(beef)).toEqual(expect.arrayContaining(['853', '589', '1']));
    expect(codes(milk)).toEqual(expect.arrayContaining(['853', '1', '2']));
    expect(codes(reimport)).toEqual(['380', '271', '705', '740', '730', '851', '830']);
  });

  it('applies only the requested rule types', async () => {
    const [item] = await ask(
      IMPORT,
      [{ commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000' }],
      ['COMMERCIAL', 'SPS'],
    );
    expect(codes(item)).toEqual(['380', '271', '851']);
    expect(item.attachments.map((attachment) => attachment.type)).toEqual(['COMMERCIAL', 'COMMERCIAL', 'SPS']);
  });

  it('reports unknown codes per item, in order, without attachments', async () => {
    const items = await ask(IMPORT, [
      { commodityCode: '99999999', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000' },
      { commodityCode: '09012110', itemCountryOfOriginCode: 'ZZ', extendedProcedureCode: '4099', nationalProcedureCode: 'X99' },
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '1000' },
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '5300' },
      { itemCountryOfOriginCode: 'IN' },
      { commodityCode: '0901.21.10', itemCountryOfOriginCode: 'in', extendedProcedureCode: '4000' },
    ]);
    expect(items.map((item) => item.fieldsErrors)).toEqual([
      [{ field: 'commodityCode', message: 'Unknown commodity code' }],
      [
        { field: 'itemCountryOfOriginCode', message: 'Unknown country code' },
        { field: 'extendedProcedureCode', message: 'Unknown extended procedure code' },
        { field: 'nationalProcedureCode', message: 'Unknown national procedure code' },
      ],
      [{ field: 'extendedProcedureCode', message: 'Procedure 1000 cannot be declared with a declaration of type IM' }],
      [{ field: 'extendedProcedureCode', message: 'Procedure 5300 does not belong to general procedure 4' }],
      [
        { field: 'commodityCode', message: 'Field is mandatory' },
        { field: 'extendedProcedureCode', message: 'Field is mandatory' },
      ],
      [],
    ]);
    expect(items.slice(0, 5).every((item) => item.attachments.length === 0)).toBe(true);
    expect(items[5].attachments.length).toBeGreaterThan(0);
  });

  it('checks the national procedure against the ones allowed with the extended procedure', async () => {
    const [item] = await ask(IMPORT, [
      { commodityCode: '09012110', itemCountryOfOriginCode: 'IN', extendedProcedureCode: '4000', nationalProcedureCode: 'E01' },
    ]);
    expect(item.fieldsErrors).toEqual([
      { field: 'nationalProcedureCode', message: 'National procedure E01 is not allowed with extended procedure 4000' },
    ]);
  });

  it('answers malformed bodies with 400 naming the field, never 500', async () => {
    const valid = { document: IMPORT, items: [{ commodityCode: '09012110', extendedProcedureCode: '4000' }], meta: { ruleTypes: ['SPS'] } };
    const cases: Array<[unknown, string]> = [
      ['"x"', 'body'],
      [{ items: valid.items }, 'document'],
      [{ ...valid, document: { generalProcedureCode: '4' } }, 'document.typeOfDeclaration'],
      [{ ...valid, document: { typeOfDeclaration: 'XX', generalProcedureCode: '4' } }, 'document.typeOfDeclaration'],
      [{ ...valid, document: { typeOfDeclaration: 'IM', generalProcedureCode: {} } }, 'document.generalProcedureCode'],
      [{ ...valid, items: [] }, 'items'],
      [{ ...valid, items: 'all' }, 'items'],
      [{ ...valid, items: [null] }, 'items[0]'],
      [{ ...valid, items: [{ commodityCode: ['09'] }] }, 'items[0].commodityCode'],
      [{ ...valid, items: [valid.items[0], { extendedProcedureCode: false }] }, 'items[1].extendedProcedureCode'],
      [{ ...valid, meta: { ruleTypes: 'SPS' } }, 'meta.ruleTypes'],
      [{ ...valid, meta: { ruleTypes: ['SPS', 'TAXES'] } }, 'meta.ruleTypes[1]'],
      [{ ...valid, meta: { validityDate: 'yesterday' } }, 'meta.validityDate'],
      [{ ...valid, meta: { validityDate: '' } }, 'meta.validityDate'],
      // Strict: a code is text, not a number, and an unknown property is refused.
      [{ ...valid, items: [{ ...valid.items[0], commodityCode: 9012110 }] }, 'items[0].commodityCode'],
      [{ ...valid, items: [{ ...valid.items[0], commoditycode: '09012110' }] }, 'items[0]'],
      [{ ...valid, consignments: valid.items }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await post(payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.field, JSON.stringify(payload)).toBe(field);
    }
    expect((await post('{"items":')).status).toBe(400);
    const oddities: unknown[] = [null, true, 1, '', '\u0000', [], {}, 'IM', '4000'];
    for (const key of ['commodityCode', 'itemCountryOfOriginCode', 'extendedProcedureCode', 'nationalProcedureCode'])
      for (const oddity of oddities) {
        const { status } = await post({ ...valid, items: [{ ...valid.items[0], [key]: oddity }] });
        expect([200, 400], `${key} = ${JSON.stringify(oddity)}`).toContain(status);
      }
  });
});
