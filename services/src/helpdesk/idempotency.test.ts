import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testIdentity } from '../identity/test-identity.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { helpdeskPlugin } from './plugin.js';

describe.each(BACKENDS)('help-desk request sent twice with one Idempotency-Key ($name)', (backend) => {
  let service: TestService;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    const { verifier, tokenFor } = await testIdentity();
    for (const user of ['ana', 'ben']) tokens[user] = await tokenFor(['trader'], user);
    service = await startTestService(backend, [], async (app, database) => {
      await app.register(helpdeskPlugin, { prefix: '/helpdesk-service', database, verifier });
    });
  }, 60_000);
  afterAll(() => service?.close());

  const send = (user: string, key?: string, subject = 'Valuation of used cars') =>
    service.app.inject({
      method: 'POST',
      url: '/helpdesk-service/requests',
      headers: { authorization: `Bearer ${tokens[user]}`, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { category: 'valuation', subject, message: 'How is a used car valued at import?' },
    });
  const count = async () =>
    Number(
      (
        await service.database.db
          .selectFrom('helpdesk_request')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst()
      )?.n,
    );

  it('writes it once and answers both with the same request; another user or no key writes anew; a bad key is refused', async () => {
    const first = await send('ana', 'a1b2c3d4-retry');
    const again = await send('ana', 'a1b2c3d4-retry');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await count()).toBe(1);
    const concurrent = await Promise.all([send('ana', 'same-moment-key'), send('ana', 'same-moment-key')]);
    expect(concurrent.map((response) => response.statusCode)).toEqual([201, 201]);
    expect(concurrent[0].json().id).toBe(concurrent[1].json().id);
    expect((await send('ben', 'a1b2c3d4-retry')).json().id).not.toBe(first.json().id);
    await send('ana');
    await send('ana');
    expect(await count()).toBe(5);
    const bad = await send('ana', 'bad key\r\nx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/idempotency-key/);
  });

  it('refuses another request under a key already used, and writes nothing', async () => {
    const first = await send('ana', 'one-key-one-request');
    expect(first.statusCode).toBe(201);
    const before = await count();
    const other = await send('ana', 'one-key-one-request', 'A different subject');
    expect(other.statusCode).toBe(422);
    expect(other.json().field).toBe('idempotency-key');
    expect(await count()).toBe(before);
  });

  it('refuses a subject of spaces, zero-width characters and bidi marks only, and writes nothing', async () => {
    const before = await count();
    const blank = await send('ana', undefined, '\u00a0\u200b\u200b\u200f\ufeff');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().field).toBe('subject');
    expect(await count()).toBe(before);
  });
});
