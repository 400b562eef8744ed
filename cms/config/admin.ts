import { createHmac } from 'node:crypto';
import type { Core } from '@strapi/strapi';

/** Content types with a page on the portal, and so a preview. */
const PREVIEWABLE = ['api::news-article.news-article', 'api::custom-page.custom-page'];
/** How long a preview link works (the portal checks the same). */
const PREVIEW_LIFETIME_S = 3600;

/**
 * The portal's preview page for a draft, on a link signed with the secret the portal shares
 * (services/src/publishing/preview.ts checks it), valid for an hour.
 */
function previewUrl(portalUrl: string, secret: string, uid: string, documentId: string, locale: string): string {
  const expires = Math.floor(Date.now() / 1000) + PREVIEW_LIFETIME_S;
  const signature = createHmac('sha256', secret).update([uid, documentId, locale, expires].join('\n')).digest('base64url');
  const query = new URLSearchParams({ uid, documentId, locale, expires: String(expires), signature });
  return `${portalUrl}/${locale}/preview/?${query}`;
}

const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Admin => ({
  auth: {
    secret: env('ADMIN_JWT_SECRET')!,
  },
  apiToken: {
    salt: env('API_TOKEN_SALT')!,
  },
  transfer: {
    token: {
      salt: env('TRANSFER_TOKEN_SALT')!,
    },
  },
  secrets: {
    encryptionKey: env('ENCRYPTION_KEY')!,
  },
  preview: {
    enabled: Boolean(env('PUBLISHING_SECRET')),
    config: {
      allowedOrigins: [env('PORTAL_URL', 'http://localhost:8000')],
      async handler(uid: string, { documentId, locale }: { documentId: string; locale?: string; status?: string }) {
        if (!PREVIEWABLE.includes(uid) || !documentId) return null;
        const portalUrl = env('PORTAL_URL', 'http://localhost:8000').replace(/\/+$/, '');
        return previewUrl(portalUrl, env('PUBLISHING_SECRET')!, uid, documentId, locale || 'en');
      },
    },
  },
  flags: {
    nps: false,
    promoteEE: false,
    docLinks: env.bool('FLAG_DOC_LINKS', true),
  },
});

export default config;
