import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from './accounts.js';
import { cookies, type IdentityContext } from './context.js';
import { messages, type Locale } from './messages.js';
import { escapeHtml } from './pages.js';
import { REALM } from './realm.js';
import { bearerAccount, invalidToken } from './token-routes.js';

/** Whether the caller asks for JSON rather than a page (keycloak-js's loadUserProfile sends Accept: application/json). */
const wantsJson = (request: FastifyRequest) => {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') && !accept.includes('text/html');
};

/** Sign-out, and the account: a page for the browser, Keycloak's account REST representation for a bearer. */
export function sessionEndAndAccount(
  app: FastifyInstance,
  context: IdentityContext,
  accountExtras: (account: Account, locale: Locale, reply: FastifyReply) => string,
) {
  const { key, issuer, oidc, realmPath, sessions, accounts, publicUrl } = context;

  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
    if (session) await sessions.end(session.id);
    reply.header('set-cookie', context.clearedCookies);
  };

  app.get<{ Querystring: Record<string, string> }>(`${oidc}/logout`, async (request, reply) => {
    const { post_logout_redirect_uri: target, id_token_hint: hint } = request.query;
    const locale = context.localeOf(request, request.query.ui_locales);
    const t = messages(locale);
    // The hint proves the request comes from the portal only when it names the session this browser is in
    // (an ID token of this realm, even expired, whose sid is the cookie's session): any other token, or a
    // forged link, gets the confirmation form instead.
    const current = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
    let hinted = false;
    if (hint && current) {
      try {
        const claims = await key.verify(hint, { issuer, type: 'ID' }).catch(async (error: { code?: string; claim?: unknown }) => {
          if (error.code !== 'ERR_JWT_EXPIRED') throw error;
          return decodeJwt(hint);
        });
        hinted = claims.typ === 'ID' && claims.sid === current.id;
      } catch {
        hinted = false;
      }
    }
    // Without a session in this browser there is nothing to end, and nothing a forged link could do.
    if (current && !hinted) {
      // Without proof, ask: a sign-out form (POST with the form's CSRF value).
      const csrf = randomBytes(24).toString('base64url');
      reply.header('set-cookie', `GUICHET_CSRF=${csrf}; HttpOnly; Path=${realmPath}/; SameSite=Strict${context.secure ? '; Secure' : ''}`);
      const form = `<form method="post" action="${oidc}/logout"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="locale" value="${locale}"><button type="submit">${escapeHtml(t.signOut)}</button></form>`;
      return context.render(reply, locale, 200, t.signOut, form);
    }
    await endSession(request, reply);
    const registered = context.client(request.query.client_id) ?? REALM.clients[0];
    if (target && context.redirectAllowed(registered, target)) return reply.code(302).header('location', target).send();
    return context.messageScreen(reply, locale, 200, t.signedOutTitle, t.signedOutText);
  });
  app.post(`${oidc}/logout`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = context.localeOf(request, body.locale);
    const t = messages(locale);
    if (!body.csrf || body.csrf !== cookies(request).GUICHET_CSRF) return context.errorPage(reply, request, 400, t.expired);
    await endSession(request, reply);
    return context.messageScreen(reply, locale, 200, t.signedOutTitle, t.signedOutText);
  });

  app.get<{ Querystring: Record<string, string> }>(`${realmPath}/account`, async (request, reply) => {
    reply.header('vary', 'Accept');
    if (wantsJson(request)) {
      // Keycloak's account REST API: the account of an access token meant for the 'account' audience.
      context.cors(request, reply);
      reply.header('cache-control', 'no-store');
      const account = await bearerAccount(context, request, 'account');
      if (!account) return invalidToken(reply);
      return {
        id: account.id,
        username: account.username,
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        emailVerified: account.emailVerified,
        attributes: {},
      };
    }
    const locale = context.localeOf(request, request.query.ui_locales);
    const t = messages(locale);
    const back =
      request.query.referrer_uri && context.redirectAllowed(REALM.clients[0], request.query.referrer_uri)
        ? request.query.referrer_uri
        : `${publicUrl}/${locale}/`;
    const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
    const account = session && (await accounts.byId(session.userId));
    if (!account) return context.messageScreen(reply, locale, 200, t.accountTitle, t.notSignedIn, back);
    const body = `<dl>
<dt>${escapeHtml(t.name)}</dt><dd>${escapeHtml(`${account.firstName} ${account.lastName}`)}</dd>
<dt>${escapeHtml(t.email)}</dt><dd>${escapeHtml(account.email)}</dd>
<dt>${escapeHtml(t.roles)}</dt><dd>${escapeHtml(account.roles.join(', ') || '-')}</dd>
</dl>
${accountExtras(account, locale, reply)}
<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(t.backToPortal)}</a></p>
<form method="get" action="${oidc}/logout"><input type="hidden" name="ui_locales" value="${locale}"><button type="submit">${escapeHtml(t.signOut)}</button></form>`;
    return context.render(reply, locale, 200, t.accountTitle, body, (other) => `${realmPath}/account?kc_locale=${other}`);
  });
}
