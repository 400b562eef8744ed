import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { Accounts } from './accounts.js';
import { cookies, identityContext } from './context.js';
import { discoveryRoutes } from './discovery.js';
import { CONTROL_CHARACTER, TYPED_FIELDS } from './form-checks.js';
import { loginPages } from './login-pages.js';
import { createMailer, type Mailer } from './mail.js';
import { passwordReset } from './password-reset.js';
import { createSessionStore, issuerOf, REALM } from './realm.js';
import { sessionEndAndAccount } from './session-end.js';
import { LoginThrottle, type SessionStore } from './sessions.js';
import type { SigningKey } from './tokens.js';
import { tokenRoutes } from './token-routes.js';
import { usersRoutes } from './users.js';

export { createSessionStore, IDENTITY_PREFIX, issuerOf, REALM, SERVICES_AUDIENCE } from './realm.js';

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

/** The embedded identity server: Keycloak's endpoints for one realm, on the services' database. */
export async function identityPlugin(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const accounts = new Accounts(options.database);
  const sessions = options.sessions ?? createSessionStore(options.database);
  const throttle = new LoginThrottle(options.database);
  const context = identityContext(app, {
    key: options.key,
    accounts,
    sessions,
    throttle,
    publicUrl: options.publicUrl,
    issuer: issuerOf(options.publicUrl),
    accessLifetime: options.accessTokenLifetime ?? REALM.accessTokenLifespan,
  });

  await accounts.seedDemo();
  // Every replica sweeps (a delete of what already went is harmless); a failed sweep waits for the next.
  const sweeper = setInterval(() => {
    void Promise.all([sessions.sweep(), throttle.sweep()]).catch((error) => app.log.warn({ err: error }, 'identity state sweep failed'));
  }, options.sweepIntervalMs ?? 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  // Every parameter of the realm's pages and endpoints is a single text (as in Keycloak): a repeated one is
  // a bad request, and no text reaches a page, a header or the database with a NUL or other C0 control in it.
  app.addHook('preHandler', async (request, reply) => {
    const formPage = (request.routeOptions.config as { formPage?: boolean } | undefined)?.formPage === true;
    for (const [where, values] of [
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (!values || typeof values !== 'object' || Array.isArray(values)) continue;
      for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
        // A form's typed field says it beside the field, with what was typed kept (form-checks.ts).
        const typed = where === 'body' && formPage && TYPED_FIELDS.includes(name);
        const bad = Array.isArray(value)
          ? 'given more than once'
          : typeof value === 'string' && !typed && CONTROL_CHARACTER.test(value)
            ? 'contains a control character'
            : null;
        if (bad)
          return reply
            .code(400)
            .header('cache-control', 'no-store')
            .send({ error: 'invalid_request', error_description: `${where}.${name.slice(0, 40)} ${bad}`, field: name.slice(0, 40) });
      }
    }
    const params = request.params as Record<string, string> | undefined;
    for (const [name, value] of Object.entries(params ?? {}))
      if (CONTROL_CHARACTER.test(value) || /[\t\r\n]/.test(value))
        return reply.code(404).send({ error: 'Not Found', message: `${name} not found` });
  });

  // A repeated field becomes a list, which the hook above refuses (the last one would otherwise win in silence).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    const fields: Record<string, string | string[]> = Object.create(null);
    for (const [name, value] of new URLSearchParams(body as string)) {
      const previous = fields[name];
      fields[name] = previous === undefined ? value : [previous, value].flat();
    }
    done(null, fields);
  });

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: process.env.SMTP_URL, from: process.env.MAIL_FROM, log: (text) => app.log.info(text) });
  const users = usersRoutes(app, {
    accounts,
    sessions,
    key: options.key,
    mailer,
    issuer: context.issuer,
    realmPath: context.realmPath,
    publicUrl: options.publicUrl,
    secure: context.secure,
    roleNames: REALM.roles.realm.map((role) => role.name),
    cookies,
    localeOf: context.localeOf,
    render: context.render,
    message: (reply, locale, status, title, text) => context.messageScreen(reply, locale, status, title, text),
  });

  loginPages(app, context, users.sendVerification);
  passwordReset(app, context, mailer);
  tokenRoutes(app, context);
  sessionEndAndAccount(app, context, users.accountExtras);
  discoveryRoutes(app, context);
}
