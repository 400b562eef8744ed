import { createHash } from 'node:crypto';
import { readFileSync, type Stats } from 'node:fs';

/** What every response allows: only this origin, no plugins, no framing by other sites. */
const POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  // Gatsby inlines the site's CSS and React sets style attributes.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  // keycloak-js's session and silent-check frames are on this origin.
  'frame-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/** The policy, with a page's inline script hashes and, for the preview page, the CMS admin allowed to frame it. */
export function contentSecurityPolicy(scriptHashes: string[] = [], frameAncestors: string[] = []): string {
  const extra: Record<string, string[]> = { 'script-src': scriptHashes, 'frame-ancestors': frameAncestors };
  return Object.entries(POLICY)
    .map(([directive, sources]) => `${directive} ${[...sources, ...(extra[directive] ?? [])].join(' ')}`)
    .join('; ');
}

/** Headers on everything the server answers (HSTS only over TLS, where it means something). */
export function securityHeaders(secure: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    'cross-origin-opener-policy': 'same-origin',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The SHA-256 sources of a page's inline scripts (Gatsby writes a few per page), so no 'unsafe-inline' is needed. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (match[1].length) hashes.add(`'sha256-${createHash('sha256').update(match[1]).digest('base64')}'`);
  }
  return [...hashes];
}

/** The policy of a built HTML file, computed once per version of the file. */
export class PagePolicies {
  private readonly cache = new Map<string, { mtimeMs: number; size: number; policy: string }>();

  forFile(path: string, stat: Stats, frameAncestors: string[] = []): string {
    const known = this.cache.get(path);
    if (known && known.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.policy;
    const policy = contentSecurityPolicy(inlineScriptHashes(readFileSync(path, 'utf8')), frameAncestors);
    this.cache.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, policy });
    return policy;
  }
}
