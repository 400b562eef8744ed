import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';

const PACKS = ['hs', 'tariff', 'hsI18n', 'search'];

describe.each(BACKENDS)('tariff keyword search ($name)', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, PACKS);
  }, 180_000);
  afterAll(async () => {
    await service?.close();
  });

  const search = async (body: Record<string, unknown>) => {
    const response = await service.app.inject({ method: 'POST', url: '/reference-service/commodity/search', payload: body });
    return {
      status: response.statusCode,
      body: response.json() as { resultList: Array<Record<string, unknown>>; totalCount: number; message?: string },
    };
  };
  const headings = async (keywords: string, extra: Record<string, unknown> = {}) => {
    const { status, body } = await search({ keywords, max: 50, ...extra });
    expect(status, `${keywords}: ${body.message}`).toBe(200);
    return body.resultList.map((row) => String(row.code).slice(0, 4));
  };

  it('matches whole words only', async () => {
    const shoes = await headings('shoes');
    expect(shoes[0]).toMatch(/^64/);
    expect(shoes).not.toContain('0203'); // pork shoulders
    expect(shoes).not.toContain('9303'); // shotguns
    expect(await headings('tyres')).not.toContain('2902'); // styrene
    const rice = await headings('rice');
    expect(rice[0]).toBe('1006');
    expect(rice).not.toContain('1704'); // liquorice
  });

  it('finds goods by the names traders use, first', async () => {
    expect((await headings('leather shoes'))[0]).toBe('6403');
    expect((await headings('laptop'))[0]).toBe('8471');
    expect((await headings('frozen shrimp'))[0]).toBe('0306');
    expect((await headings('mobile phone'))[0]).toBe('8517');
  });

  it('finds goods in French, Spanish, Arabic and Bengali', async () => {
    for (const [keywords, lang] of [
      ['riz', 'fr'],
      ['arroz', 'es'],
      ['أرز', 'ar'],
    ])
      expect((await headings(keywords, { lang }))[0], keywords).toBe('1006');
    expect((await headings('chaussures', { lang: 'fr' }))[0]).toMatch(/^64/);
    expect((await headings('أحذية', { lang: 'ar' }))[0]).toMatch(/^64/);
    expect((await headings('মোবাইল ফোন', { lang: 'bn' }))[0]).toBe('8517');
    expect((await headings('cotton', { lang: 'bn' }))[0]).toMatch(/^52/);
  });

  it('answers each line once, best first, and carries the HS texts in the page language', async () => {
    const { body } = await search({ keywords: 'riz', lang: 'fr', max: 100 });
    const codes = body.resultList.map((row) => row.code);
    expect(new Set(codes).size).toBe(codes.length);
    const relevance = body.resultList.map((row) => Number(row.relevance));
    expect(relevance).toEqual([...relevance].sort((a, b) => b - a));
    expect(body.resultList[0]).toMatchObject({
      description: expect.stringMatching(/rice/i),
      hs: { chapter: { code: '10', language: 'fr' }, heading: { code: '1006', description: 'Riz', language: 'fr' } },
    });
    // Bengali has no HS text: English, marked as such.
    const bengali = await search({ keywords: 'rice', lang: 'bn', max: 1 });
    expect(bengali.body.resultList[0].hs).toMatchObject({ heading: { code: '1006', language: 'en' } });
    // Arabic has no chapter 15 title (HS 2017 wording dropped): that one text falls back to English.
    const oil = await search({ keywords: 'زيت الزيتون', lang: 'ar', max: 1 });
    expect(oil.body.resultList[0].hs).toMatchObject({ chapter: { code: '15', language: 'en' }, heading: { code: '1509', language: 'ar' } });
  });

  it('sorts by code when asked, combines with restrictions and pages with a total', async () => {
    const byRelevance = await search({ keywords: 'cotton', max: 1000 });
    const byCode = await search({ keywords: 'cotton', max: 1000, sortByFields: ['code'] });
    const codes = byCode.body.resultList.map((row) => String(row.code));
    expect(codes).toEqual([...codes].sort());
    expect(byCode.body.totalCount).toBe(byRelevance.body.totalCount);
    const within = await search({
      keywords: 'cotton',
      restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: '6109' }],
      max: 100,
    });
    expect(within.body.totalCount).toBeGreaterThan(0);
    expect(within.body.resultList.every((row) => String(row.code).startsWith('6109'))).toBe(true);
    const count = await search({ keywords: 'cotton', max: 0 });
    expect(count.body).toEqual({ resultList: [], totalCount: byCode.body.totalCount });
    const page = await search({ keywords: 'cotton', max: 5, offset: 5 });
    expect(page.body.resultList.map((row) => row.code)).toEqual(byRelevance.body.resultList.slice(5, 10).map((row) => row.code));
    expect(page.body.totalCount).toBe(byRelevance.body.totalCount);
  });

  it('sorts descriptions as a page in another language shows them: heading text, subheading text, national text', async () => {
    type Row = { code: string; description: string; hs: { heading: { description: string }; subheading: { description: string } | null } };
    const shown = (row: Row) => [row.hs.heading.description, row.hs.subheading?.description ?? '', row.description];
    const inOrder = (rows: Row[], descending = false) =>
      rows.every((row, index) => {
        if (index === 0) return true;
        const [a, b] = descending ? [shown(row), shown(rows[index - 1])] : [shown(rows[index - 1]), shown(row)];
        // Code unit order: the order of SQLite and of PostgreSQL under the C collation both.
        const pair = a.findIndex((part, position) => part !== b[position]);
        return pair === -1 || a[pair] < b[pair];
      });
    for (const lang of ['fr', 'ar']) {
      for (const order of ['ASC', 'DESC']) {
        const sortByFields = [{ field: 'description', order }];
        const chapter = await search({
          restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: '61' }],
          lang,
          sortByFields,
          max: 500,
        });
        const words = await search({ keywords: lang === 'fr' ? 'coton' : 'قطن', lang, sortByFields, max: 500 });
        for (const { body } of [chapter, words]) {
          expect(body.resultList.length, `${lang} ${order}`).toBeGreaterThan(20);
          expect(inOrder(body.resultList as unknown as Row[], order === 'DESC'), `${lang} ${order}`).toBe(true);
        }
      }
    }
    // English and Bengali pages show the national text, which the lines sort by.
    for (const lang of ['en', 'bn']) {
      const { body } = await search({ keywords: 'cotton', lang, sortByFields: ['description'], max: 500 });
      const descriptions = body.resultList.map((row) => String(row.description));
      expect(descriptions).toEqual([...descriptions].sort());
    }
  });

  it('falls back to any word when no line has every word', async () => {
    const { body } = await search({ keywords: 'rice zzzqqq', max: 5 });
    expect(body.totalCount).toBeGreaterThan(0);
    expect(String(body.resultList[0].code).slice(0, 4)).toBe('1006');
  });

  it('keeps the spec operators literal: CONTAINS is still a substring match', async () => {
    const { body } = await search({ restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'rice' }], max: 1000 });
    expect(body.resultList.some((row) => /liquorice/i.test(String(row.description)))).toBe(true);
  });

  it('answers any text with results or an empty list, and bad input with 400 naming the field', async () => {
    for (const keywords of [
      '" * ( ) NEAR OR AND - ^ :',
      'rice" OR "shoes',
      'NEAR(rice shoes, 2)',
      '{national}: rice',
      'rice*',
      '-rice',
      '😀🍚',
      '\u202e\u200fأرز\u200e',
      "'; drop table search_document; --",
      'a'.repeat(2000),
      'riz '.repeat(500),
      'x',
      ' ',
    ]) {
      const { status, body } = await search({ keywords, lang: 'ar' });
      expect(status, keywords.slice(0, 40)).toBe(200);
      expect(Array.isArray(body.resultList)).toBe(true);
    }
    const long = await search({ keywords: 'a'.repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/keywords/);
    const empty = await search({ keywords: '' });
    expect(empty.status).toBe(400);
    const lang = await search({ keywords: 'rice', lang: 'de' });
    expect(lang.status).toBe(400);
    expect(lang.body.message).toMatch(/lang/);
    const distinct = await search({ keywords: 'rice', distinct: true });
    expect(distinct.status).toBe(400);
    const other = await service.app.inject({ method: 'POST', url: '/reference-service/country/search', payload: { keywords: 'rice' } });
    expect(other.statusCode).toBe(200); // unknown properties are ignored on other entities, as before
  });

  it('documents keywords and lang in the OpenAPI description', async () => {
    const response = await service.app.inject({ method: 'GET', url: '/reference-service/openapi.json' });
    const text = response.body;
    expect(text).toContain('"keywords"');
    expect(text).toContain('"lang"');
  });
});
