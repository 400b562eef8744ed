import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from './accounts.js';
import type { IdentityContext } from './context.js';
import { profileClaims, tokenResponse } from './issue.js';

/**
 * The account behind a bearer access token of this realm whose session is still open (the session counts
 * as active), or undefined. With an audience, the token must be meant for it (the account API: 'account').
 */
export async function bearerAccount(context: IdentityContext, request: FastifyRequest, audience?: string): Promise<Account | undefined> {
  const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match) return undefined;
  try {
    const token = await context.key.verify(match[1], { issuer: context.issuer, type: 'Bearer', audience });
    if (!(await context.sessions.touch(String(token.sid)))) return undefined;
    return await context.accounts.byId(String(token.sub));
  } catch {
    return undefined;
  }
}

export const invalidToken = (reply: FastifyReply) =>
  reply
    .code(401)
    .header('www-authenticate', 'Bearer error="invalid_token"')
    .send({ error: 'invalid_token', error_description: 'Token verification failed' });

/** The token endpoint (code and refresh grants) and userinfo. */
export function tokenRoutes(app: FastifyInstance, context: IdentityContext) {
  const { oidc, key, issuer, sessions, accounts } = context;

  for (const path of [`${oidc}/token`, `${oidc}/userinfo`, `${context.realmPath}/account`]) {
    app.options(path, async (request, reply) => {
      context.cors(request, reply);
      return reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type, accept')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }

  const tokenError = (reply: FastifyReply, error: string, description: string) =>
    reply.code(400).header('cache-control', 'no-store').send({ error, error_description: description });

  app.post(`${oidc}/token`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    context.cors(request, reply, body.client_id);
    reply.header('cache-control', 'no-store');
    const registered = context.client(body.client_id);
    if (!registered) return reply.code(401).send({ error: 'invalid_client', error_description: 'Unknown client' });
    if (body.grant_type === 'authorization_code') {
      const code = await sessions.takeCode(String(body.code ?? ''));
      if (!code || code.clientId !== registered.clientId) return tokenError(reply, 'invalid_grant', 'Code not valid');
      if (code.redirectUri !== body.redirect_uri) return tokenError(reply, 'invalid_grant', 'Incorrect redirect_uri');
      const verifier = String(body.code_verifier ?? '');
      if (createHash('sha256').update(verifier).digest('base64url') !== code.codeChallenge)
        return tokenError(reply, 'invalid_grant', 'PKCE verification failed');
      const session = await sessions.touch(code.sessionId);
      const account = session && (await accounts.byId(code.userId));
      if (!session || !account) return tokenError(reply, 'invalid_grant', 'Session not active');
      return tokenResponse(context, { account, session, clientId: registered.clientId, scope: code.scope }, code.nonce);
    }
    if (body.grant_type === 'refresh_token') {
      try {
        const refresh = await key.verify(String(body.refresh_token ?? ''), { issuer, audience: issuer, type: 'Refresh' });
        if (refresh.azp !== registered.clientId) return tokenError(reply, 'invalid_grant', 'Token is not for this client');
        const session = await sessions.touch(String(refresh.sid));
        const account = session && (await accounts.byId(String(refresh.sub)));
        if (!session || !account) return tokenError(reply, 'invalid_grant', 'Session not active');
        return tokenResponse(context, { account, session, clientId: registered.clientId, scope: String(refresh.scope ?? 'openid') });
      } catch {
        return tokenError(reply, 'invalid_grant', 'Invalid refresh token');
      }
    }
    return tokenError(reply, 'unsupported_grant_type', 'Unsupported grant_type');
  });

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    context.cors(request, reply);
    reply.header('cache-control', 'no-store');
    const account = await bearerAccount(context, request);
    // From the account as it is now (a changed name shows before the token is refreshed).
    return account ? profileClaims(account) : invalidToken(reply);
  };
  app.get(`${oidc}/userinfo`, userinfo);
  app.post(`${oidc}/userinfo`, userinfo);
}
