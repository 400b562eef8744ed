import type Keycloak from 'keycloak-js';
import { setTokenSource } from '../http/client';
import { loadFromTab, saveToTab } from '../app/tabStorage';
import type { SessionUser } from './authSlice';
import { loadAccountDetails, realmUrl, sessionFlow, userOf, withDetails, type AccountDetails } from './user';

/** Session constants (SPEC section 9). */
export const IDLE_TIMEOUT_MS = 3_600_000;
export const ACTIVITY_TIMER_MS = 10_000;
export const TOKEN_MIN_VALIDITY_S = 5;
const CONFIG_URL = '/keycloak.json';
/** Standard (code + PKCE) by default; implicit or hybrid when the build names it (SPEC section 4). */
const FLOW = sessionFlow(process.env.GATSBY_AUTH_FLOW);

interface SessionCallbacks {
  onSignedIn(user: SessionUser): void;
  /** `idle`: the page loads after an hour without activity signed the visitor out. */
  onSignedOut(idle?: boolean): void;
}

/** Set for the tab when an hour without activity signs the visitor out, read by the page that loads next. */
const IDLE_SIGN_OUT_KEY = 'guichet.idleSignOut';

let keycloak: Keycloak | undefined;
let ready: Promise<Keycloak> | undefined;
/** Set by a page that needs sign-in: losing the session there sends the visitor to sign in again. */
let signInRequired = false;

/**
 * A valid access token: refreshed when it is about to expire; the implicit flow has no refresh token, so
 * its token counts until it expires, and then it is cleared (which signs the visitor out, see onAuthLogout).
 */
async function validToken(client: Keycloak): Promise<string | undefined> {
  if (!client.authenticated) return undefined;
  if (!client.refreshToken) {
    try {
      if (!client.isTokenExpired(TOKEN_MIN_VALIDITY_S)) return client.token;
    } catch {
      // 'Not authenticated': no token to give.
    }
    client.clearToken();
    return undefined;
  }
  try {
    await client.updateToken(TOKEN_MIN_VALIDITY_S);
  } catch {
    console.warn('The session token could not be refreshed');
    return undefined;
  }
  return client.token;
}

/**
 * Starts the session once per page load: a silent check of an existing sign-in (check-sso with the
 * silent-check page), PKCE S256, the standard flow (or the build's) with the fragment response mode; tokens
 * refresh when they expire and before every request (the axios interceptor), and an idle visitor is signed
 * out. Once signed in, userinfo and the account profile complete the token's data.
 */
export function startSession(callbacks: SessionCallbacks): Promise<Keycloak> {
  ready ??= (async () => {
    const { default: KeycloakClient } = await import('keycloak-js');
    const client = new KeycloakClient(CONFIG_URL);
    keycloak = client;
    let details: AccountDetails = {};
    const report = () => {
      const user = client.authenticated ? userOf(client.tokenParsed, client.clientId) : null;
      if (user) callbacks.onSignedIn(withDetails(user, details));
      else callbacks.onSignedOut(loadFromTab(IDLE_SIGN_OUT_KEY, (value) => value === true) ?? false);
      saveToTab(IDLE_SIGN_OUT_KEY, null);
    };
    client.onAuthSuccess = report;
    client.onAuthRefreshSuccess = report;
    // A refresh answered with 400 clears the token (keycloak-js), which signs the visitor out below.
    client.onTokenExpired = () => void validToken(client);
    client.onAuthLogout = () => {
      details = {};
      callbacks.onSignedOut();
      if (signInRequired) void client.login({ redirectUri: window.location.href });
    };
    // Before init: pages may call protected services as soon as the sign-in is known.
    setTokenSource(() => validToken(client));
    try {
      await client.init({
        onLoad: 'check-sso',
        silentCheckSsoRedirectUri: `${window.location.origin}/silent-check-sso.html`,
        // Where a browser refuses the silent check, the visitor shows as signed out (no page-wide redirect on every load).
        silentCheckSsoFallback: false,
        pkceMethod: 'S256',
        flow: FLOW,
        responseMode: 'fragment',
        checkLoginIframe: true,
      });
    } catch (error) {
      console.error('The session could not be started', error);
    }
    report();
    // Meanwhile the session is usable: the details arrive as an update.
    if (client.authenticated && client.authServerUrl && client.realm)
      void loadAccountDetails(realmUrl(client.authServerUrl, client.realm)).then((loaded) => {
        details = loaded;
        if (client.authenticated) report();
      });
    watchIdle(client);
    return client;
  })();
  return ready;
}

/** Activity keeps the session; an hour without any signs the visitor out. Input also validates the token. */
function watchIdle(client: Keycloak) {
  let lastActivity = Date.now();
  let lastCheck = 0;
  const active = () => {
    lastActivity = Date.now();
    if (client.authenticated && lastActivity - lastCheck > ACTIVITY_TIMER_MS) {
      lastCheck = lastActivity;
      void validToken(client);
    }
  };
  for (const event of ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'])
    window.addEventListener(event, active, { passive: true, capture: true });
  window.setInterval(() => {
    if (client.authenticated && Date.now() - lastActivity > IDLE_TIMEOUT_MS) {
      saveToTab(IDLE_SIGN_OUT_KEY, true);
      void client.logout({ redirectUri: window.location.href });
    }
  }, ACTIVITY_TIMER_MS);
}

export async function signIn(options: { redirectUri?: string; locale?: string } = {}): Promise<void> {
  const client = await ready;
  await client?.login({ redirectUri: options.redirectUri ?? window.location.href, locale: options.locale });
}

export async function signUp(options: { locale?: string } = {}): Promise<void> {
  const client = await ready;
  await client?.register({ redirectUri: window.location.href, locale: options.locale });
}

export async function signOut(redirectUri: string): Promise<void> {
  const client = await ready;
  await client?.logout({ redirectUri });
}

export function accountUrl(): string | undefined {
  return keycloak?.createAccountUrl({ redirectUri: window.location.href });
}

export function requireSignIn(required: boolean): void {
  signInRequired = required;
}
