import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testIdentity } from '../identity/test-identity.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { TARIFF_FILE, ttiOf } from '../db/tariff-packs.js';
import { loadTaxRules } from '../taxation/rules.js';
import { previousDay } from '../db/packs.js';
import { today } from '../http/request.js';
import { referencePlugin, REFERENCE_PREFIX } from '../reference/plugin.js';
import { AnswerCache } from '../reference/cache.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { dataConsolePlugin, DATA_CONSOLE_PREFIX } from './plugin.js';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** The deployed edition's file, with one line's customs duty raised, one line dropped and one new line. */
function nextEdition(): { csv: string; raised: string; dropped: string; added: string } {
  const [header, ...rows] = readFileSync(join(DEFAULT_DATA_DIR, TARIFF_FILE), 'utf8').trim().split('\n');
  const columns = header.split(',');
  const at = (name: string) => columns.indexOf(name);
  const raisedRow = rows[0].split(',');
  raisedRow[at('cd')] = '10.0';
  const [cd, rd, sd, vat, ait, atax] = ['cd', 'rd', 'sd', 'vat', 'ait', 'at'].map((name) => Number(raisedRow[at(name)]));
  raisedRow[at('tti_published')] = String(ttiOf(loadTaxRules(), { cd, rd, sd, vat, ait, at: atax }));
  const dropped = rows[1].split(',')[0].replace(/\./g, '');
  const added = rows[0].split(',');
  added[at('hs_code')] = '0101.21.90';
  added[at('description')] = 'Pure-bred breeding zebras';
  const csv = [header, raisedRow.join(','), ...rows.slice(2), added.join(',')].join('\n');
  return { csv, raised: raisedRow[0].replace(/\./g, ''), dropped, added: '01012190' };
}

describe.each(BACKENDS)('tariff editions ($name)', (backend) => {
  let service: TestService;
  let officer: string;
  const day = today();

  beforeAll(async () => {
    const { verifier, tokenFor } = await testIdentity();
    officer = await tokenFor(['officer'], 'officer.two');
    service = await startTestService(backend, ['hs', 'tariff', 'hsI18n', 'search'], async (app, database) => {
      await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, database });
      await app.register(dataConsolePlugin, {
        prefix: DATA_CONSOLE_PREFIX,
        database,
        verifier,
        onChange: () => AnswerCache.clearAll(),
        feedMinutes: 60,
        scheduleMs: 3_600_000,
      });
    });
  }, 180_000);
  afterAll(() => service?.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    service.app.inject({ method, url: `${DATA_CONSOLE_PREFIX}${url}`, payload, headers: { authorization: `Bearer ${officer}` } });
  const lineOn = async (code: string, date: string) => {
    const response = await service.app.inject({
      method: 'POST',
      url: `${REFERENCE_PREFIX}/commodity/search`,
      payload: { restrictions: [{ field: 'code', operator: 'EQUALS', value: code }], meta: { validityDate: date } },
    });
    return response.json().resultList[0] as Record<string, unknown> | undefined;
  };
  const keyword = async (words: string) =>
    (
      await service.app.inject({
        method: 'POST',
        url: `${REFERENCE_PREFIX}/commodity/search`,
        payload: { keywords: words, meta: { validityDate: day } },
      })
    ).json().resultList as Array<{ code: string }>;
  const snapshot = async () => ({
    lines: await service.database.db
      .selectFrom('ref_commodity')
      .select(['code', 'tax01', 'tax08', 'validFrom', 'validTo'])
      .orderBy('code')
      .orderBy('validFrom')
      .execute(),
    documents: (await service.database.db.selectFrom('search_document').select('code').orderBy('code').execute()).length,
  });

  it('refuses a line whose published TTI is not what its taxes give', async () => {
    const file = 'hs_code,description,cd,rd,sd,vat,ait,at,tti_published\n0101.21.00,Horses,5,0,0,0,5,0,12\n';
    const response = await call('POST', '/uploads', { kind: 'tariff', fileName: 'edition.csv', content: base64(file) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        file: 'edition.csv',
        line: 2,
        field: 'tti_published',
        message: '"12" differs from the TTI its taxes give (10)',
        reason: 'ttiMismatch',
        value: '12',
      },
    ]);
  });

  it('previews the taxes and TTI before and after, publishes from a date with the old edition kept, and rolls back', async () => {
    const before = await snapshot();
    const { csv, raised, dropped, added } = nextEdition();
    const uploaded = await call('POST', '/uploads', { kind: 'tariff', fileName: 'tariff-2026-27.csv', content: base64(csv) });
    expect(uploaded.statusCode).toBe(201);
    const { upload, preview } = uploaded.json();
    expect(preview.counts).toMatchObject({ new: 1, changed: 1, removed: 1, jumps: 1 });
    expect(preview.lines[0]).toMatchObject({ code: raised, status: 'changed', jump: true, before: { cd: 5, tti: 10 }, after: { cd: 10 } });
    expect(preview.lines[0].after.tti).toBeGreaterThan(10);

    // A line in force removed: the publication says how many, as its preview showed them, or it is refused.
    for (const removals of [undefined, 0, 2]) {
      const refused = await call('POST', `/uploads/${upload.id}/publish`, {
        validFrom: day,
        ...(removals === undefined ? {} : { removals }),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        field: 'removals',
        message: 'This publication removes 1 line in force: confirm with removals 1',
      });
    }
    const published = await call('POST', `/uploads/${upload.id}/publish`, { validFrom: day, removals: 1 });
    expect(published.json()).toMatchObject({ status: 'live', summary: { new: 1, changed: 1, removed: 1 } });
    // Today's edition and yesterday's, each queryable by its date.
    expect(await lineOn(raised, day)).toMatchObject({ tax01: 10 });
    expect(await lineOn(raised, previousDay(day))).toMatchObject({ tax01: 5 });
    expect(await lineOn(dropped, day)).toBeUndefined();
    expect(await lineOn(dropped, previousDay(day))).toBeDefined();
    expect(await lineOn(added, day)).toMatchObject({ code: added });
    expect((await keyword('zebras')).map((line) => line.code)).toEqual([added]);
    expect((await call('GET', '/freshness')).json().tariff).toMatchObject({ date: day, source: 'upload', stale: false });

    await call('POST', `/publications/${published.json().id}/rollback`);
    expect(await snapshot()).toEqual(before);
    expect(await lineOn(raised, day)).toMatchObject({ tax01: 5 });
    expect(await keyword('zebras')).toEqual([]);
  });
});
