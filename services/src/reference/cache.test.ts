import { describe, expect, it } from 'vitest';
import { AnswerCache, MAX_KEPT_KEY_LENGTH } from './cache.js';

describe('answer cache', () => {
  it('answers a repeated request from memory, but never keeps a request longer than MAX_KEPT_KEY_LENGTH', async () => {
    const cache = new AnswerCache<number>(10, 60_000);
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.get('short', compute)).toBe(1);
    expect(await cache.get('short', compute)).toBe(1);
    const long = 'x'.repeat(MAX_KEPT_KEY_LENGTH + 1);
    expect(await cache.get(long, compute)).toBe(2);
    expect(await cache.get(long, compute)).toBe(3);
  });

  it('keeps at most its size, dropping the least recently used', async () => {
    const cache = new AnswerCache<string>(2, 60_000);
    const calls: string[] = [];
    const answer = (key: string) => cache.get(key, async () => (calls.push(key), key));
    await answer('a');
    await answer('b');
    await answer('a');
    await answer('c');
    await answer('a');
    await answer('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});
