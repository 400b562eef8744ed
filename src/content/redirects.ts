import { join } from 'node:path';
import { TOOL_SLUGS, paths } from '../config/routes';

/** A redirect record as Gatsby's createRedirect takes and stores it. */
export interface RedirectRule {
  fromPath: string;
  toPath: string;
  isPermanent: boolean;
  ignoreCase: boolean;
  redirectInBrowser: boolean;
  statusCode: number;
}

/** The unprefixed legacy paths of the spec, sent permanently to the same path under one language. */
export function redirectRules(language: string, newsSlugs: string[], customPageSlugs: string[]): RedirectRule[] {
  const from = [
    paths.home,
    paths.news,
    ...newsSlugs.map(paths.article),
    paths.customPages,
    ...customPageSlugs.map(paths.customPage),
    paths.exchangeRates,
    paths.tools,
    ...TOOL_SLUGS.map(paths.tool),
    paths.faq,
    paths.downloads,
    paths.internalTools,
    paths.accessDenied,
  ];
  return [...new Set(from)].map((fromPath) => ({
    fromPath,
    toPath: `/${language}${fromPath}`,
    isPermanent: true,
    ignoreCase: true,
    redirectInBrowser: false,
    statusCode: 301,
  }));
}

function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The same rules for static hosts: Netlify-style _redirects and an nginx include. */
export function staticHostRules(rules: RedirectRule[]): { netlify: string; nginx: string } {
  const netlify = rules.map((r) => `${r.fromPath}  ${r.toPath}  ${r.statusCode}!`).join('\n');
  const nginx = rules
    .map((r) => {
      const path = r.fromPath === '/' ? '/' : `${regexEscape(r.fromPath.replace(/\/$/, ''))}/?`;
      return `location ~${r.ignoreCase ? '*' : ''} ^${path}$ { return ${r.statusCode} ${r.toPath}$is_args$args; }`;
    })
    .join('\n');
  return { netlify: `${netlify}\n`, nginx: `# Guichet redirects: include inside the server block.\n${nginx}\n` };
}

export function writeRedirectFiles(
  publicDir: string,
  rules: RedirectRule[],
  write: (file: string, text: string) => void,
): void {
  const { netlify, nginx } = staticHostRules(rules);
  write(join(publicDir, '_redirects.json'), JSON.stringify(rules, null, 2));
  write(join(publicDir, '_redirects'), netlify);
  write(join(publicDir, '_nginx-redirects.conf'), nginx);
}
