import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from './accounts.js';
import { entryUrl, readAuthRequest, redirectBack, respond, type AuthParams } from './authorize.js';
import { cookies, type IdentityContext } from './context.js';
import { messages, type Locale } from './messages.js';
import { FIELD_MAX, format, loginForm, registrationForm, type FieldError } from './pages.js';
import { EMAIL, fieldErrors, newPasswordErrors, shownValue } from './form-checks.js';
import { RESET_REQUEST_PATH } from './password-reset.js';
import { REALM } from './realm.js';
import type { ThrottleKey } from './sessions.js';

/** Values shown again in a form that comes back with errors: no longer than the field takes. */
const shownValues = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([field, value]) => [field, shownValue(value).slice(0, FIELD_MAX[field] ?? 200)]));

/** The authorization endpoint's pages: sign-in and registration, and their forms. */
export function loginPages(
  app: FastifyInstance,
  context: IdentityContext,
  sendVerification: (account: Account, locale: Locale) => Promise<void>,
) {
  const { key, issuer, realmPath, oidc, sessions, throttle, accounts } = context;
  const formPaths = {
    login: `${realmPath}/login-actions/authenticate`,
    register: `${realmPath}/login-actions/registration`,
  };

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

  async function renderForm(
    reply: FastifyReply,
    kind: 'login' | 'register',
    params: AuthParams,
    locale: Locale,
    extra: { status?: number; error?: string; login?: string; values?: Record<string, string>; errors?: FieldError[] } = {},
  ) {
    const t = messages(locale);
    const csrf = randomBytes(24).toString('base64url');
    const signed = await contextToken(params, csrf);
    reply.header(
      'set-cookie',
      `GUICHET_CSRF=${csrf}; HttpOnly; Path=${realmPath}/login-actions/; SameSite=Strict${context.secure ? '; Secure' : ''}`,
    );
    const body =
      kind === 'login'
        ? loginForm(t, {
            action: formPaths.login,
            context: signed,
            csrf,
            login: extra.login,
            error: extra.error,
            errors: extra.errors,
            registerHref: entryUrl(context, 'registrations', params, locale),
            resetHref: `${realmPath}${RESET_REQUEST_PATH}?kc_locale=${locale}`,
          })
        : registrationForm(t, {
            action: formPaths.register,
            context: signed,
            csrf,
            values: extra.values ?? {},
            errors: extra.errors ?? [],
            loginHref: entryUrl(context, 'auth', params, locale),
          });
    return context.render(reply, locale, extra.status ?? 200, kind === 'login' ? t.loginTitle : t.registerTitle, body, (other) =>
      entryUrl(context, kind === 'login' ? 'auth' : 'registrations', params, other),
    );
  }

  for (const endpoint of ['auth', 'registrations'] as const) {
    app.get<{ Querystring: Record<string, string> }>(`${oidc}/${endpoint}`, async (request, reply) => {
      const { params, pageError, redirectError } = readAuthRequest(context, request.query);
      if (!params) return context.errorPage(reply, request, 400, pageError!);
      if (redirectError) return redirectBack(reply, params, { error: redirectError[0], error_description: redirectError[1] });
      const session = await sessions.fromSecret(cookies(request).GUICHET_IDENTITY);
      const prompt = request.query.prompt;
      if (prompt === 'none')
        return session ? respond(context, reply, params, session) : redirectBack(reply, params, { error: 'login_required' });
      if (session && prompt !== 'login' && endpoint === 'auth') return respond(context, reply, params, session);
      return renderForm(reply, endpoint === 'auth' ? 'login' : 'register', params, context.localeOf(request, params.locale));
    });
  }

  app.post(formPaths.login, { config: { formPage: true } }, async (request, reply) => {
    const params = await readContext(request);
    if (!params) return context.errorPage(reply, request, 400, messages(context.localeOf(request)).expired);
    const locale = context.localeOf(request, params.locale);
    const t = messages(locale);
    const body = request.body as Record<string, string>;
    const login = String(body.login ?? '');
    // An empty or over-long field is said as such: it is no failed attempt (it does not count towards the throttle).
    const errors = fieldErrors(t, { login: login.trim(), password: String(body.password ?? '') });
    if (errors.length)
      return renderForm(reply, 'login', params, locale, { status: 400, login: shownValue(login).slice(0, FIELD_MAX.login), errors });
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
    reply.header('set-cookie', context.sessionCookies(secret, session));
    return respond(context, reply, params, session);
  });

  app.post(formPaths.register, { config: { formPage: true } }, async (request, reply) => {
    const params = await readContext(request);
    if (!params) return context.errorPage(reply, request, 400, messages(context.localeOf(request)).expired);
    const locale = context.localeOf(request, params.locale);
    const t = messages(locale);
    const body = request.body as Record<string, string>;
    const values = {
      firstName: String(body.firstName ?? '').trim(),
      lastName: String(body.lastName ?? '').trim(),
      email: String(body.email ?? '').trim(),
    };
    const password = String(body.password ?? '');
    // A value too long is refused, never cut: the account is made with what was typed or not at all.
    const errors = fieldErrors(t, values);
    if (values.email && !errors.some((error) => error.field === 'email') && !EMAIL.test(values.email))
      errors.push({ field: 'email', message: t.emailInvalid });
    errors.push(...newPasswordErrors(t, password, String(body.passwordConfirm ?? '')));
    if (!errors.some((error) => error.field === 'email') && (await accounts.exists(values.email)))
      errors.push({ field: 'email', message: t.emailTaken });
    if (errors.length) return renderForm(reply, 'register', params, locale, { status: 400, values: shownValues(values), errors });
    let account: Account;
    try {
      // No trade role until an officer has checked who this is (realm default roles: none).
      account = await accounts.create({ ...values, password, roles: REALM.defaultRoles });
    } catch {
      // The same e-mail registered a moment ago.
      return renderForm(reply, 'register', params, locale, { status: 400, values, errors: [{ field: 'email', message: t.emailTaken }] });
    }
    // The account works without it; the address is verified when its owner opens the mailed link.
    await sendVerification(account, locale).catch((error) => request.log.error({ err: error }, 'verification mail not sent'));
    const { session, secret } = await sessions.create(account.id);
    reply.header('set-cookie', context.sessionCookies(secret, session));
    return respond(context, reply, params, session);
  });
}
