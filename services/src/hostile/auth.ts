import { createHash, randomBytes } from 'node:crypto';
import { send, type RawRequest, type RawResponse } from './client.js';
import { CLIENT, cookieValue, demo, hidden, OIDC, REALM_PATH } from '../identity/test-client.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * Signs a demo account in through the real identity flow over the socket (sign-in page, form post,
 * authorization code with PKCE, token endpoint) and returns its access token.
 */
export async function signIn(port: number, role: string, host = '127.0.0.1'): Promise<string> {
  const call = async (request: RawRequest, expected: number[]): Promise<RawResponse> => {
    const response = await send(port, request, { host });
    if (!expected.includes(response.status))
      throw new Error(`sign-in as ${role}: ${request.method} ${String(request.target).split('?')[0]} answered ${response.status}`);
    return response;
  };
  // The realm's issuer names the portal's public origin, the base of the allowed redirect URIs.
  const discovery = await call({ method: 'GET', target: `${REALM_PATH}/.well-known/openid-configuration` }, [200]);
  const portal = String(JSON.parse(discovery.body.toString('utf8')).issuer).replace(/\/auth\/realms\/.*$/, '');
  const redirectUri = `${portal}/en/`;
  const verifier = randomBytes(32).toString('base64url');
  const query = form({
    client_id: CLIENT,
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    state: 'hostile',
    nonce: 'hostile',
    scope: 'openid',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await call({ method: 'GET', target: `${OIDC}/auth?${query}` }, [200]);
  const html = page.body.toString('utf8');
  const cookie = cookieValue(page.headers.get('set-cookie'), 'GUICHET_CSRF');
  const account = demo(role);
  const login = await call(
    {
      method: 'POST',
      target: `${REALM_PATH}/login-actions/authenticate`,
      headers: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Cookie', cookie ?? ''],
      ],
      body: form({ context: hidden(html, 'context'), csrf: hidden(html, 'csrf'), login: account.username, password: account.password }),
    },
    [302, 303],
  );
  const location = login.headers.get('location')?.[0] ?? '';
  const code = new URLSearchParams(location.split('#')[1] ?? '').get('code') ?? '';
  const tokens = await call(
    {
      method: 'POST',
      target: `${OIDC}/token`,
      headers: [
        ['Content-Type', 'application/x-www-form-urlencoded'],
        ['Origin', portal],
      ],
      body: form({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: CLIENT, code_verifier: verifier }),
    },
    [200],
  );
  return String(JSON.parse(tokens.body.toString('utf8')).access_token);
}

/** Access tokens of demo users (admin, then trader, in turn), signed in once and again after four minutes or when asked. */
export function tokenSource(port: () => number, host?: string): (n: number, renew?: boolean) => Promise<string> {
  const roles = ['admin', 'trader'];
  const cache = new Map<string, { token: Promise<string>; at: number }>();
  return (n, renew = false) => {
    if (renew) cache.clear();
    const role = roles[n % roles.length];
    let entry = cache.get(role);
    if (!entry || Date.now() - entry.at > 240_000) {
      entry = { token: signIn(port(), role, host), at: Date.now() };
      cache.set(role, entry);
    }
    return entry.token;
  };
}
