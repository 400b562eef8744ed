import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Accounts } from './accounts.js';
import { messages, pickLocale, type Locale } from './messages.js';
import { messagePage, page } from './pages.js';
import { IDENTITY_PREFIX, REALM, type RealmClient } from './realm.js';
import type { LoginThrottle, SessionStore, SsoSession } from './sessions.js';
import type { SigningKey } from './tokens.js';

export function cookies(request: FastifyRequest): Record<string, string> {
  const result: Record<string, string> = {};
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    try {
      result[part.slice(0, index).trim()] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // A malformed value (%FF) is no value: the cookie is ignored, as if absent.
    }
  }
  return result;
}

const matches = (pattern: string, value: string) => (pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : value === pattern);

/** What every part of the identity server shares: the realm's state, its paths and the answers they all give. */
export function identityContext(
  app: FastifyInstance,
  base: {
    key: SigningKey;
    accounts: Accounts;
    sessions: SessionStore;
    throttle: LoginThrottle;
    publicUrl: string;
    issuer: string;
    accessLifetime: number;
  },
) {
  const { publicUrl } = base;
  const realmPath = `${IDENTITY_PREFIX}/realms/${REALM.realm}`;
  const resources = `${IDENTITY_PREFIX}/resources`;
  const secure = publicUrl.startsWith('https:');
  const cookieBase = `Path=${realmPath}/; SameSite=Lax${secure ? '; Secure' : ''}`;
  const portalOrigin = new URL(publicUrl).origin;

  const client = (clientId: string | undefined) => REALM.clients.find((item) => item.clientId === clientId);
  const redirectAllowed = (registered: RealmClient, uri: string | undefined): uri is string => {
    // Only what a URL serialises to: CR, LF, NUL, spaces and other scripts would reach the Location header.
    if (!uri || uri.length > 2000 || /[^\x21-\x7e]/.test(uri)) return false;
    try {
      const url = new URL(uri);
      if (url.hash) return false;
      return registered.redirectUris.some((pattern) => matches(pattern, uri)) || url.origin === portalOrigin;
    } catch {
      return false;
    }
  };
  const originAllowed = (registered: RealmClient | undefined, origin: string | undefined) =>
    Boolean(origin) && (origin === portalOrigin || Boolean(registered?.webOrigins.includes(origin!)));

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .send(body);

  /** An identity page (the realm's frame) with this title and body. */
  const render = (
    reply: FastifyReply,
    locale: Locale,
    status: number,
    title: string,
    body: string,
    localeHref?: (other: Locale) => string,
  ) => html(reply, status, page({ locale, title, body, localeHref, portalUrl: publicUrl, resources }));

  /** A page with one message and the way back to the portal. */
  const messageScreen = (
    reply: FastifyReply,
    locale: Locale,
    status: number,
    title: string,
    text: string,
    back = `${publicUrl}/${locale}/`,
  ) => render(reply, locale, status, title, messagePage(text, { href: back, label: messages(locale).backToPortal }));

  const localeOf = (request: FastifyRequest, ...candidates: Array<string | undefined>): Locale =>
    pickLocale(
      [...candidates, (request.query as Record<string, string>).kc_locale, cookies(request).guichet_lang],
      request.headers['accept-language'],
    );

  return {
    ...base,
    realmPath,
    oidc: `${realmPath}/protocol/openid-connect`,
    resources,
    secure,
    cookieBase,
    client,
    redirectAllowed,
    html,
    render,
    messageScreen,
    localeOf,
    errorPage: (reply: FastifyReply, request: FastifyRequest, status: number, text: string) =>
      messageScreen(reply, localeOf(request), status, 'Guichet', text),
    /** keycloak-js calls with credentials from the portal's pages: answer its origin exactly. */
    cors(request: FastifyRequest, reply: FastifyReply, clientId?: string) {
      const origin = request.headers.origin;
      if (origin && originAllowed(client(clientId) ?? REALM.clients[0], origin)) {
        reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true').header('vary', 'Origin');
      }
    },
    sessionCookies: (secret: string, session: SsoSession) => [
      `GUICHET_IDENTITY=${secret}; HttpOnly; ${cookieBase}`,
      // Not secret (tokens carry it as sid): the session iframe compares it with the app's token.
      `GUICHET_SESSION=${session.id}; ${cookieBase}`,
    ],
    clearedCookies: [`GUICHET_IDENTITY=; Max-Age=0; HttpOnly; ${cookieBase}`, `GUICHET_SESSION=; Max-Age=0; ${cookieBase}`],
  };
}

export type IdentityContext = ReturnType<typeof identityContext>;
