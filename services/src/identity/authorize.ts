import type { FastifyReply } from 'fastify';
import type { IdentityContext } from './context.js';
import { signer } from './issue.js';
import type { Locale } from './messages.js';
import type { SsoSession } from './sessions.js';

/** An authorization request, as checked: what the answer needs, kept in the login form's signed context. */
export type AuthParams = {
  client_id: string;
  redirect_uri: string;
  /** 'code' (standard flow), 'id_token' or 'id_token token' (implicit), or 'code' with either (hybrid). */
  response_type: string;
  response_mode: 'fragment' | 'query';
  state: string;
  nonce?: string;
  scope: string;
  /** S256 challenge; required when a code is asked for. */
  code_challenge: string;
  locale?: string;
};

/** The response types of the three flows, in a fixed order (a request may list them in any). */
const RESPONSE_TYPES = ['code', 'id_token', 'id_token token', 'code id_token', 'code token', 'code id_token token'];
const ORDER = ['code', 'id_token', 'token'];
const normalise = (value: string) => {
  const parts = value.split(' ');
  return new Set(parts).size === parts.length ? [...parts].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b)).join(' ') : '';
};

/** Checks an authorization request; the problem is shown on the page when the client cannot be told safely. */
export function readAuthRequest(
  context: IdentityContext,
  query: Record<string, string | undefined>,
): { params?: AuthParams; pageError?: string; redirectError?: [error: string, description: string] } {
  const registered = context.client(query.client_id);
  if (!registered) return { pageError: `Unknown client ${JSON.stringify(String(query.client_id ?? '').slice(0, 60))}` };
  if (!context.redirectAllowed(registered, query.redirect_uri)) return { pageError: 'Invalid redirect_uri for this client' };
  const responseType = normalise(String(query.response_type ?? ''));
  const code = responseType.split(' ').includes('code');
  const frontChannel = responseType !== 'code';
  const params: AuthParams = {
    client_id: registered.clientId,
    redirect_uri: query.redirect_uri!,
    response_type: responseType,
    // Tokens never go in a query string (logs, Referer): the implicit and hybrid flows answer in the fragment.
    response_mode: query.response_mode === 'query' && !frontChannel ? 'query' : 'fragment',
    state: String(query.state ?? ''),
    nonce: query.nonce,
    scope: String(query.scope ?? 'openid'),
    code_challenge: String(query.code_challenge ?? ''),
    locale: query.ui_locales ?? query.kc_locale,
  };
  if (!RESPONSE_TYPES.includes(responseType)) return { params, redirectError: ['unsupported_response_type', 'response_type'] };
  if ((code && registered.standardFlowEnabled === false) || (frontChannel && !registered.implicitFlowEnabled))
    return { params, redirectError: ['unauthorized_client', `response_type ${responseType} is not allowed for this client`] };
  if (frontChannel && query.response_mode === 'query')
    return { params, redirectError: ['invalid_request', 'response_mode query is not allowed for the implicit or hybrid flow'] };
  // The nonce binds the ID token to the browser's request: without it a token taken elsewhere could be replayed.
  if (frontChannel && (!params.nonce || params.nonce.length > 512)) return { params, redirectError: ['invalid_request', 'nonce'] };
  if (frontChannel && !params.scope.split(' ').includes('openid')) return { params, redirectError: ['invalid_request', 'scope'] };
  // PKCE with S256 only, wherever a code is given.
  if (code && (query.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43,128}$/.test(params.code_challenge)))
    return { params, redirectError: ['invalid_request', 'code_challenge'] };
  return { params };
}

/** The answer to the client: its redirect URI with the code, tokens or error, in the fragment or the query. */
export function redirectBack(
  reply: FastifyReply,
  params: Pick<AuthParams, 'redirect_uri' | 'response_mode' | 'state'>,
  values: Record<string, string>,
) {
  const answer = new URLSearchParams({ ...values, state: params.state }).toString();
  const target =
    params.response_mode === 'query'
      ? `${params.redirect_uri}${params.redirect_uri.includes('?') ? '&' : '?'}${answer}`
      : `${params.redirect_uri}#${answer}`;
  return reply.code(302).header('location', target).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send();
}

/** Answers a request for a signed-in session: a code (standard), tokens (implicit), or both (hybrid). */
export async function respond(context: IdentityContext, reply: FastifyReply, params: AuthParams, session: SsoSession) {
  // A form opened before the hybrid and implicit flows existed asked for a code.
  const types = (params.response_type || 'code').split(' ');
  const values: Record<string, string> = {};
  if (types.includes('code'))
    values.code = await context.sessions.issueCode({
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      nonce: params.nonce,
      scope: params.scope,
      sessionId: session.id,
      userId: session.userId,
    });
  if (types.includes('id_token')) {
    const account = await context.accounts.byId(session.userId);
    if (!account) return redirectBack(reply, params, { error: 'login_required' });
    const sign = signer(context);
    const grant = { account, session, clientId: params.client_id, scope: params.scope };
    if (types.includes('token')) {
      values.access_token = await sign.access(grant);
      values.token_type = 'Bearer';
      values.expires_in = String(context.accessLifetime);
    }
    values.id_token = await sign.id(grant, { nonce: params.nonce, accessToken: values.access_token, code: values.code });
  }
  return redirectBack(reply, params, { ...values, session_state: session.id });
}

/** The sign-in or registration page for the same request (links between them, language links). */
export const entryUrl = (context: IdentityContext, endpoint: 'auth' | 'registrations', params: AuthParams, locale: Locale) =>
  `${context.oidc}/${endpoint}?${new URLSearchParams({
    client_id: params.client_id,
    redirect_uri: params.redirect_uri,
    response_mode: params.response_mode,
    response_type: params.response_type || 'code',
    state: params.state,
    scope: params.scope,
    ...(params.code_challenge ? { code_challenge: params.code_challenge, code_challenge_method: 'S256' } : {}),
    ...(params.nonce ? { nonce: params.nonce } : {}),
    kc_locale: locale,
  }).toString()}`;
