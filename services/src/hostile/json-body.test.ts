import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { limitJsonDepth, MAX_JSON_DEPTH, nestedDeeperThan } from '../limits/json-body.js';

describe('the JSON body depth limit', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestedDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestedDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestedDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestedDeeperThan('{"a":"[[[[[[{{{{"}', 1)).toBe(false);
    expect(nestedDeeperThan('{"a":"\\"[[[[[[\\\\"}', 1)).toBe(false);
    expect(nestedDeeperThan('[1],[2],[3],[4]', 1)).toBe(false);
  });

  it('answers 400 naming the body past the limit, and parses as Fastify does below it', async () => {
    const app = Fastify();
    limitJsonDepth(app);
    app.post('/echo', async (request) => ({ body: request.body }));
    const post = (payload: string) =>
      app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
    const deep = await post('['.repeat(5000) + ']'.repeat(5000));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().message).toBe(`body: JSON nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`);
    const atLimit = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect((await post(atLimit)).json().body).toEqual(JSON.parse(atLimit));
    expect((await post('{"code":"0901","text":"[{"}')).json().body).toEqual({ code: '0901', text: '[{' });
    expect((await post('{"a":')).statusCode).toBe(400);
    expect((await post('')).statusCode).toBe(400);
    const prototype = await post('{"__proto__":{"admin":true}}');
    expect(prototype.statusCode).toBe(400);
    expect(prototype.json().message).toBe('body: a "__proto__" property is not accepted');
    // Invalid UTF-8 is said to be so (read as text, it was "body size did not match Content-Length").
    const bytes = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: Buffer.concat([Buffer.from('{"keywords":"'), Buffer.from([0xff, 0xfe]), Buffer.from(' horse"}')]),
    });
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json().message).toBe('body: not valid UTF-8 text');
    expect((await post('{"text":"চালান ١٠ €"}')).json().body).toEqual({ text: 'চালান ١٠ €' });
    await app.close();
  });
});
