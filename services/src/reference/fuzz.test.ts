import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATORS } from './query.js';
import { generator } from '../db/sample-data.js';
import { ENTITIES } from './registry.js';
import { BACKENDS, startTestService, type TestService } from './test-database.js';

const HOSTILE_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE ref_commodity; --",
  '" OR ""="',
  '0901%',
  '%',
  '_',
  '\\',
  '\\%',
  "\\'",
  '%_%',
  '*',
  '$1',
  '?',
  ':name',
  '/* comment */',
  'UNION SELECT name FROM sqlite_master',
  'pg_sleep(10)',
  '\u0000',
  '\u202e',
  'বাংলাদেশ',
  'café',
  '🙂',
  '',
  ' ',
  'coffee',
  '0901',
  'USD',
  '40',
  '2026-11-22',
  '2025-02-30',
  '9999-99-99',
  'null',
  'true',
  '__proto__',
  'constructor',
  'toString',
];
const NUMBERS = [0, -1, 1, 15, 10000, 10001, 0.5, -0.0001, 1e308, -1e308, 2 ** 53, 2 ** 31, 1e-300, 123456789];

describe.each(BACKENDS)('reference service fuzz on $name', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, ['tariff', 'currency', 'country', 'codelists', 'sample']);
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  it('answers 10,000 random and hostile bodies (and 1,000 GETs) without a 5xx and with a valid shape', async () => {
    const random = generator(20261122);
    const integer = (limit: number) => Math.floor(random() * limit);
    const choose = <T>(list: readonly T[]): T => list[integer(list.length)];
    const entities = [...ENTITIES.values()];
    const allFields = [...new Set(entities.flatMap((definition) => definition.fields.map((field) => field.name)))];

    const string = (): string => {
      const roll = random();
      if (roll < 0.6) return choose(HOSTILE_STRINGS);
      if (roll < 0.9) return Array.from({ length: integer(20) }, () => String.fromCharCode(32 + integer(95))).join('');
      return 'x'.repeat(integer(3000));
    };
    const scalar = (): unknown => {
      const roll = random();
      if (roll < 0.5) return string();
      if (roll < 0.8) return choose(NUMBERS);
      if (roll < 0.9) return random() < 0.5;
      return null;
    };
    const anything = (depth = 0): unknown => {
      const roll = random();
      if (depth > 4 || roll < 0.6) return scalar();
      if (roll < 0.8) return Array.from({ length: integer(4) }, () => anything(depth + 1));
      return Object.fromEntries(
        Array.from({ length: integer(4) }, () => [
          choose([...allFields, 'field', 'operator', 'value', 'max', string()]),
          anything(depth + 1),
        ]),
      );
    };
    const maybe = <T>(probability: number, make: () => T): T | undefined => (random() < probability ? make() : undefined);

    const body = (fields: string[]): unknown => {
      const roll = random();
      if (roll < 0.1) return anything();
      const field = () => (random() < 0.85 ? choose(fields) : random() < 0.5 ? choose(allFields) : string());
      const restriction = () =>
        random() < 0.1
          ? anything(1)
          : {
              field: field(),
              operator: random() < 0.9 ? choose(OPERATORS) : string(),
              ...(random() < 0.7 ? { value: random() < 0.8 ? scalar() : anything(2) } : {}),
              ...(random() < 0.3 ? { values: random() < 0.8 ? Array.from({ length: integer(6) }, scalar) : anything(2) } : {}),
              ...(random() < 0.2 ? { valueTo: scalar() } : {}),
              ...(random() < 0.05 ? { [string()]: scalar() } : {}),
            };
      const request: Record<string, unknown> = {
        max: maybe(0.6, () => (random() < 0.9 ? integer(40) : random() < 0.5 ? choose(NUMBERS) : scalar())),
        offset: maybe(0.3, () => (random() < 0.8 ? integer(50) : scalar())),
        distinct: maybe(0.2, () => (random() < 0.8 ? random() < 0.5 : scalar())),
        restrictBy: maybe(0.4, () => (random() < 0.8 ? choose(['AND', 'OR']) : scalar())),
        selectFields: maybe(0.3, () => (random() < 0.9 ? Array.from({ length: integer(5) }, field) : anything(1))),
        restrictions: maybe(0.8, () => (random() < 0.95 ? Array.from({ length: integer(5) }, restriction) : anything(1))),
        sortByFields: maybe(0.3, () =>
          random() < 0.9
            ? Array.from({ length: integer(3) }, () =>
                random() < 0.5 ? field() : { field: field(), order: choose(['ASC', 'DESC', 'asc', 'up']) },
              )
            : anything(1),
        ),
        meta: maybe(0.4, () =>
          random() < 0.8 ? { validityDate: random() < 0.6 ? choose(['2026-11-22', '2025-01-01', '2024-05-05']) : string() } : anything(1),
        ),
      };
      return Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
    };

    const statuses = new Map<number, number>();
    for (let index = 0; index < 10_000; index++) {
      const unknownEntity = random() < 0.03;
      const definition = choose(entities);
      const entity = unknownEntity ? choose(['nothing', '..%2F..', 'commodity%27', 'COMMODITY', '%00']) : definition.name;
      const raw = random() < 0.03;
      const payload = raw
        ? choose(['{', '{"max":', 'null', '[]', '"text"', '{"restrictions":[{]}', '1e999', '{"max":1e999}'])
        : JSON.stringify(body(definition.fields.map((field) => field.name)));
      const response = await service.app.inject({
        method: 'POST',
        url: `/reference-service/${entity}/search`,
        headers: { 'content-type': 'application/json' },
        payload,
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const context = `#${index} ${entity} ${payload.slice(0, 300)}`;
      expect([200, 400, 404], context).toContain(response.statusCode);
      const answer = response.json();
      if (response.statusCode === 200) {
        expect(Array.isArray(answer.resultList), context).toBe(true);
        expect(Number.isInteger(answer.totalCount), context).toBe(true);
        expect(answer.resultList.length, context).toBeLessThanOrEqual(Math.min(answer.totalCount, 10000));
      } else {
        expect(typeof answer.message, context).toBe('string');
        // Echoed input is quoted; what remains must not reveal SQL, paths or stack frames.
        const own = String(answer.message).replace(/"(?:[^"\\]|\\.)*"/g, '""');
        expect(own, context).not.toMatch(/\bselect\b.*\bfrom\b|sqlite_|syntax error|\.ts:\d+|node_modules/i);
        if (response.statusCode === 404) expect(unknownEntity, context).toBe(true);
      }
    }
    // Both kinds of answer were exercised.
    expect(statuses.get(200)).toBeGreaterThan(1000);
    expect(statuses.get(400)).toBeGreaterThan(1000);
    // GET with hostile key segments.
    for (let index = 0; index < 1000; index++) {
      const definition = choose(entities);
      const segments = Array.from({ length: 1 + integer(3) }, () => encodeURIComponent(string().slice(0, 300)) || 'x');
      const query = random() < 0.2 ? `?validityDate=${encodeURIComponent(string().slice(0, 40))}` : '';
      const url = `/reference-service/${definition.name}/${segments.join('/')}${query}`;
      const response = await service.app.inject({ method: 'GET', url });
      expect([200, 400, 404], url).toContain(response.statusCode);
      const answer = response.json();
      if (response.statusCode !== 200) expect(typeof answer.message, url).toBe('string');
    }
    const count = await service.app.inject({ method: 'POST', url: '/reference-service/commodity/search', payload: { max: 0 } });
    expect(count.json().totalCount).toBe(7154);
  }, 120_000);

  it('refuses more list values than one statement may bind, naming the restriction', async () => {
    // Each value is a bound parameter: 40 lists of 1000 (each list within the schema) pass SQLite's 32766.
    const restrictions = Array.from({ length: 40 }, (_restriction, index) => ({
      field: 'code',
      operator: index % 2 ? 'IN' : 'NOT_IN',
      values: Array.from({ length: 1000 }, (_value, item) => String(item)),
    }));
    const search = (payload: unknown) =>
      service.app.inject({ method: 'POST', url: '/reference-service/commodity/search', payload: payload as object });
    const refused = await search({ restrictions, restrictBy: 'AND' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('restrictions[5].values: one search may list at most 5000 values in all its restrictions');
    // Up to the bound, the search runs: the codes 0..999 are no tariff lines, so NOT_IN keeps them all.
    const within = await search({
      restrictions: restrictions.slice(0, 5).map((item) => ({ ...item, operator: 'NOT_IN' })),
      restrictBy: 'AND',
      max: 0,
    });
    expect(within.statusCode).toBe(200);
    expect(within.json().totalCount).toBe(7154);
  });
});
