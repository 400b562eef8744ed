import { describe, expect, it } from 'vitest';
import { redirectRules, staticHostRules } from './redirects';

describe('redirect rules', () => {
  const rules = redirectRules('fr', ['portal-launch'], ['about-us', 'page-de-photos']);
  const from = rules.map((r) => r.fromPath);

  it('sends every legacy path of the spec permanently to /fr, ignoring case', () => {
    for (const path of [
      '/',
      '/news/',
      '/news/portal-launch/',
      '/custom-pages/about-us/',
      '/custom-pages/page-de-photos/',
      '/exchange/customs-exchange-rate/',
      '/tools/tariff-search/',
      '/tools/traders-guide/',
      '/tools/taxation-simulation/',
      '/tools/manifest/',
      '/tools/codification/',
      '/frequently-asked-questions/',
      '/downloads/',
      '/access-denied/',
    ]) {
      expect(from).toContain(path);
    }
    expect(rules.every((r) => r.isPermanent && r.ignoreCase && r.statusCode === 301 && r.toPath === `/fr${r.fromPath}`)).toBe(true);
  });

  it('writes the same rules for static hosts', () => {
    const { netlify, nginx } = staticHostRules(rules);
    expect(netlify).toContain('/news/portal-launch/  /fr/news/portal-launch/  301!');
    expect(nginx).toContain('location ~* ^/news/portal-launch/?$ { return 301 /fr/news/portal-launch/$is_args$args; }');
    expect(nginx).toContain('location ~* ^/$ { return 301 /fr/$is_args$args; }');
  });
});
