import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { finderPlugin, HS_FINDER_PREFIX } from './plugin.js';
import { MAX_QUERY_LENGTH } from './service.js';
import { testFinder } from './test-model.js';
import { readUsage } from './usage.js';

describe.each(BACKENDS)('finder usage records ($name)', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    const finder = testFinder();
    service = await startTestService(backend, [], async (app, database) => {
      await app.register(finderPlugin, { database, finder });
    });
  }, 600_000);
  afterAll(async () => {
    await service?.close();
  });
  const post = async (payload: unknown, headers: Record<string, string> = {}) => {
    const response = await service.app.inject({ method: 'POST', url: `${HS_FINDER_PREFIX}/usage`, payload: payload as object, headers });
    return { status: response.statusCode, body: response.json() };
  };

  it('stores the text, the subheading, the language and the time, nothing else', async () => {
    const before = Date.now();
    expect(await post({ query: "  men's cotton t-shirt ", code: '6109.10.00', language: 'fr' })).toEqual({
      status: 201,
      body: { recorded: true, code: '610910' },
    });
    expect(await post({ query: 'frozen shrimp', code: '030617', language: 'en' })).toMatchObject({ status: 201 });
    const records = await readUsage(service.database);
    expect(records.map(({ query, code, language }) => ({ query, code, language }))).toEqual([
      { query: "men's cotton t-shirt", code: '610910', language: 'fr' },
      { query: 'frozen shrimp', code: '030617', language: 'en' },
    ]);
    expect(Date.parse(records[0].createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const columns = Object.keys((await service.database.db.selectFrom('finder_usage').selectAll().executeTakeFirstOrThrow()) as object);
    expect(columns.sort()).toEqual(['code', 'createdAt', 'id', 'language', 'query']);
  });

  it('answers 400 naming the field for a bad record, and stores nothing', async () => {
    const count = (await readUsage(service.database)).length;
    const cases: Array<[unknown, string]> = [
      [[], 'body'],
      [{ code: '610910', language: 'en' }, 'query'],
      [{ query: ' ', code: '610910', language: 'en' }, 'query'],
      [{ query: 'a'.repeat(MAX_QUERY_LENGTH + 1), code: '610910', language: 'en' }, 'query'],
      [{ query: 42, code: '610910', language: 'en' }, 'query'],
      [{ query: 'shirt', language: 'en' }, 'code'],
      [{ query: 'shirt', code: '6109', language: 'en' }, 'code'],
      [{ query: 'shirt', code: '999999', language: 'en' }, 'code'],
      [{ query: 'shoes', code: '64041199', language: 'en' }, 'code'],
      [{ query: 'shirt', code: 610910, language: 'en' }, 'code'],
      [{ query: 'shirt', code: '610910', language: 'de' }, 'language'],
      [{ query: 'shirt', code: '610910' }, 'language'],
      [{ query: 'shirt', code: '610910', language: 'en', email: 'someone@example.com' }, 'body'],
    ];
    for (const [payload, field] of cases) {
      const { status, body } = await post(payload);
      expect(status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body.field, JSON.stringify(payload).slice(0, 80)).toBe(field);
    }
    expect((await post({ query: 'shirt', code: '610910', language: 'en' }, { tenantKey: 'nowhere' })).body.field).toBe('tenantkey');
    expect((await readUsage(service.database)).length).toBe(count);
  });
});
