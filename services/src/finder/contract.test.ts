import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { AI_TARIFF_PREFIX, finderPlugin, HS_FINDER_PREFIX } from './plugin.js';
import { FinderService, MAX_QUERY_LENGTH } from './service.js';
import { DEFAULT_FINDER_DATA_DIR } from './store.js';
import { testFinder } from './test-model.js';

const tariff = parseCsv(readFileSync(join(DEFAULT_FINDER_DATA_DIR, 'tariff/bd-customs-tariff-2025-26.csv'), 'utf8'));

interface Child {
  code: string;
  hsCode: string;
  description: string;
  shortCode: string;
}
interface PredictionJson {
  code: string;
  hsCode: string;
  description: string;
  probability: number;
  children: Child[];
  heading: { code: string };
  chapter: { code: string };
}

describe('tariff finder services', () => {
  let service: TestService;
  beforeAll(async () => {
    const finder = testFinder();
    service = await startTestService(BACKENDS[0], ['tariff'], async (app, database) => {
      await app.register(finderPlugin, { database, finder });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await service.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.json(), response };
  };
  const search = (query: string, extra = '') => get(`${HS_FINDER_PREFIX}/search?query=${encodeURIComponent(query)}${extra}`);

  it("finds 6109.10 for men's cotton t-shirt, predictions sorted by probability with their national lines", async () => {
    const { status, body, response } = await search("men's cotton t-shirt");
    expect(status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(body.confident).toBe(true);
    expect(body.query).toBe("men's cotton t-shirt");
    const predictions = body.predictions as PredictionJson[];
    expect(predictions.slice(0, 3).map((item) => item.code)).toContain('610910');
    const tshirt = predictions.find((item) => item.code === '610910')!;
    expect(tshirt.hsCode).toBe('6109.10');
    expect(tshirt.heading.code).toBe('6109');
    expect(tshirt.chapter.code).toBe('61');
    expect(tshirt.children).toEqual([
      {
        code: '61091000',
        hsCode: '6109.10.00',
        description: 'T-Shirts, Singlets And Other Vests, Of Cotton, Knitted Or Crocheted',
        shortCode: '00',
      },
    ]);
  });

  it('answers probabilities in [0, 1], summing to at most 1, in descending order, with shortCode = code from position 6', async () => {
    for (const query of [
      'basmati rice 5kg',
      'smartphone 128GB',
      'panneaux solaires',
      'hydraulic excavator',
      'frozen shrimp',
      'أرز بسمتي',
    ]) {
      const { status, body } = await search(query, '&limit=10');
      expect(status, query).toBe(200);
      const predictions = body.predictions as PredictionJson[];
      expect(predictions.length, query).toBeGreaterThan(0);
      expect(predictions.length).toBeLessThanOrEqual(10);
      const probabilities = predictions.map((item) => item.probability);
      for (const probability of probabilities) expect(probability >= 0 && probability <= 1, query).toBe(true);
      expect(probabilities.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(1 + 1e-9);
      expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
      expect(probabilities[0]).toBeGreaterThanOrEqual(body.threshold);
      for (const prediction of predictions) {
        expect(prediction.code).toMatch(/^\d{6}$/);
        for (const child of prediction.children) {
          expect(child.code.startsWith(prediction.code)).toBe(true);
          expect(child.shortCode).toBe(child.code.slice(6));
        }
      }
    }
  });

  it('gives the national lines of a subheading as children (Bangladesh 8-digit splits)', async () => {
    const { body } = await search('modem ethernet network switch hub router', '&limit=10');
    const prediction = (body.predictions as PredictionJson[]).find((item) => item.code === '851762');
    expect(prediction).toBeDefined();
    const expected = tariff.filter((row) => row.hs_code.startsWith('8517.62')).map((row) => row.hs_code.replace(/\./g, ''));
    expect(prediction!.children.map((child) => child.code)).toEqual(expected);
    expect(prediction!.children.map((child) => child.shortCode)).toEqual(expected.map((code) => code.slice(6)));
  });

  it('answers the tool variant list like search', async () => {
    const a = await search('leather handbag');
    const b = await get(`${AI_TARIFF_PREFIX}/list?query=leather%20handbag`);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('is not confident about nonsense: no predictions', async () => {
    for (const query of ['xqzvbn blorft wuggle', 'zzkq vvpx', '12345 678', '!!! ???']) {
      const { status, body } = await search(query);
      expect(status, query).toBe(200);
      expect(body.confident, query).toBe(false);
      expect(body.predictions, query).toEqual([]);
    }
  });

  it('returns no predictions below the confidence threshold', () => {
    const finder = testFinder();
    const strict = finder.withParams({ threshold: 0.9999 });
    const answer = new FinderService(strict, '').search('cotton');
    expect(answer.confident).toBe(false);
    expect(answer.predictions).toEqual([]);
    const lenient = finder.withParams({ threshold: 0 });
    expect(new FinderService(lenient, '').search('cotton').predictions.length).toBeGreaterThan(0);
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    const cases: Array<[string, string, Record<string, string>?]> = [
      [`${HS_FINDER_PREFIX}/search`, 'query'],
      [`${HS_FINDER_PREFIX}/search?query=`, 'query'],
      [`${HS_FINDER_PREFIX}/search?query=%20%20`, 'query'],
      // No-break, zero-width and bidi-mark characters only: as blank as spaces.
      [`${HS_FINDER_PREFIX}/search?query=%C2%A0%E2%80%8B%E2%80%8F%EF%BB%BF`, 'query'],
      [`${HS_FINDER_PREFIX}/search?query=${'a'.repeat(MAX_QUERY_LENGTH + 1)}`, 'query'],
      [`${HS_FINDER_PREFIX}/search?query=a&query=b`, 'query'],
      [`${HS_FINDER_PREFIX}/search?query=rice&limit=0`, 'limit'],
      [`${HS_FINDER_PREFIX}/search?query=rice&limit=abc`, 'limit'],
      [`${HS_FINDER_PREFIX}/search?query=rice&limit=0x5`, 'limit'],
      [`${HS_FINDER_PREFIX}/search?query=rice&limit=5e0`, 'limit'],
      [`${HS_FINDER_PREFIX}/search?query=rice`, 'tenantkey', { tenantKey: 'nowhere' }],
      [`${HS_FINDER_PREFIX}/tree?code=12345`, 'code'],
      [`${HS_FINDER_PREFIX}/tree?code=abc`, 'code'],
      [`${HS_FINDER_PREFIX}/tree?code=6109&depth=9`, 'depth'],
      [`${AI_TARIFF_PREFIX}/list`, 'query'],
      [`${AI_TARIFF_PREFIX}/details`, 'hsCode'],
      [`${AI_TARIFF_PREFIX}/details?hsCode=61`, 'hsCode'],
      [`${AI_TARIFF_PREFIX}/details?hsCode=6109.1x`, 'hsCode'],
      [`${AI_TARIFF_PREFIX}/details?hsCode=6109&hs_code=6110`, 'hs_code'],
      [`${AI_TARIFF_PREFIX}/notes`, 'code'],
      [`${AI_TARIFF_PREFIX}/notes?code=psn6109`, 'code'],
    ];
    for (const [url, field, headers] of cases) {
      const { status, body } = await get(url, headers);
      expect(status, url).toBe(400);
      expect(body.field, url).toBe(field);
      expect(body.message, url).toContain(field);
    }
  });

  it('survives odd queries without a server error', async () => {
    for (const query of [
      '%00',
      '\u0000x',
      '😀😀',
      'a'.repeat(2000),
      '"; drop table',
      '<script>',
      'ًًً',
      '   x   ',
      '-',
      "'s",
      'constructor',
      'cotton constructor shirt',
      '__proto__ toString',
      'hasOwnProperty valueOf',
      // Sizes without a unit at the end ("1 x 2 x ..."), read in one pass.
      '1 x '.repeat(500),
    ]) {
      const { status } = await search(query);
      expect(status, JSON.stringify(query)).toBeLessThan(500);
    }
  });

  it('accepts the default tenant explicitly', async () => {
    expect((await get(`${HS_FINDER_PREFIX}/search?query=rice`, { tenantKey: 'default' })).status).toBe(200);
    expect((await get(`${HS_FINDER_PREFIX}/search?query=rice`, { tenantKey: 'gn' })).status).toBe(200);
  });

  it('answers the hierarchy of a code: chapter, heading, subheading, national lines', async () => {
    const chapter = await get(`${HS_FINDER_PREFIX}/tree?code=61`);
    expect(chapter.status).toBe(200);
    expect(chapter.body).toMatchObject({ code: '61', hsCode: '61', level: 'chapter', section: { code: 'XI' }, path: [] });
    const heading = chapter.body.children.find((child: { code: string }) => child.code === '6109');
    expect(heading).toMatchObject({ hsCode: '61.09', level: 'heading' });
    expect(heading.children.map((child: { code: string }) => child.code)).toEqual(['610910', '610990']);
    expect(heading.children[0].children).toEqual([
      expect.objectContaining({ code: '61091000', hsCode: '6109.10.00', level: 'national', shortCode: '00' }),
    ]);

    const subheading = await get(`${HS_FINDER_PREFIX}/tree?code=6109.10`);
    expect(subheading.body).toMatchObject({ code: '610910', level: 'subheading' });
    expect(subheading.body.path.map((node: { code: string }) => node.code)).toEqual(['61', '6109']);

    const national = await get(`${HS_FINDER_PREFIX}/tree?code=61091000`);
    expect(national.body).toMatchObject({ code: '61091000', level: 'national', shortCode: '00' });

    const root = await get(`${HS_FINDER_PREFIX}/tree`);
    expect(root.body.children).toHaveLength(96);
    expect(root.body.children[0]).toMatchObject({ code: '01', level: 'chapter', section: { code: 'I', language: 'en' } });
    // Every node says its language: the root's name and the sections' are in English, whatever the page's.
    const arabic = await get(`${HS_FINDER_PREFIX}/tree?language=ar&code=6109`);
    expect(arabic.body).toMatchObject({ language: 'ar', section: { code: 'XI', language: 'en' } });
    expect((await get(`${HS_FINDER_PREFIX}/tree?language=ar`)).body).toMatchObject({ level: 'root', language: 'en' });

    expect((await get(`${HS_FINDER_PREFIX}/tree?code=6199`)).status).toBe(404);
    expect((await get(`${HS_FINDER_PREFIX}/tree?code=61099999`)).status).toBe(404);
  });

  it('details a subheading with its national lines and their taxes from the reference data', async () => {
    const { status, body } = await get(`${AI_TARIFF_PREFIX}/details?hsCode=6109.10`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      code: '610910',
      hsCode: '6109.10',
      level: 'subheading',
      heading: { code: '6109' },
      chapter: { code: '61' },
    });
    const source = tariff.find((row) => row.hs_code === '6109.10.00')!;
    expect(body.lines).toHaveLength(1);
    const taxes = Object.fromEntries(body.lines[0].taxes.map((tax: { name: string; value: number }) => [tax.name, tax.value]));
    expect(taxes).toEqual({
      CD: Number(source.cd),
      SD: Number(source.sd),
      VAT: Number(source.vat),
      AIT: Number(source.ait),
      AT: Number(source.at),
      RD: Number(source.rd),
      TTI: Number(source.tti_published),
    });
    expect(body.lines[0]).toMatchObject({ code: '61091000', shortCode: '00', hsCode: '6109.10.00' });

    const snake = await get(`${AI_TARIFF_PREFIX}/details?hs_code=85176230`);
    expect(snake.status).toBe(200);
    expect(snake.body.lines.map((line: { code: string }) => line.code)).toEqual(['85176230']);

    const heading = await get(`${AI_TARIFF_PREFIX}/details?hsCode=0901`);
    expect(heading.body.lines.map((line: { code: string }) => line.code)).toEqual(
      tariff.filter((row) => row.hs_code.startsWith('0901')).map((row) => row.hs_code.replace(/\./g, '')),
    );
    expect((await get(`${AI_TARIFF_PREFIX}/details?hsCode=999999`)).status).toBe(404);
  });

  it('answers explanatory notes where the site has them, else 404', async () => {
    const found = await get(`${AI_TARIFF_PREFIX}/notes?code=6109`);
    expect(found.status).toBe(200);
    expect(found.body.heading).toBe('6109');
    expect(found.body.html).toContain('<');
    const subheading = await get(`${AI_TARIFF_PREFIX}/notes?code=610910`);
    expect(subheading.body.heading).toBe('6109');
    const missing = await get(`${AI_TARIFF_PREFIX}/notes?code=0101`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Notes are not available');
  });
});
