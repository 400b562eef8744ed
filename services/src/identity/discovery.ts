import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from './context.js';
import { IDENTITY_CSS, LOGIN_STATUS_JS, scriptPage, THIRD_PARTY_COOKIES_JS } from './pages.js';

/** What clients read before signing in: the realm's description and keys, keycloak-js's iframes, the pages' resources. */
export function discoveryRoutes(app: FastifyInstance, context: IdentityContext) {
  const { issuer, oidc, resources, key, realmPath } = context;
  app.get(`${oidc}/certs`, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(key.jwks()));

  app.get(`${realmPath}/.well-known/openid-configuration`, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
    end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
    jwks_uri: `${issuer}/protocol/openid-connect/certs`,
    check_session_iframe: `${issuer}/protocol/openid-connect/login-status-iframe.html`,
    grant_types_supported: ['authorization_code', 'implicit', 'refresh_token'],
    response_types_supported: ['code', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token'],
    response_modes_supported: ['query', 'fragment'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: ['openid', 'profile', 'email', 'roles'],
    claims_supported: [
      'sub',
      'iss',
      'name',
      'given_name',
      'family_name',
      'preferred_username',
      'email',
      'email_verified',
      'realm_access',
      'resource_access',
    ],
  }));

  const frame = (reply: FastifyReply, body: string) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  app.get(`${oidc}/login-status-iframe.html`, async (_request, reply) => frame(reply, scriptPage(`${resources}/login-status.js`)));
  app.get(`${oidc}/login-status-iframe.html/init`, async (_request, reply) => reply.code(204).send());
  app.get(`${oidc}/3p-cookies/step1.html`, async (_request, reply) => frame(reply, scriptPage(`${resources}/3p-cookies.js`)));
  const resource = (type: string, body: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('content-type', type).header('cache-control', 'public, max-age=3600').send(body);
  app.get(`${resources}/identity.css`, resource('text/css; charset=utf-8', IDENTITY_CSS));
  app.get(`${resources}/login-status.js`, resource('text/javascript; charset=utf-8', LOGIN_STATUS_JS));
  app.get(`${resources}/3p-cookies.js`, resource('text/javascript; charset=utf-8', THIRD_PARTY_COOKIES_JS));
}
