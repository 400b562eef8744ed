import type { AxiosAdapter } from 'axios';
import { describe, expect, it } from 'vitest';
import { http } from './client';

/** An adapter answering 200 with this body, as a server would. */
const answering =
  (body: string): AxiosAdapter =>
  async (config) => ({ data: body, status: 200, statusText: 'OK', headers: { 'content-type': 'application/json' }, config });

describe('the HTTP client', () => {
  it('parses JSON answers', async () => {
    const { data } = await http.get('/x', { adapter: answering('{"resultList":[],"totalCount":0}') });
    expect(data).toEqual({ resultList: [], totalCount: 0 });
  });
  it('fails on an answer that is not valid JSON instead of handing the text to the tool', async () => {
    await expect(http.get('/x', { adapter: answering('{"resultList": [ this is not JSON') })).rejects.toThrow();
  });
  it('leaves text answers (CSV) alone when a call asks for text', async () => {
    const { data } = await http.get('/x', { adapter: answering('a,b\n1,2'), responseType: 'text' });
    expect(data).toBe('a,b\n1,2');
  });
});
