import { describe, expect, it } from 'vitest';
import { checkContentQuery, CONTENT_QUERY_LIMITS } from './query-limits';

const nested = (field: string, times: number) => `{ cms { pages ${`{ slug ${field} `.repeat(times)}{ slug }${' }'.repeat(times + 1)} }`;

describe('content query limits', () => {
  it('are the spec schema limits: depth 15, circular references 5', () => {
    expect(CONTENT_QUERY_LIMITS).toEqual({ depth: 15, circular: 5 });
  });
  it('let a circular reference be followed 5 times, not 6', () => {
    expect(() => checkContentQuery(nested('parent', 5))).not.toThrow();
    expect(() => checkContentQuery(nested('parent', 6))).toThrow(/circular reference "parent" more than 5 times/);
  });
  it('refuse a query nested deeper than 15 levels', () => {
    const deep = `{ ${Array.from({ length: 16 }, (_, index) => `f${index} {`).join(' ')} id ${'}'.repeat(16)} }`;
    expect(() => checkContentQuery(deep)).toThrow(/deeper than 15 levels/);
  });
  it('read field names only: arguments and strings do not count', () => {
    const query = `{ cms { newsArticles(locale: "fr", filters: { parent: { parent: { parent: { parent: { parent: { parent: { slug: { eq: "}{" } } } } } } } }) { slug image { url } } } }`;
    expect(checkContentQuery(query)).toBe(query);
  });
});
