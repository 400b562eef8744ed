import { describe, expect, it } from 'vitest';
import { RedirectTable } from './redirects.js';

const table = new RedirectTable([
  { fromPath: '/', toPath: '/fr/', isPermanent: true, ignoreCase: true, statusCode: 301 },
  { fromPath: '/news/', toPath: '/fr/news/', isPermanent: true, ignoreCase: true, statusCode: 301 },
  { fromPath: '/Exact/', toPath: '/fr/exact/', isPermanent: false, ignoreCase: false },
]);

describe('RedirectTable', () => {
  it('matches with or without the trailing slash, ignoring case when asked', () => {
    expect(table.match('/news/')).toEqual({ location: '/fr/news/', statusCode: 301 });
    expect(table.match('/news')).toEqual({ location: '/fr/news/', statusCode: 301 });
    expect(table.match('/NEWS/')).toEqual({ location: '/fr/news/', statusCode: 301 });
    expect(table.match('/')).toEqual({ location: '/fr/', statusCode: 301 });
  });
  it('keeps the query string', () => {
    expect(table.match('/News/?utm=1&b=2')).toEqual({ location: '/fr/news/?utm=1&b=2', statusCode: 301 });
    expect(table.match('/?x=1')).toEqual({ location: '/fr/?x=1', statusCode: 301 });
  });
  it('respects case when the rule does not ignore it, and defaults non-permanent rules to 302', () => {
    expect(table.match('/Exact/')).toEqual({ location: '/fr/exact/', statusCode: 302 });
    expect(table.match('/exact/')).toBeUndefined();
  });
  it('does not match other paths or malformed ones', () => {
    expect(table.match('/fr/news/')).toBeUndefined();
    expect(table.match('/news/extra/')).toBeUndefined();
    expect(table.match('/%E0%A4%A')).toBeUndefined();
  });
});
