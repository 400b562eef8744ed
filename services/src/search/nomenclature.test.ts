import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';

describe.each(BACKENDS)('HS nomenclature in the page language ($name)', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, ['hs', 'hsI18n']);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const search = async (body: Record<string, unknown>) => {
    const response = await service.app.inject({ method: 'POST', url: '/reference-service/hsNomenclature/search', payload: body });
    return { status: response.statusCode, body: response.json() as { resultList: Array<Record<string, unknown>>; message?: string } };
  };
  const headingsOf = (chapter: string, lang?: string) =>
    search({
      restrictBy: 'AND',
      restrictions: [
        { field: 'level', operator: 'EQUALS', value: 4 },
        { field: 'parentCode', operator: 'EQUALS', value: chapter },
      ],
      ...(lang ? { lang } : {}),
    });

  it('gives each heading its text in French, Spanish and Arabic, the English text staying in description', async () => {
    const french = await headingsOf('10', 'fr');
    expect(french.status).toBe(200);
    const rice = french.body.resultList.find((row) => row.code === '1006');
    expect(rice).toMatchObject({ description: expect.stringMatching(/^Rice/), text: { code: '1006', description: 'Riz', language: 'fr' } });
    const spanish = await headingsOf('10', 'es');
    expect(spanish.body.resultList.find((row) => row.code === '1006')?.text).toEqual({
      code: '1006',
      description: 'Arroz',
      language: 'es',
    });
    const arabic = await headingsOf('10', 'ar');
    expect(arabic.body.resultList.find((row) => row.code === '1006')?.text).toMatchObject({
      language: 'ar',
      description: expect.stringMatching(/أرز|الأرز/),
    });
    // Without lang, the spec's answer is unchanged.
    expect((await headingsOf('10')).body.resultList[0]).not.toHaveProperty('text');
  });

  it('marks English where no text exists in the language: Bengali, sections, an Arabic chapter without a title', async () => {
    const bengali = await headingsOf('10', 'bn');
    expect(bengali.body.resultList.find((row) => row.code === '1006')?.text).toMatchObject({
      language: 'en',
      description: expect.stringMatching(/^Rice/),
    });
    const sections = await search({ restrictions: [{ field: 'level', operator: 'EQUALS', value: 1 }], lang: 'fr' });
    for (const row of sections.body.resultList) expect(row.text).toEqual({ code: row.code, description: row.description, language: 'en' });
    const chapter = await service.app.inject({ method: 'GET', url: '/reference-service/hsNomenclature/15?lang=ar' });
    expect(chapter.json().text).toMatchObject({ code: '15', language: 'en' });
    const heading = await service.app.inject({ method: 'GET', url: '/reference-service/hsNomenclature/1509?lang=fr' });
    expect(heading.json().text).toMatchObject({ code: '1509', language: 'fr', description: expect.stringMatching(/olive/i) });
  });

  it('refuses an unknown language with a 400 naming the field', async () => {
    const body = await headingsOf('10', 'de');
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/lang/);
    const get = await service.app.inject({ method: 'GET', url: '/reference-service/hsNomenclature/10?lang=xx' });
    expect(get.statusCode).toBe(400);
    expect(get.json().message).toMatch(/lang/);
  });
});
