import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookies, type IdentityContext } from './context.js';
import type { Mailer } from './mail.js';
import { messages, type Locale } from './messages.js';
import { EMAIL, fieldErrors, newPasswordErrors, shownValue } from './form-checks.js';
import { format, newPasswordForm, resetRequestForm, type FieldError } from './pages.js';
import type { ThrottleKey } from './sessions.js';

/** Under the realm's path: the request of a reset link (Keycloak's path for it) and the page the link opens. */
export const RESET_REQUEST_PATH = '/login-actions/reset-credentials';
const RESET_PASSWORD_PATH = '/login-actions/reset-password';
const RESET_AUDIENCE = 'identity-reset-password';
/** A link is valid for an hour, and once: it carries a digest of the password it replaces. */
const RESET_LIFETIME = 3600;
/** Links asked for one address, and requests from one client address, within the throttle's window (15 minutes). */
const RESET_MAILS_PER_ADDRESS = 3;
const RESET_REQUESTS_PER_CLIENT = 30;

/**
 * "Forgot your password?": the sign-in page links to a form that mails a link to the account's address (the
 * answer is the same whether an account exists or not, so that it tells nobody which addresses have one); the
 * link opens a form for the new password, which signs the account out everywhere.
 */
export function passwordReset(app: FastifyInstance, context: IdentityContext, mailer: Mailer) {
  const { key, issuer, realmPath, accounts, sessions, throttle, publicUrl } = context;
  const requestPath = `${realmPath}${RESET_REQUEST_PATH}`;
  const passwordPath = `${realmPath}${RESET_PASSWORD_PATH}`;

  /** A form's CSRF value: a cookie of the reset pages and the same value in the form (double submit). */
  const csrfFor = (reply: FastifyReply) => {
    const csrf = randomBytes(24).toString('base64url');
    reply.header(
      'set-cookie',
      `GUICHET_RESET_CSRF=${csrf}; HttpOnly; Path=${realmPath}/login-actions/; SameSite=Strict${context.secure ? '; Secure' : ''}`,
    );
    return csrf;
  };
  const csrfValid = (request: FastifyRequest, body: Record<string, string>) =>
    Boolean(body.csrf) && body.csrf === cookies(request).GUICHET_RESET_CSRF;

  const requestForm = (reply: FastifyReply, locale: Locale, status: number, email = '', errors: FieldError[] = []) => {
    const t = messages(locale);
    const body = resetRequestForm(t, { action: requestPath, csrf: csrfFor(reply), locale, email: email.slice(0, 200), errors });
    return context.render(reply, locale, status, t.resetTitle, body, (other) => `${requestPath}?kc_locale=${other}`);
  };
  const passwordForm = (reply: FastifyReply, locale: Locale, status: number, resetKey: string, errors: FieldError[] = []) => {
    const t = messages(locale);
    const body = newPasswordForm(t, { action: passwordPath, csrf: csrfFor(reply), locale, resetKey, errors });
    return context.render(reply, locale, status, t.newPasswordTitle, body);
  };

  /** The account a reset key stands for, while the key is valid and its password is still the one it replaces. */
  async function accountOf(resetKey: string) {
    try {
      const payload = await key.verify(resetKey, { issuer, audience: RESET_AUDIENCE, type: 'ResetPassword' });
      const account = await accounts.byId(String(payload.sub));
      if (!account || (await accounts.passwordStamp(account.id)) !== payload.stamp) return undefined;
      return account;
    } catch {
      return undefined;
    }
  }

  app.get<{ Querystring: Record<string, string> }>(requestPath, async (request, reply) =>
    requestForm(reply, context.localeOf(request, request.query.kc_locale), 200),
  );

  app.post(requestPath, { config: { formPage: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = context.localeOf(request, body.locale);
    const t = messages(locale);
    if (!csrfValid(request, body)) return context.errorPage(reply, request, 400, t.expired);
    const email = String(body.email ?? '').trim();
    const errors = fieldErrors(t, { email });
    if (!errors.length && !EMAIL.test(email)) errors.push({ field: 'email', message: t.emailInvalid });
    if (errors.length) return requestForm(reply, locale, 400, shownValue(email), errors);
    const keys: ThrottleKey[] = [
      [`reset:${email.toLowerCase()}`, RESET_MAILS_PER_ADDRESS],
      [`reset-ip:${request.ip}`, RESET_REQUESTS_PER_CLIENT],
    ];
    const wait = await throttle.blockedFor(keys);
    if (wait > 0) return requestForm(reply, locale, 429, email, [{ field: 'email', message: format(t.throttled, { minutes: wait }) }]);
    // Every request counts, whether an account exists or not: a mailbox gets at most a few links.
    await throttle.fail(keys);
    const account = await accounts.byLogin(email);
    const stamp = account && (await accounts.passwordStamp(account.id));
    if (account && stamp) {
      const resetKey = await key.sign({ iss: issuer, aud: RESET_AUDIENCE, typ: 'ResetPassword', sub: account.id, stamp }, RESET_LIFETIME);
      const link = `${publicUrl}${passwordPath}?${new URLSearchParams({ key: resetKey, kc_locale: locale })}`;
      await mailer({
        to: account.email,
        subject: t.resetSubject,
        text: format(t.resetText, { name: `${account.firstName} ${account.lastName}`.trim(), link }),
      }).catch((error) => request.log.error({ err: error }, 'password reset mail not sent'));
    }
    return context.messageScreen(reply, locale, 200, t.resetTitle, format(t.resetSent, { email }));
  });

  app.get<{ Querystring: Record<string, string> }>(passwordPath, async (request, reply) => {
    const locale = context.localeOf(request, request.query.kc_locale);
    const t = messages(locale);
    const resetKey = String(request.query.key ?? '');
    if (!(await accountOf(resetKey))) return context.messageScreen(reply, locale, 400, t.resetLinkInvalidTitle, t.resetLinkInvalid);
    return passwordForm(reply, locale, 200, resetKey);
  });

  app.post(passwordPath, { config: { formPage: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = context.localeOf(request, body.locale);
    const t = messages(locale);
    if (!csrfValid(request, body)) return context.errorPage(reply, request, 400, t.expired);
    const resetKey = String(body.key ?? '');
    const account = await accountOf(resetKey);
    if (!account) return context.messageScreen(reply, locale, 400, t.resetLinkInvalidTitle, t.resetLinkInvalid);
    const password = String(body.password ?? '');
    const errors = newPasswordErrors(t, password, String(body.passwordConfirm ?? ''));
    if (errors.length) return passwordForm(reply, locale, 400, resetKey, errors);
    await accounts.setPassword(account.id, password);
    // Whoever knew the old password is signed out; the failed sign-ins of the account no longer block it.
    await sessions.endAllOf(account.id);
    await throttle.succeed([[`user:${account.username}`, 0]]);
    return context.messageScreen(reply, locale, 200, t.passwordChangedTitle, t.passwordChanged);
  });
}
