import { createHash } from 'node:crypto';

export interface Editor {
  id: number;
  email: string;
}

const CACHE_MS = 60_000;
const MAX_TOKEN = 4096;

/**
 * Recognises a CMS editor by the token of their admin session: the CMS itself says whose it is
 * (GET /admin/users/me). Answers are kept a minute, by the token's digest.
 */
export function editorVerifier(cmsUrl: string, timeoutMs: number) {
  const cache = new Map<string, { editor: Editor | null; until: number }>();
  return async (authorization: string | undefined): Promise<Editor | null> => {
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(authorization ?? '');
    if (!match || match[1].length > MAX_TOKEN) return null;
    const key = createHash('sha256').update(match[1]).digest('hex');
    const now = Date.now();
    const known = cache.get(key);
    if (known && known.until > now) return known.editor;
    let editor: Editor | null = null;
    try {
      const response = await fetch(`${cmsUrl}/admin/users/me`, {
        headers: { authorization: `Bearer ${match[1]}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.ok) {
        const body = (await response.json()) as { data?: { id?: number; email?: string; isActive?: boolean } };
        if (body.data?.id && body.data.isActive !== false) editor = { id: body.data.id, email: body.data.email ?? '' };
      }
    } catch {
      return null; // the CMS did not answer: not cached, asked again next time
    }
    if (cache.size > 1000) cache.clear();
    cache.set(key, { editor, until: now + CACHE_MS });
    return editor;
  };
}
