import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Draft, MediaImage } from '@guichet/shared/api/publishing';

/** The content types editors can preview, by their CMS uid: the REST collection and the site's page kind. */
export const PREVIEW_TYPES: Record<string, { collection: string; kind: 'news' | 'page' }> = {
  'api::news-article.news-article': { collection: 'news-articles', kind: 'news' },
  'api::custom-page.custom-page': { collection: 'custom-pages', kind: 'page' },
};

/** How long a preview link works after the CMS made it. */
export const PREVIEW_LIFETIME_S = 3600;

export interface PreviewRequest {
  uid: string;
  documentId: string;
  locale: string;
  expires: number;
}

const payload = (request: PreviewRequest) => [request.uid, request.documentId, request.locale, request.expires].join('\n');

/** The signature the CMS puts on a preview link (cms/config/admin.ts makes the same). */
export function signPreview(secret: string, request: PreviewRequest): string {
  return createHmac('sha256', secret).update(payload(request)).digest('base64url');
}

/** A link is good when its signature is the CMS's and it has not expired (nor is it dated too far ahead). */
export function previewIsValid(secret: string, request: PreviewRequest, signature: string, now = Date.now()): boolean {
  const nowS = Math.floor(now / 1000);
  if (request.expires < nowS || request.expires > nowS + PREVIEW_LIFETIME_S + 60) return false;
  const expected = Buffer.from(signPreview(secret, request));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type { Draft };

/** Reads the draft of a document in one language from the CMS, with the services' API token. */
export async function readDraft(cmsUrl: string, token: string, request: PreviewRequest, timeoutMs: number): Promise<Draft | null> {
  const type = PREVIEW_TYPES[request.uid];
  const query = new URLSearchParams({ locale: request.locale, status: 'draft' });
  if (type.kind === 'news') query.set('populate', 'image');
  const response = await fetch(`${cmsUrl}/api/${type.collection}/${encodeURIComponent(request.documentId)}?${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`CMS answered ${response.status}`);
  const { data } = (await response.json()) as { data?: Record<string, unknown> | null };
  if (!data || data.locale !== request.locale) return null;
  const image = data.image as MediaImage | null | undefined;
  return {
    kind: type.kind,
    locale: request.locale,
    slug: String(data.slug ?? ''),
    title: String(data.title ?? ''),
    summary: (data.summary as string | null | undefined) ?? null,
    date: (data.date as string | null | undefined) ?? null,
    body: (data.body as string | null | undefined) ?? null,
    image: image
      ? { url: image.url, alternativeText: image.alternativeText ?? null, width: image.width ?? null, formats: image.formats ?? null }
      : null,
  };
}
