import { sendError } from '../http/errors.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { RedirectManifest } from './redirects.js';
import { contentSecurityPolicy, PagePolicies, securityHeaders } from './security-headers.js';
import { refusedMethod } from '../http/methods.js';

export interface SitePluginOptions {
  siteDir: string;
  /** Path prefixes owned by services: they answer JSON, never the HTML 404/500 pages. */
  apiPrefixes: string[];
  languages: readonly string[];
  /** Origins allowed to frame the draft preview page (the CMS admin panel). */
  previewFramers?: string[];
}

/** Hashed build assets may be cached for a year; everything else is revalidated. */
function cacheControl(path: string): string {
  if (/\/static\//.test(path) || /-[0-9a-f]{16,}\.(js|css)$/.test(path)) {
    return 'public, max-age=31536000, immutable';
  }
  return 'public, max-age=0, must-revalidate';
}

export const REDIRECT_MANIFEST = '_redirects.json';
/** The built preview page of each language (/xx/preview/index.html). */
const PREVIEW_PAGE = /[\\/][a-z]{2}[\\/]preview[\\/]index\.html$/;

/**
 * Files the build writes beside the site that no browser fetches: source maps, webpack's statistics and
 * chunk map (the chunk map is inlined in every page), the redirect manifest this server reads from disk,
 * the redirect and header files for other hosts, and the slice HTML pages are stitched from. The Gatsby
 * runtime fetches scripts, styles, page-data/ (app-data, page data, static queries) and slice-data/.
 * deploy/site-exclude.txt lists the same files for copying the site to another host.
 */
const BUILD_ARTEFACTS = new Set([
  'webpack.stats.json',
  'chunk-map.json',
  REDIRECT_MANIFEST,
  '_redirects',
  '_nginx-redirects.conf',
  '_headers',
]);

/** A request's path as the static files would read it: decoded, dot segments resolved (undefined: not decodable). */
function resolvedPath(url: string): string | undefined {
  try {
    return posix.normalize(`/${decodeURIComponent(url.split('?')[0])}`);
  } catch {
    return undefined; // not a file path the static files would find either
  }
}

/** Whether a request path (as sent: encoded, any case, maybe with a query) names a build artefact. */
export function isBuildArtefact(url: string): boolean {
  const path = resolvedPath(url)
    ?.toLowerCase()
    .replace(/\.(br|gz)$/, '');
  if (path === undefined) return false;
  return path.endsWith('.map') || BUILD_ARTEFACTS.has(path.slice(1)) || path.startsWith('/_gatsby/slices/');
}

/**
 * Whether a request is a service's: its path, resolved, is a prefix or under it (/auth/..., not /auth-x or
 * /auth/../webpack.stats.json, which the static files would answer).
 */
export function isApiPath(url: string, prefixes: readonly string[]): boolean {
  const path = resolvedPath(url) ?? url.split('?')[0];
  return prefixes.some((prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`));
}

/**
 * The page in the visitor's language (and so its direction) when the build has one, else the default one.
 * A page's data (/page-data/ar/news/page-data.json) fails in the language of its page.
 */
export function languagePage(siteDir: string, languages: readonly string[], url: string, page: '404' | '500'): string | undefined {
  const segments = url.split('?')[0].split('/');
  const first = (segments[1] === 'page-data' ? segments[2] : segments[1])?.toLowerCase();
  const candidates = [
    ...(first && languages.includes(first) ? [join(first, page, 'index.html')] : []),
    join(page, 'index.html'),
    `${page}.html`,
  ];
  return candidates.find((candidate) => existsSync(join(siteDir, candidate)));
}

/**
 * The answer to a page's address that is not valid percent-encoding ("/fr/%ZZ", a link cut short), which no
 * route sees (Fastify's frameworkErrors): the site's 404 page in its language, as a 400, read as it was built
 * (the base policy lets none of its scripts run). False when there is no such page: the caller answers then.
 */
export function sendBadAddressPage(siteDir: string, languages: readonly string[], request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const page = languagePage(siteDir, languages, request.url, '404');
  let html: Buffer;
  try {
    if (!page) return false;
    html = readFileSync(join(siteDir, page));
  } catch {
    return false;
  }
  void reply
    .code(400)
    .headers({
      ...securityHeaders(request.protocol === 'https'),
      'content-security-policy': contentSecurityPolicy(),
      'cache-control': 'no-store',
      'content-type': 'text/html; charset=utf-8',
    })
    .send(html);
  return true;
}

/**
 * Serves the built site: real 301 redirects from the build's manifest, static
 * files with Gatsby's cache rules, and the 404 and 500 pages with real status codes.
 */
async function site(app: FastifyInstance, options: SitePluginOptions): Promise<void> {
  const { siteDir, apiPrefixes, languages } = options;
  const manifest = new RedirectManifest(join(siteDir, REDIRECT_MANIFEST));
  const isApi = (url: string) => isApiPath(url, apiPrefixes);
  const policies = new PagePolicies();
  const basePolicy = contentSecurityPolicy();

  // Security headers on every answer; built pages get a policy with their own inline scripts' hashes.
  app.addHook('onSend', async (request, reply) => {
    for (const [name, value] of Object.entries(securityHeaders(request.protocol === 'https'))) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy') && !reply.raw.hasHeader('content-security-policy'))
      reply.header('content-security-policy', basePolicy);
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (isApi(request.url)) return;
    if (isBuildArtefact(request.url)) return sendPage(request, reply, 404);
    const target = manifest.current().match(request.url);
    if (target) {
      return reply.code(target.statusCode).header('location', target.location).header('cache-control', 'public, max-age=3600').send();
    }
  });

  await app.register(fastifyStatic, {
    root: siteDir,
    wildcard: true,
    redirect: true,
    index: ['index.html'],
    cacheControl: false,
    // The build writes file.br and file.gz beside text files (shared/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, path) {
      const original = path.replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', cacheControl(original));
      if (original.endsWith('.html')) {
        // The draft preview page opens inside the CMS admin panel (Strapi's preview).
        const framers = PREVIEW_PAGE.test(original) ? (options.previewFramers ?? []) : [];
        res.setHeader('content-security-policy', policies.forFile(original, statSync(original), framers));
      }
    },
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, status: 404 | 500) => {
    const page = languagePage(siteDir, languages, request.url, status === 404 ? '404' : '500');
    reply.code(status).header('cache-control', 'no-store');
    if (!page) {
      return reply.type('text/plain; charset=utf-8').send(status === 404 ? '404 Page Not Found' : 'Internal Server Error');
    }
    return reply.sendFile(page);
  };

  app.setNotFoundHandler((request, reply) => {
    if (isApi(request.url)) {
      if (refusedMethod(request, reply)) return reply;
      return reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    }
    return sendPage(request, reply, 404);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = error.statusCode && error.statusCode >= 400 && error.statusCode < 500;
    if (isApi(request.url) || clientError) return sendError(error, request, reply);
    request.log.error(error);
    return sendPage(request, reply, 500);
  });
}

/** Registered at the root so its redirects, 404 and error handling cover every route. */
export const sitePlugin = fp(site, { name: 'guichet-site' });
