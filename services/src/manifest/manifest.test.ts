import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { issuerOf, REALM, SERVICES_AUDIENCE } from '../identity/plugin.js';
import { SigningKey } from '../identity/tokens.js';
import { createVerifier } from '../identity/verify.js';
import { manifestPlugin, MANIFEST_PREFIX } from './plugin.js';
import { sampleManifests, VESSEL_STATUSES } from './sample.js';

const PORTAL = 'http://localhost:8000';
const DAY = '2026-11-22';
const CLIENT = REALM.clients[0].clientId;

describe('manifest service', () => {
  let app: FastifyInstance;
  let key: SigningKey;
  const tokenFor = (roles: string[]) =>
    key.sign({ iss: issuerOf(PORTAL), aud: SERVICES_AUDIENCE, sub: 'user-1', preferred_username: 'user', realm_access: { roles } }, 300);
  let trader: string;

  beforeAll(async () => {
    key = await SigningKey.load();
    trader = await tokenFor(['trader']);
    app = Fastify();
    const verifier = createVerifier({ issuer: issuerOf(PORTAL), audience: SERVICES_AUDIENCE, keys: key, clientId: CLIENT });
    await app.register(manifestPlugin, { prefix: MANIFEST_PREFIX, verifier, day: () => DAY });
    await app.ready();
  });
  afterAll(() => app.close());

  const search = (body: unknown, token = trader) =>
    app.inject({
      method: 'POST',
      url: `${MANIFEST_PREFIX}/search`,
      payload: body as object,
      headers: { authorization: `Bearer ${token}` },
    });

  it('generates the same sample on the same day: two years, real ports and offices, flagged sample', () => {
    const first = sampleManifests(DAY);
    const second = sampleManifests(DAY);
    expect(second.manifests).toEqual(first.manifests);
    expect(first.manifests.length).toBeGreaterThan(4000);
    const dates = first.manifests.map((row) => row.registrationDate).sort();
    expect(dates[0] < '2024-12-01').toBe(true);
    expect(dates.at(-1)! <= DAY).toBe(true);
    expect(new Set(first.manifests.map((row) => row.customsOfficeCode))).toEqual(new Set(['101', '121', '151']));
    expect(first.manifests.every((row) => row.sample && /^\d{7}$/.test(row.vesselImo))).toBe(true);
    expect(first.manifests.some((row) => row.placeOfDestination === 'BDCGP')).toBe(true);
    expect(first.manifests.some((row) => row.placeOfDeparture === 'BDMGL')).toBe(true);
    expect(new Set(first.vessels.map((vessel) => vessel.status))).toEqual(new Set(VESSEL_STATUSES));
  });

  it('needs a signed-in user with a trade or staff role', async () => {
    expect((await app.inject({ method: 'POST', url: `${MANIFEST_PREFIX}/search`, payload: {} })).statusCode).toBe(401);
    expect(
      (await search({ restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: '001N' }] }, await tokenFor([]))).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels` })).statusCode).toBe(401);
  });

  it('finds manifests in a registration-date range, newest first, with the total', async () => {
    const response = await search({
      offset: 0,
      max: 10,
      restrictions: [{ field: 'registrationDate', operator: 'BETWEEN', value: '2026-10-01', valueTo: '2026-10-31' }],
    });
    expect(response.statusCode).toBe(200);
    const { resultList, totalCount } = response.json();
    const expected = sampleManifests(DAY).manifests.filter(
      (row) => row.registrationDate >= '2026-10-01' && row.registrationDate <= '2026-10-31',
    );
    expect(totalCount).toBe(expected.length);
    expect(resultList).toHaveLength(10);
    expect(resultList[0].registrationDate >= resultList[9].registrationDate).toBe(true);
    for (const row of resultList) expect(row.registrationDate >= '2026-10-01' && row.registrationDate <= '2026-10-31').toBe(true);
  });

  it('combines restrictions (AND), compares text case-insensitively, takes registrationNumber as a number and pages by offset', async () => {
    const all = sampleManifests(DAY).manifests.filter((row) => row.customsOfficeCode === '121' && row.placeOfDestination === 'BDMGL');
    const body = {
      offset: 5,
      max: 5,
      selectFields: ['registrationNumber', 'customsOfficeCode', 'placeOfDestination'],
      restrictions: [
        { field: 'customsOfficeCode', operator: 'EQUALS', value: '121' },
        { field: 'placeOfDestination', operator: 'EQUALS', value: 'bdmgl' },
      ],
    };
    const page = (await search(body)).json();
    expect(page.totalCount).toBe(all.length);
    expect(page.resultList).toHaveLength(5);
    expect(Object.keys(page.resultList[0]).sort()).toEqual(['customsOfficeCode', 'placeOfDestination', 'registrationNumber']);
    const one = all[0];
    const byNumber = (
      await search({
        restrictions: [
          { field: 'registrationNumber', operator: 'EQUALS', value: String(one.registrationNumber) },
          { field: 'customsOfficeCode', operator: 'EQUALS', value: '121' },
          { field: 'registrationYear', operator: 'EQUALS', value: one.registrationYear },
        ],
      })
    ).json();
    expect(byNumber.totalCount).toBe(1);
    expect(byNumber.resultList[0].voyageNumber).toBe(one.voyageNumber);
  });

  it('answers bad input with 400 naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      [{ restrictions: [] }, 'restrictions'],
      [{ restrictions: [{ field: 'password', operator: 'EQUALS', value: 'x' }] }, 'restrictions[0].field'],
      // Names every JavaScript object has are no fields either.
      [{ restrictions: [{ field: 'constructor', operator: 'EQUALS', value: 'x' }] }, 'restrictions[0].field'],
      [{ restrictions: [{ field: '__proto__', operator: 'EQUALS', value: 'x' }] }, 'restrictions[0].field'],
      [{ restrictions: [{ field: 'toString', operator: 'EQUALS', value: 'x' }] }, 'restrictions[0].field'],
      [{ restrictions: [{ field: 'arrivalDate', operator: 'EQUALS', value: '2026-11-01 DROP' }] }, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'voyageNumber', operator: 'LIKE', value: 'x' }] }, 'restrictions[0].operator'],
      [{ restrictions: [{ field: 'arrivalDate', operator: 'EQUALS', value: '2026-02-30' }] }, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'registrationNumber', operator: 'EQUALS', value: 'twelve' }] }, 'restrictions[0].value'],
      // A number's text in plain digits only: "0x10" is not 16, nor " 1e1 " 10.
      [{ restrictions: [{ field: 'registrationNumber', operator: 'EQUALS', value: '0x10' }] }, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'registrationNumber', operator: 'EQUALS', value: ' 1e1 ' }] }, 'restrictions[0].value'],
      [{ restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: 'A\u0000' }] }, 'restrictions[0].value'],
      [
        { restrictions: [{ field: 'arrivalDate', operator: 'BETWEEN', value: '2026-03-02', valueTo: '2026-03-01' }] },
        'restrictions[0].valueTo',
      ],
      [{ max: 5000, restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: '1' }] }, 'max'],
      [{ selectFields: ['secret'], restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: '1' }] }, 'selectFields[0]'],
      // The one contract: no text taken for a number, no unknown property dropped in silence.
      [{ max: '10', restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: '1' }] }, 'max'],
      [{ colour: 'red', restrictions: [{ field: 'voyageNumber', operator: 'EQUALS', value: '1' }] }, 'colour'],
    ];
    for (const [body, field] of cases) {
      const response = await search(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toContain(field);
      // The offending property is named apart too, except an unknown one (the sender's text, in the message only).
      if (field !== 'colour') expect(response.json().field, JSON.stringify(body)).toBe(field);
    }
  });

  it('prints the page as a file named with its 1-based row range', async () => {
    const restrictions = [{ field: 'registrationDate', operator: 'BETWEEN', value: '2026-01-01', valueTo: '2026-06-30' }];
    for (const [format, type, magic] of [
      ['pdf', 'application/pdf', '%PDF'],
      ['xlsx', 'spreadsheetml', 'PK'],
      ['csv', 'text/csv', '\ufeff'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: `${MANIFEST_PREFIX}/print?reportFormat=${format}&locale=${format === 'pdf' ? 'BN' : 'EN'}`,
        payload: { offset: 10, max: 10, restrictions },
        headers: { authorization: `Bearer ${trader}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['content-disposition']).toBe(`attachment; filename="Manifest(11-20).${format}"`);
      expect(response.rawPayload.subarray(0, 4).toString('utf8').startsWith(magic)).toBe(true);
    }
    // One page of the results says which rows of how many it holds.
    const pdf = await app.inject({
      method: 'POST',
      url: `${MANIFEST_PREFIX}/print?reportFormat=pdf`,
      payload: { offset: 10, max: 10, restrictions },
      headers: { authorization: `Bearer ${trader}` },
    });
    const total = (
      await app.inject({
        method: 'POST',
        url: `${MANIFEST_PREFIX}/search`,
        payload: { max: 1, restrictions },
        headers: { authorization: `Bearer ${trader}` },
      })
    ).json().totalCount;
    expect(total).toBeGreaterThan(20);
    const file = join(mkdtempSync(join(tmpdir(), 'manifest-')), 'page.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain(`Sample data · rows 11–20 of ${total} ·`);
    const bad = await app.inject({
      method: 'POST',
      url: `${MANIFEST_PREFIX}/print?reportFormat=docx`,
      payload: { restrictions },
      headers: { authorization: `Bearer ${trader}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('reportFormat');
    // The columns are checked as for a search; a page past the end is the empty range.
    const print = (payload: object) =>
      app.inject({
        method: 'POST',
        url: `${MANIFEST_PREFIX}/print?reportFormat=csv`,
        payload,
        headers: { authorization: `Bearer ${trader}` },
      });
    const unknownColumn = await print({ restrictions, selectFields: ['bogus'] });
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().field).toBe('selectFields[0]');
    const pastTheEnd = await print({ restrictions, offset: 999_999 });
    expect(pastTheEnd.statusCode).toBe(200);
    expect(pastTheEnd.headers['content-disposition']).toBe('attachment; filename="Manifest(0-0).csv"');
  });

  it('lists the latest manifests and the vessels with their statuses', async () => {
    const headers = { authorization: `Bearer ${trader}` };
    const latest = (await app.inject({ method: 'GET', url: `${MANIFEST_PREFIX}/latest?max=5`, headers })).json();
    expect(latest.resultList).toHaveLength(5);
    expect(latest.resultList[0].registrationDate).toBe(
      sampleManifests(DAY)
        .manifests.map((row) => row.registrationDate)
        .sort()
        .at(-1),
    );
    const vessels = (await app.inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels?status=Moored&max=200`, headers })).json();
    expect(vessels.totalCount).toBe(vessels.statusCounts.Moored);
    expect(vessels.resultList.every((vessel: { status: string }) => vessel.status === 'Moored')).toBe(true);
    expect((await app.inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels?status=Sunk`, headers })).statusCode).toBe(400);
  });
});
