import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { decodeJwt } from 'jose';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.js';
import { Accounts, type Account } from './accounts.js';
import { messages, pickLocale, type Locale } from './messages.js';
import {
  escapeHtml,
  format,
  IDENTITY_CSS,
  LOGIN_STATUS_JS,
  loginForm,
  messagePage,
  page,
  registrationForm,
  scriptPage,
  THIRD_PARTY_COOKIES_JS,
  type FieldError,
} from './pages.js';
import { LoginThrottle, SessionStore, type SsoSession, type ThrottleKey } from './sessions.js';
import { SigningKey } from './tokens.js';
import { createMailer, type Mailer } from './mail.js';
import { usersRoutes } from './users.js';

export const IDENTITY_PREFIX = '/auth';
/** The audience the portal's services accept in access tokens. */
export const SERVICES_AUDIENCE = 'guichet-services';
const PASSWORD_MIN_LENGTH = 10;

interface RealmClient {
  clientId: string;
  redirectUris: string[];
  webOrigins: string[];
  attributes?: Record<string, string>;
}
interface Realm {
  realm: string;
  defaultRoles: string[];
  roles: { realm: Array<{ name: string }> };
  accessTokenLifespan: number;
  ssoSessionIdleTimeout: number;
  ssoSessionMaxLifespan: number;
  clients: RealmClient[];
}

/** The realm as exported for Keycloak: the embedded server reads the same file a real Keycloak imports. */
export const REALM: Realm = JSON.parse(readFileSync(new URL('./guichet-realm.json', import.meta.url), 'utf8'));

/** The embedded realm's sign-in sessions in this database, with the realm's idle and maximum lifetimes. */
export const createSessionStore = (database: Database) =>
  new SessionStore(database, { idleSeconds: REALM.ssoSessionIdleTimeout, maxSeconds: REALM.ssoSessionMaxLifespan });

export interface IdentityOptions {
  database: Database;
  key: SigningKey;
  /** The portal's public origin (http://localhost:8000): allowed as redirect and web origin, and the issuer's base. */
  publicUrl: string;
  /** Access token lifetime in seconds (default: the realm's). */
  accessTokenLifetime?: number;
  /** Sends the verification mails (default: SMTP_URL, or the log). */
  mailer?: Mailer;
  /** The realm's sign-in sessions (shared with the verifier of the protected services). */
  sessions?: SessionStore;
  /** How often expired sessions, codes and login failures are deleted (default: every minute). */
  sweepIntervalMs?: number;
}

/** Where tokens of the embedded realm come from. */
export const issuerOf = (publicUrl: string) => `${publicUrl}${IDENTITY_PREFIX}/realms/${REALM.realm}`;

type AuthParams = {
  client_id: string;
  redirect_uri: string;
  response_mode: 'fragment' | 'query';
  state: string;
  nonce?: string;
  scope: string;
  code_challenge: string;
  locale?: string;
};

function cookies(request: FastifyRequest): Record<string, string> {
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

/** NUL and the other C0 controls but tab, CR and LF: never part of a parameter of the realm. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const matches = (pattern: string, value: string) => (pattern.endsWith('*') ? value.startsWith(pattern.slice(0, -1)) : value === pattern);

export async function identityPlugin(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const { key, publicUrl } = options;
  const accounts = new Accounts(options.database);
  const sessions = options.sessions ?? createSessionStore(options.database);
  const throttle = new LoginThrottle(options.database);
  const issuer = issuerOf(publicUrl);
  const accessLifetime = options.accessTokenLifetime ?? REALM.accessTokenLifespan;
  const realmPath = `${IDENTITY_PREFIX}/realms/${REALM.realm}`;
  const oidc = `${realmPath}/protocol/openid-connect`;
  const resources = `${IDENTITY_PREFIX}/resources`;
  const secure = publicUrl.startsWith('https:');
  const cookieBase = `Path=${realmPath}/; SameSite=Lax${secure ? '; Secure' : ''}`;

  await accounts.seedDemo();
  // Every replica sweeps (a delete of what already went is harmless); a failed sweep waits for the next.
  const sweeper = setInterval(() => {
    void Promise.all([sessions.sweep(), throttle.sweep()]).catch((error) => app.log.warn({ err: error }, 'identity state sweep failed'));
  }, options.sweepIntervalMs ?? 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  const client = (clientId: string | undefined) => REALM.clients.find((item) => item.clientId === clientId);
  const redirectAllowed = (registered: RealmClient, uri: string | undefined): uri is string => {
    // Only what a URL serialises to: CR, LF, NUL, spaces and other scripts would reach the Location header.
    if (!uri || uri.length > 2000 || /[^\x21-\x7e]/.test(uri)) return false;
    try {
      const url = new URL(uri);
      if (url.hash) return false;
      return registered.redirectUris.some((pattern) => matches(pattern, uri)) || url.origin === new URL(publicUrl).origin;
    } catch {
      return false;
    }
  };
  const originAllowed = (registered: RealmClient | undefined, origin: string | undefined) =>
    Boolean(origin) && (origin === new URL(publicUrl).origin || Boolean(registered?.webOrigins.includes(origin!)));

  // Every parameter of the realm's pages and endpoints is a single text (as in Keycloak): a repeated one is
  // a bad request, and no text reaches a page, a header or the database with a NUL or other C0 control in it.
  app.addHook('preHandler', async (request, reply) => {
    for (const [where, values] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (!values || typeof values !== 'object' || Array.isArray(values)) continue;
      for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
        const bad = Array.isArray(value)
          ? 'given more than once'
          : typeof value === 'string' && CONTROL_CHARACTER.test(value)
            ? 'contains a control character'
            : null;
        if (bad)
          return reply
            .code(400)
            .header('cache-control', 'no-store')
            .send({ error: 'invalid_request', error_description: `${where}.${name.slice(0, 40)} ${bad}` });
      }
    }
    const params = request.params as Record<string, string> | undefined;
    for (const [name, value] of Object.entries(params ?? {}))
      if (CONTROL_CHARACTER.test(value) || /[\t\r\n]/.test(value))
        return reply.code(404).send({ error: 'Not Found', message: `${name} not found` });
  });

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const localeOf = (request: FastifyRequest, ...candidates: Array<string | undefined>): Locale =>
    pickLocale(
      [...candidates, (request.query as Record<string, string>).kc_locale, cookies(request).guichet_lang],
      request.headers['accept-language'],
    );

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-frame-options', 'DENY')
      .send(body);

  /** The answer to the client: its redirect URI with the code (or error), in the fragment or the query. */
  const redirectBack = (
    reply: FastifyReply,
    params: Pick<AuthParams, 'redirect_uri' | 'response_mode' | 'state'>,
    values: Record<string, string>,
  ) => {
    const answer = new URLSearchParams({ ...values, state: params.state }).toString();
    const target =
      params.response_mode === 'query'
        ? `${params.redirect_uri}${params.redirect_uri.includes('?') ? '&' : '?'}${answer}`
        : `${params.redirect_uri}#${answer}`;
    return reply.code(302).header('location', target).header('cache-control', 'no-store').send();
  };

  const issueCode = async (reply: FastifyReply, params: AuthParams, session: SsoSession) => {
    const code = await sessions.issueCode({
      clientId: params.client_id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      nonce: params.nonce,
      scope: params.scope,
      sessionId: session.id,
      userId: session.userId,
    });
    return redirectBack(reply, params, { session_state: session.id, code });
  };

  const sessionCookies = (secret: string, session: SsoSession) => [
    `GUICHET_IDENTITY=${secret}; HttpOnly; ${cookieBase}`,
    // Not secret (tokens carry it as sid): the session iframe compares it with the app's token.
    `GUICHET_SESSION=${session.id}; ${cookieBase}`,
  ];
  const clearedCookies = [`GUICHET_IDENTITY=; Max-Age=0; HttpOnly; ${cookieBase}`, `GUICHET_SESSION=; Max-Age=0; ${cookieBase}`];

  /** Checks an authorization request; the problem is shown on the page when the client cannot be told safely. */
  function readAuthRequest(query: Record<string, string | undefined>): { params?: AuthParams; pageError?: string; redirectError?: string } {
    const registered = client(query.client_id);
    if (!registered) return { pageError: `Unknown client ${JSON.stringify(String(query.client_id ?? '').slice(0, 60))}` };
    if (!redirectAllowed(registered, query.redirect_uri)) return { pageError: 'Invalid redirect_uri for this client' };
    const params: AuthParams = {
      client_id: registered.clientId,
      redirect_uri: query.redirect_uri!,
      response_mode: query.response_mode === 'query' ? 'query' : 'fragment',
      state: String(query.state ?? ''),
      nonce: query.nonce,
      scope: String(query.scope ?? 'openid'),
      code_challenge: String(query.code_challenge ?? ''),
      locale: query.ui_locales ?? query.kc_locale,
    };
    if (query.response_type !== 'code') return { params, redirectError: 'unsupported_response_type' };
    // PKCE with S256 only.
    if (query.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43,128}$/.test(params.code_challenge))
      return { params, redirectError: 'invalid_request' };
    return { params };
  }

  /** The signed context of a login or registration form: the authorization request and the form's CSRF value. */
  const contextToken = (params: AuthParams, csrf: string) =>
    key.sign({ iss: issuer, aud: 'identity-forms', typ: 'LoginContext', params, csrf }, 600);
  async function readContext(request: FastifyRequest): Promise<AuthParams | undefined> {
    const body = (request.body ?? {}) as Record<string, string>;
    try {
      const payload = await key.verify(String(body.context ?? ''), { issuer, audience: 'identity-forms', type: 'LoginContext' });
      const csrf = String(payload.csrf ?? '');
      // Double submit: the form's value, the cookie and the signed context agree.
      if (!csrf || body.csrf !== csrf || cookies(request).GUICHET_CSRF !== csrf) return undefined;
      return payload.params as AuthParams;
    } catch {
      return undefined;
    }
  }

  const formPaths = {
    login: `${realmPath}/login-actions/authenticate`,
    register: `${realmPath}/login-actions/registration`,
  };
  const entryUrl = (endpoint: 'auth' | 'registrations', params: AuthParams, locale: Locale) =>
    `${oidc}/${endpoint}?${new URLSearchParams({
      client_id: params.client_id,
      redirect_uri: params.redirect_uri,
      response_mode: params.response_mode,
      response_type: 'code',
      state: params.state,
      scope: params.scope,
      code_challenge: params.code_challenge,
      code_challenge_method: 'S256',
      ...(params.nonce ? { nonce: params.nonce } : {}),
      kc_locale: locale,
    }).toString()}`;

  async function renderForm(
    reply: FastifyReply,
    kind: 'login' | 'register',
    params: AuthParams,
    locale: Locale,
    extra: { status?: number; error?: string; login?: string; values?: Record<string, string>; errors?: FieldError[] } = {},
  ) {
    const t = messages(locale);
    const csrf = randomBytes(24).toString('base64url');
    const context = await contextToken(params, csrf);
    reply.header(
      'set-cookie',
      `GUICHET_CSRF=${csrf}; HttpOnly; Path=${realmPath}/login-actions/; SameSite=Strict${secure ? '; Secure' : ''}`,
    );
    const body =
      kind === 'login'
        ? loginForm(t, {
            action: formPaths.login,
            context,
            csrf,
            login: extra.login,
            error: extra.error,
            registerHref: entryUrl('registrations', params, locale),
          })
        : registrationForm(t, {
            action: formPaths.register,
            context,
            csrf,
            values: extra.values ?? {},
            errors: extra.errors ?? [],
            loginHref: entryUrl('auth', params, locale),
          });
    return html(
      reply,
      extra.status ?? 200,
      page({
        locale,
        title: kind === 'login' ? t.loginTitle : t.registerTitle,
        body,
        localeHref: (other) => entryUrl(kind === 'login' ? 'auth' : 'registrations', params, other),
        portalUrl: publicUrl,
        resources,
      }),
    );
  }

  /** A page with one message and the way back to the portal. */
  const messageScreen = (
    reply: FastifyReply,
    locale: Locale,
    status: number,
    title: string,
    text: string,
    back = `${publicUrl}/${locale}/`,
  ) =>
    html(
      reply,
      status,
      page({
        locale,
        title,
        body: messagePage(text, { href: back, label: messages(locale).backToPortal }),
        portalUrl: publicUrl,
        resources,
      }),
    );
  const errorPage = (reply: FastifyReply, request: FastifyRequest, status: number, text: string) =>
    messageScreen(reply, localeOf(request), status, 'Guichet', text);

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM, log: (text) => app.log.info(text) });
  const users = usersRoutes(app, {
    accounts,
    sessions,
    key,
    mailer,
    issuer,
    realmPath,
    publicUrl,
    secure,
    roleNames: REALM.roles.realm.map((role) => role.name),
    cookies,
    localeOf,
    render: (reply, locale, status, title, body, localeHref) =>
      html(reply, status, page({ locale, title, body, localeHref, portalUrl: publicUrl, resources })),
    message: (reply, locale, status, title, text) => messageScreen(reply, locale, status, title, text),
  });

  // --- Authorization: sign-in and registration pages ---
  for (const endpoint of ['auth', 'registrations'] as const) {
    app.get<{ Querystring: Record<string, string> }>(`${oidc}/${endpoint}`, async (request, reply) => {
      const { params, pageError, redirectError } = readAuthRequest(request.query);
      if (!params) return errorPage(reply, request, 400, pageError!);
      if (redirectError) return redirectBack(reply, params, { error: redirectError });
      const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
      const prompt = request.query.prompt;
      if (prompt === 'none') return session ? issueCode(reply, params, session) : redirectBack(reply, params, { error: 'login_required' });
      if (session && prompt !== 'login' && endpoint === 'auth') return issueCode(reply, params, session);
      return renderForm(reply, endpoint === 'auth' ? 'login' : 'register', params, localeOf(request, params.locale));
    });
  }

  app.post(formPaths.login, async (request, reply) => {
    const params = await readContext(request);
    if (!params) return errorPage(reply, request, 400, messages(localeOf(request)).expired);
    const locale = localeOf(request, params.locale);
    const t = messages(locale);
    const body = request.body as Record<string, string>;
    const login = String(body.login ?? '').slice(0, 200);
    const keys: ThrottleKey[] = [
      [`user:${login.trim().toLowerCase()}`, 5],
      [`ip:${request.ip}`, 30],
    ];
    const wait = await throttle.blockedFor(keys);
    if (wait > 0) return renderForm(reply, 'login', params, locale, { status: 429, login, error: format(t.throttled, { minutes: wait }) });
    const account = login && body.password ? await accounts.authenticate(login, String(body.password)) : undefined;
    if (!account) {
      await throttle.fail(keys);
      return renderForm(reply, 'login', params, locale, { status: 401, login, error: t.invalid });
    }
    await throttle.succeed(keys);
    const { session, secret } = await sessions.create(account.id);
    reply.header('set-cookie', sessionCookies(secret, session));
    return issueCode(reply, params, session);
  });

  app.post(formPaths.register, async (request, reply) => {
    const params = await readContext(request);
    if (!params) return errorPage(reply, request, 400, messages(localeOf(request)).expired);
    const locale = localeOf(request, params.locale);
    const t = messages(locale);
    const body = request.body as Record<string, string>;
    const values = {
      firstName: String(body.firstName ?? '')
        .trim()
        .slice(0, 100),
      lastName: String(body.lastName ?? '')
        .trim()
        .slice(0, 100),
      email: String(body.email ?? '')
        .trim()
        .slice(0, 200),
    };
    const password = String(body.password ?? '');
    const errors: FieldError[] = [];
    for (const name of ['firstName', 'lastName', 'email'] as const) if (!values[name]) errors.push({ field: name, message: t.required });
    if (values.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email)) errors.push({ field: 'email', message: t.emailInvalid });
    if (password.length < PASSWORD_MIN_LENGTH)
      errors.push({ field: 'password', message: format(t.passwordShort, { count: PASSWORD_MIN_LENGTH }) });
    else if (password.length > 200) errors.push({ field: 'password', message: t.required });
    if (String(body.passwordConfirm ?? '') !== password) errors.push({ field: 'passwordConfirm', message: t.passwordMismatch });
    if (!errors.some((error) => error.field === 'email') && (await accounts.exists(values.email)))
      errors.push({ field: 'email', message: t.emailTaken });
    if (errors.length) return renderForm(reply, 'register', params, locale, { status: 400, values, errors });
    let account: Account;
    try {
      // No trade role until an officer has checked who this is (realm default roles: none).
      account = await accounts.create({ ...values, password, roles: REALM.defaultRoles });
    } catch {
      // The same e-mail registered a moment ago.
      return renderForm(reply, 'register', params, locale, { status: 400, values, errors: [{ field: 'email', message: t.emailTaken }] });
    }
    // The account works without it; the address is verified when its owner opens the mailed link.
    await users.sendVerification(account, locale).catch((error) => request.log.error({ err: error }, 'verification mail not sent'));
    const { session, secret } = await sessions.create(account.id);
    reply.header('set-cookie', sessionCookies(secret, session));
    return issueCode(reply, params, session);
  });

  // --- Tokens ---
  async function tokensFor(account: Account, session: SsoSession, clientId: string, scope: string, nonce?: string) {
    const profile = {
      sub: account.id,
      preferred_username: account.username,
      email: account.email,
      email_verified: account.emailVerified,
      given_name: account.firstName,
      family_name: account.lastName,
      name: `${account.firstName} ${account.lastName}`.trim(),
    };
    const common = { iss: issuer, azp: clientId, sid: session.id, session_state: session.id };
    const [access, id, refresh] = await Promise.all([
      key.sign(
        {
          ...common,
          ...profile,
          jti: randomUUID(),
          aud: [SERVICES_AUDIENCE, 'account'],
          typ: 'Bearer',
          scope,
          realm_access: { roles: account.roles },
          resource_access: { [clientId]: { roles: [] }, account: { roles: ['view-profile'] } },
        },
        accessLifetime,
      ),
      key.sign(
        { ...common, ...profile, aud: clientId, typ: 'ID', auth_time: session.authTime, ...(nonce ? { nonce } : {}) },
        accessLifetime,
      ),
      key.sign({ ...common, sub: account.id, jti: randomUUID(), aud: issuer, typ: 'Refresh', scope }, REALM.ssoSessionIdleTimeout),
    ]);
    return {
      access_token: access,
      expires_in: accessLifetime,
      refresh_token: refresh,
      refresh_expires_in: REALM.ssoSessionIdleTimeout,
      id_token: id,
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: session.id,
      scope,
    };
  }

  /** keycloak-js calls with credentials from the portal's pages: answer its origin exactly. */
  const cors = (request: FastifyRequest, reply: FastifyReply, clientId?: string) => {
    const origin = request.headers.origin;
    if (origin && originAllowed(client(clientId) ?? REALM.clients[0], origin)) {
      reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true').header('vary', 'Origin');
    }
  };
  for (const path of [`${oidc}/token`, `${oidc}/userinfo`]) {
    app.options(path, async (request, reply) => {
      cors(request, reply);
      return reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'authorization, content-type')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }

  const tokenError = (reply: FastifyReply, error: string, description: string) =>
    reply.code(400).header('cache-control', 'no-store').send({ error, error_description: description });

  app.post(`${oidc}/token`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    cors(request, reply, body.client_id);
    reply.header('cache-control', 'no-store');
    const registered = client(body.client_id);
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
      return tokensFor(account, session, registered.clientId, code.scope, code.nonce);
    }
    if (body.grant_type === 'refresh_token') {
      try {
        const refresh = await key.verify(String(body.refresh_token ?? ''), { issuer, audience: issuer, type: 'Refresh' });
        if (refresh.azp !== registered.clientId) return tokenError(reply, 'invalid_grant', 'Token is not for this client');
        const session = await sessions.touch(String(refresh.sid));
        const account = session && (await accounts.byId(String(refresh.sub)));
        if (!session || !account) return tokenError(reply, 'invalid_grant', 'Session not active');
        return tokensFor(account, session, registered.clientId, String(refresh.scope ?? 'openid'));
      } catch {
        return tokenError(reply, 'invalid_grant', 'Invalid refresh token');
      }
    }
    return tokenError(reply, 'unsupported_grant_type', 'Unsupported grant_type');
  });

  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    cors(request, reply);
    const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    try {
      if (!match) throw new Error('no token');
      const token = await key.verify(match[1], { issuer, type: 'Bearer' });
      if (!(await sessions.touch(String(token.sid)))) throw new Error('session ended');
      const { sub, preferred_username, email, email_verified, given_name, family_name, name } = token;
      return { sub, preferred_username, email, email_verified, given_name, family_name, name };
    } catch {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token', error_description: 'Token verification failed' });
    }
  };
  app.get(`${oidc}/userinfo`, userinfo);
  app.post(`${oidc}/userinfo`, userinfo);

  app.get(`${oidc}/certs`, async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(key.jwks()));

  app.get(`${realmPath}/.well-known/openid-configuration`, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
    token_endpoint: `${issuer}/protocol/openid-connect/token`,
    userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
    end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
    jwks_uri: `${issuer}/protocol/openid-connect/certs`,
    check_session_iframe: `${issuer}/protocol/openid-connect/login-status-iframe.html`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
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

  // --- Sign-out ---
  const endSession = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
    if (session) await sessions.end(session.id);
    reply.header('set-cookie', clearedCookies);
  };
  app.get<{ Querystring: Record<string, string> }>(`${oidc}/logout`, async (request, reply) => {
    const { post_logout_redirect_uri: target, id_token_hint: hint } = request.query;
    const locale = localeOf(request, request.query.ui_locales);
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
      reply.header('set-cookie', `GUICHET_CSRF=${csrf}; HttpOnly; Path=${realmPath}/; SameSite=Strict${secure ? '; Secure' : ''}`);
      return html(
        reply,
        200,
        page({
          locale,
          title: t.signOut,
          body: `<form method="post" action="${oidc}/logout"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="locale" value="${locale}"><button type="submit">${escapeHtml(t.signOut)}</button></form>`,
          portalUrl: publicUrl,
          resources,
        }),
      );
    }
    await endSession(request, reply);
    const registered = client(request.query.client_id) ?? REALM.clients[0];
    if (target && redirectAllowed(registered, target)) return reply.code(302).header('location', target).send();
    return messageScreen(reply, locale, 200, t.signedOutTitle, t.signedOutText);
  });
  app.post(`${oidc}/logout`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = localeOf(request, body.locale);
    const t = messages(locale);
    if (!body.csrf || body.csrf !== cookies(request).GUICHET_CSRF) return errorPage(reply, request, 400, t.expired);
    await endSession(request, reply);
    return messageScreen(reply, locale, 200, t.signedOutTitle, t.signedOutText);
  });

  // --- Account page ---
  app.get<{ Querystring: Record<string, string> }>(`${realmPath}/account`, async (request, reply) => {
    const locale = localeOf(request, request.query.ui_locales);
    const t = messages(locale);
    const back =
      request.query.referrer_uri && redirectAllowed(REALM.clients[0], request.query.referrer_uri)
        ? request.query.referrer_uri
        : `${publicUrl}/${locale}/`;
    const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
    const account = session && (await accounts.byId(session.userId));
    if (!account) return messageScreen(reply, locale, 200, t.accountTitle, t.notSignedIn, back);
    const body = `<dl>
<dt>${escapeHtml(t.name)}</dt><dd>${escapeHtml(`${account.firstName} ${account.lastName}`)}</dd>
<dt>${escapeHtml(t.email)}</dt><dd>${escapeHtml(account.email)}</dd>
<dt>${escapeHtml(t.roles)}</dt><dd>${escapeHtml(account.roles.join(', ') || '-')}</dd>
</dl>
${users.accountExtras(account, locale, reply)}
<p><a class="button" href="${escapeHtml(back)}">${escapeHtml(t.backToPortal)}</a></p>
<form method="get" action="${oidc}/logout"><input type="hidden" name="ui_locales" value="${locale}"><button type="submit">${escapeHtml(t.signOut)}</button></form>`;
    return html(
      reply,
      200,
      page({
        locale,
        title: t.accountTitle,
        body,
        localeHref: (other) => `${realmPath}/account?kc_locale=${other}`,
        portalUrl: publicUrl,
        resources,
      }),
    );
  });

  // --- keycloak-js's iframes and the pages' resources ---
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
