import { LANGUAGES } from '../languages.js';
import { SERVICE_INFO } from '../http/service-info.js';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { requireRoles, type Verifier } from '../identity/verify.js';
import { INTERNAL_TOOLS_ROLES } from '@guichet/shared/config/access';
import { serviceContract } from '../http/schema.js';

export const PORTAL_PREFIX = SERVICE_INFO.portal.prefix;
const LOCALES: readonly string[] = LANGUAGES;
/** Who reads the internal tools page (customs staff). */

export interface PortalOptions {
  verifier: Verifier;
  cmsUrl: string;
  timeoutMs: number;
  /** The CMS API token for content that is not public (CMS_API_TOKEN, or the file the CMS seed writes). */
  cmsToken: () => string | undefined;
}

/** Reads the services' CMS API token: CMS_API_TOKEN, else the file the CMS seed keeps under var/. */
export function cmsTokenFrom(env: NodeJS.ProcessEnv, file: string): () => string | undefined {
  return () => env.CMS_API_TOKEN || (existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined);
}

/** Staff-only content of the CMS, served to signed-in staff (the CMS does not publish it). */
export async function portalPlugin(app: FastifyInstance, options: PortalOptions): Promise<void> {
  serviceContract(app);
  const query = async (locale: string): Promise<{ title: string; body: string } | null> => {
    const token = options.cmsToken();
    if (!token) throw new Error('No CMS API token for staff-only content');
    const response = await fetch(`${options.cmsUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: 'query ($locale: I18NLocaleCode) { internalToolsPage(locale: $locale) { title body } }',
        variables: { locale },
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) throw new Error(`CMS answered ${response.status}`);
    const json = (await response.json()) as { data?: { internalToolsPage: { title: string; body: string } | null }; errors?: unknown[] };
    if (json.errors?.length) throw new Error('CMS refused the staff-only query');
    return json.data?.internalToolsPage ?? null;
  };

  app.get<{ Querystring: { locale?: string } }>(
    '/internal-tools',
    {
      onRequest: requireRoles(options.verifier, [...INTERNAL_TOOLS_ROLES]),
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { locale: { type: 'string', enum: LOCALES, default: 'en' } },
        },
      },
    },
    async (request, reply) => {
      const locale = request.query.locale ?? 'en';
      try {
        const own = await query(locale);
        const page = own ?? (locale === 'en' ? null : await query('en'));
        if (!page) return reply.code(404).send({ error: 'Not Found', message: 'The internal tools page has no content yet' });
        return { ...page, lang: own ? locale : 'en', fallback: !own };
      } catch (error) {
        request.log.warn({ err: error }, 'internal tools content unavailable');
        return reply.code(502).send({ error: 'Bad Gateway', message: 'The content service is unavailable. Please try again later.' });
      }
    },
  );
}
