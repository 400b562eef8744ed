import { createHash, randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_ACCOUNTS } from './accounts.js';
import { REALM } from './plugin.js';

/** The identity server as the portal and a browser use it, for the tests. */
export const PORTAL = 'http://localhost:8000';
export const REALM_PATH = `/auth/realms/${REALM.realm}`;
export const OIDC = `${REALM_PATH}/protocol/openid-connect`;
export const CLIENT = REALM.clients[0].clientId;
export const demo = (role: string) => DEMO_ACCOUNTS.find((account) => account.roles.includes(role))!;

export const cookieValue = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];
export const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';
/** The cookies a reply sets, as a Cookie header. */
export const cookieHeader = (response: LightMyRequestResponse) =>
  ([] as string[])
    .concat(response.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

export function identityClient(inject: (options: InjectOptions) => Promise<LightMyRequestResponse>) {
  function authQuery(extra: Record<string, string> = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      client_id: CLIENT,
      redirect_uri: `${PORTAL}/en/`,
      response_type: 'code',
      response_mode: 'fragment',
      state: 'state-1',
      nonce: 'nonce-1',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...extra,
    });
    return { verifier, query: query.toString() };
  }

  /** The login form's fields and its CSRF cookie. */
  async function loginPage(query: string, endpoint = 'auth') {
    const response = await inject({ method: 'GET', url: `${OIDC}/${endpoint}?${query}` });
    return {
      response,
      context: hidden(response.body, 'context'),
      csrf: hidden(response.body, 'csrf'),
      cookie: cookieValue(response.headers['set-cookie'], 'GUICHET_CSRF')!,
    };
  }

  async function submitLogin(query: string, login: string, password: string) {
    const { context, csrf, cookie } = await loginPage(query);
    return inject({
      method: 'POST',
      url: `${REALM_PATH}/login-actions/authenticate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ context, csrf, login, password }).toString(),
    });
  }

  async function exchange(location: string, verifier: string) {
    const code = new URLSearchParams(location.split('#')[1]).get('code')!;
    return inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${PORTAL}/en/`,
        client_id: CLIENT,
        code_verifier: verifier,
      }).toString(),
    });
  }

  /** Signs in with a login and password: the tokens and the browser's identity cookies. */
  async function signInAs(username: string, password: string) {
    const { verifier, query } = authQuery();
    const login = await submitLogin(query, username, password);
    const tokens = (await exchange(login.headers.location as string, verifier)).json();
    return { tokens, session: cookieHeader(login) };
  }
  const signIn = (role: string) => signInAs(demo(role).username, demo(role).password);

  /** Submits the registration form. */
  async function register(values: Record<string, string>) {
    const { query } = authQuery();
    const { context, csrf, cookie } = await loginPage(query, 'registrations');
    return inject({
      method: 'POST',
      url: `${REALM_PATH}/login-actions/registration`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: new URLSearchParams({ context, csrf, ...values }).toString(),
    });
  }

  return { authQuery, loginPage, submitLogin, exchange, signIn, signInAs, register };
}
