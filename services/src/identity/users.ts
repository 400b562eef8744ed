import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account, Accounts } from './accounts.js';
import type { Mailer } from './mail.js';
import { messages, type Locale, type Messages } from './messages.js';
import { escapeHtml, format } from './pages.js';
import type { SessionStore } from './sessions.js';
import type { SigningKey } from './tokens.js';

/** Realm roles (Keycloak's realm export), and which of them each staff role may give or take away. */
export const STAFF_ROLES = ['officer', 'admin'];
const GRANTABLE: Record<string, string[]> = { officer: ['trader', 'declarant'], admin: ['trader', 'declarant', 'officer', 'admin'] };
export const grantableBy = (roles: string[]) => [...new Set(roles.flatMap((role) => GRANTABLE[role] ?? []))];

/** What a staff member may set: only the roles they may grant change; an admin keeps their own admin role. */
export function rolesAfterChange(actor: Account, target: Account, wanted: string[]): { roles?: string[]; refused?: string } {
  const allowed = grantableBy(actor.roles);
  for (const role of new Set([...wanted, ...target.roles])) {
    const changes = wanted.includes(role) !== target.roles.includes(role);
    if (changes && !allowed.includes(role)) return { refused: role };
  }
  if (actor.id === target.id && actor.roles.includes('admin') && !wanted.includes('admin')) return { refused: 'admin' };
  return { roles: [...new Set(wanted)].sort() };
}

const VERIFY_AUDIENCE = 'identity-verify-email';
const VERIFY_LIFETIME = 24 * 3600;

export interface UsersOptions {
  accounts: Accounts;
  sessions: SessionStore;
  key: SigningKey;
  mailer: Mailer;
  issuer: string;
  realmPath: string;
  publicUrl: string;
  secure: boolean;
  roleNames: string[];
  cookies: (request: FastifyRequest) => Record<string, string>;
  localeOf: (request: FastifyRequest, ...candidates: Array<string | undefined>) => Locale;
  /** An identity page (the realm's frame) with this title and body. */
  render: (
    reply: FastifyReply,
    locale: Locale,
    status: number,
    title: string,
    body: string,
    localeHref?: (other: Locale) => string,
  ) => unknown;
  /** A page with one message and the way back to the portal. */
  message: (reply: FastifyReply, locale: Locale, status: number, title: string, text: string) => unknown;
}

/**
 * Accounts after registration: the verification mail and its link; the account page's resend button;
 * the officers' screen that grants trade roles; and Keycloak's admin API for the same (role mappings).
 */
export function usersRoutes(app: FastifyInstance, options: UsersOptions) {
  const { accounts, sessions, key, issuer, realmPath, publicUrl } = options;
  const actionPath = `${realmPath}/login-actions/action-token`;
  const usersPath = `${realmPath}/account/users`;
  const resendPath = `${realmPath}/account/verify-email`;
  const csrfCookie = (csrf: string) =>
    `GUICHET_ACCOUNT_CSRF=${csrf}; HttpOnly; Path=${realmPath}/account; SameSite=Strict${options.secure ? '; Secure' : ''}`;

  async function sendVerification(account: Account, locale: Locale): Promise<void> {
    const token = await key.sign(
      { iss: issuer, aud: VERIFY_AUDIENCE, typ: 'VerifyEmail', sub: account.id, email: account.email },
      VERIFY_LIFETIME,
    );
    const t = messages(locale);
    const link = `${publicUrl}${actionPath}?${new URLSearchParams({ key: token, kc_locale: locale })}`;
    await options.mailer({
      to: account.email,
      subject: t.verifySubject,
      text: format(t.verifyText, { name: `${account.firstName} ${account.lastName}`.trim(), link }),
    });
  }

  app.get<{ Querystring: Record<string, string> }>(actionPath, async (request, reply) => {
    const locale = options.localeOf(request);
    const t = messages(locale);
    try {
      const payload = await key.verify(String(request.query.key ?? ''), { issuer, audience: VERIFY_AUDIENCE, type: 'VerifyEmail' });
      if (!(await accounts.markVerified(String(payload.sub), String(payload.email)))) throw new Error('account changed');
    } catch {
      return options.message(reply, locale, 400, t.verifyLinkInvalidTitle, t.verifyLinkInvalid);
    }
    return options.message(reply, locale, 200, t.emailVerifiedTitle, t.emailVerifiedText);
  });

  /** The signed-in account of this browser (identity cookie), if any. */
  const signedIn = async (request: FastifyRequest) => {
    const session = await sessions.fromSecret(options.cookies(request).GUICHET_IDENTITY);
    return session ? accounts.byId(session.userId) : undefined;
  };
  const csrfValid = (request: FastifyRequest, body: Record<string, string>) =>
    Boolean(body.csrf) && body.csrf === options.cookies(request).GUICHET_ACCOUNT_CSRF;

  app.post(resendPath, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = options.localeOf(request, body.locale);
    const t = messages(locale);
    const account = await signedIn(request);
    if (!account || !csrfValid(request, body)) return options.message(reply, locale, 400, t.accountTitle, t.expired);
    if (!account.emailVerified) await sendVerification(account, locale);
    return options.message(reply, locale, 200, t.accountTitle, format(t.verificationSent, { email: account.email }));
  });

  /** The account page's extra lines: the address's state (and resend), the staff's way to the roles screen. */
  function accountExtras(account: Account, locale: Locale, reply: FastifyReply): string {
    const t = messages(locale);
    const csrf = randomBytes(24).toString('base64url');
    reply.header('set-cookie', csrfCookie(csrf));
    const state = `<p>${escapeHtml(t.email)}: ${escapeHtml(account.emailVerified ? t.verified : t.notVerified)}</p>`;
    const resend = account.emailVerified
      ? ''
      : `<form method="post" action="${resendPath}"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="locale" value="${locale}"><button type="submit">${escapeHtml(t.resendVerification)}</button></form>`;
    const staff = account.roles.some((role) => STAFF_ROLES.includes(role))
      ? `<p><a href="${usersPath}?kc_locale=${locale}">${escapeHtml(t.manageUsers)}</a></p>`
      : '';
    return state + resend + staff;
  }

  function usersPage(
    reply: FastifyReply,
    locale: Locale,
    actor: Account,
    list: Account[],
    search: string,
    notice?: { text: string; error?: boolean },
  ) {
    const t: Messages = messages(locale);
    const csrf = randomBytes(24).toString('base64url');
    reply.header('set-cookie', csrfCookie(csrf));
    const grantable = grantableBy(actor.roles);
    const rows = list
      .map((account) => {
        const boxes = options.roleNames
          .map((role) => {
            const id = `role-${account.id}-${role}`;
            const disabled = grantable.includes(role) ? '' : ' disabled';
            const checked = account.roles.includes(role) ? ' checked' : '';
            return `<label for="${id}"><input type="checkbox" id="${id}" name="role_${role}"${checked}${disabled}> ${escapeHtml(role)}</label>`;
          })
          .join(' ');
        return `<tr><td>${escapeHtml(account.email)}</td><td>${escapeHtml(`${account.firstName} ${account.lastName}`)}</td><td>${escapeHtml(account.emailVerified ? t.verified : t.notVerified)}</td><td><form method="post" action="${usersPath}"><input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="locale" value="${locale}"><input type="hidden" name="id" value="${escapeHtml(account.id)}"><input type="hidden" name="search" value="${escapeHtml(search)}"><fieldset><legend>${escapeHtml(t.roles)}: ${escapeHtml(account.email)}</legend>${boxes}</fieldset><button type="submit">${escapeHtml(t.saveRoles)}</button></form></td></tr>`;
      })
      .join('');
    const table = list.length
      ? `<table><thead><tr><th scope="col">${escapeHtml(t.email)}</th><th scope="col">${escapeHtml(t.name)}</th><th scope="col">${escapeHtml(t.email)}: ${escapeHtml(t.verified)}</th><th scope="col">${escapeHtml(t.roles)}</th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>${escapeHtml(t.noUsers)}</p>`;
    const body = `${notice ? `<p role="${notice.error ? 'alert' : 'status'}" class="${notice.error ? 'error' : 'note'}">${escapeHtml(notice.text)}</p>` : ''}<p>${escapeHtml(t.usersIntro)}</p>
<form method="get" action="${usersPath}" role="search"><input type="hidden" name="kc_locale" value="${locale}"><label for="search">${escapeHtml(t.search)}</label> <input id="search" name="search" type="search" maxlength="200" value="${escapeHtml(search)}"> <button type="submit">${escapeHtml(t.search)}</button></form>
${table}`;
    return options.render(reply, locale, notice?.error ? 403 : 200, t.usersTitle, body, (other) => `${usersPath}?kc_locale=${other}`);
  }

  const staffOnly = (reply: FastifyReply, locale: Locale) => {
    const t = messages(locale);
    return options.message(reply, locale, 403, t.usersTitle, t.staffOnly);
  };

  app.get<{ Querystring: Record<string, string> }>(usersPath, async (request, reply) => {
    const locale = options.localeOf(request);
    const actor = await signedIn(request);
    if (!actor) return options.message(reply, locale, 401, messages(locale).usersTitle, messages(locale).notSignedIn);
    if (!actor.roles.some((role) => STAFF_ROLES.includes(role))) return staffOnly(reply, locale);
    const search = String(request.query.search ?? '').slice(0, 200);
    return usersPage(reply, locale, actor, await accounts.list({ search, max: 100 }), search);
  });

  app.post(usersPath, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string>;
    const locale = options.localeOf(request, body.locale);
    const t = messages(locale);
    const actor = await signedIn(request);
    if (!actor || !csrfValid(request, body)) return options.message(reply, locale, 400, t.usersTitle, t.expired);
    if (!actor.roles.some((role) => STAFF_ROLES.includes(role))) return staffOnly(reply, locale);
    const search = String(body.search ?? '').slice(0, 200);
    const target = await accounts.byId(String(body.id ?? ''));
    if (!target)
      return usersPage(reply, locale, actor, await accounts.list({ search, max: 100 }), search, { text: t.noUsers, error: true });
    const wanted = options.roleNames.filter((role) => body[`role_${role}`] === 'on');
    // Roles the actor may not change stay as they are (their boxes are disabled, so the form does not send them).
    const kept = target.roles.filter((role) => !grantableBy(actor.roles).includes(role));
    const change = rolesAfterChange(actor, target, [...new Set([...wanted, ...kept])]);
    if (!change.roles) {
      const text = format(t.cannotGrant, { role: change.refused! });
      return usersPage(reply, locale, actor, await accounts.list({ search, max: 100 }), search, { text, error: true });
    }
    await accounts.setRoles(target.id, change.roles);
    request.log.info({ actor: actor.id, target: target.id, roles: change.roles }, 'realm roles changed');
    const notice = { text: format(t.rolesSaved, { email: target.email }) };
    return usersPage(reply, locale, actor, await accounts.list({ search, max: 100 }), search, notice);
  });

  // --- Keycloak's admin REST API, for the same (GET users, GET/POST/DELETE role-mappings/realm) ---
  const adminPath = `/auth/admin${realmPath.replace(/^\/auth/, '')}`;
  /** The staff account behind a bearer token of this realm whose session is still alive. */
  async function staffOf(request: FastifyRequest, reply: FastifyReply): Promise<Account | undefined> {
    const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    let account: Account | undefined;
    try {
      if (!match) throw new Error('no token');
      const token = await key.verify(match[1], { issuer, type: 'Bearer' });
      if (await sessions.touch(String(token.sid))) account = await accounts.byId(String(token.sub));
    } catch {
      account = undefined;
    }
    if (!account) {
      reply.code(401).header('www-authenticate', 'Bearer realm="guichet"').send({ error: 'HTTP 401 Unauthorized' });
      return undefined;
    }
    if (!account.roles.some((role) => STAFF_ROLES.includes(role))) {
      reply.code(403).send({ error: 'HTTP 403 Forbidden' });
      return undefined;
    }
    return account;
  }
  const representation = (account: Account) => ({
    id: account.id,
    username: account.username,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    emailVerified: account.emailVerified,
    enabled: true,
    createdTimestamp: Date.parse(account.createdAt),
  });
  // Absent: the default; given: digits only ("", "0x2" and "2e0" are no counts), at most max.
  const count = (value: unknown, fallback: number, max: number) => {
    if (value === undefined) return fallback;
    return typeof value === 'string' && /^\d{1,20}$/.test(value) ? Math.min(Number(value), max) : undefined;
  };

  app.get<{ Querystring: Record<string, string> }>(`${adminPath}/users`, async (request, reply) => {
    if (!(await staffOf(request, reply))) return reply;
    const first = count(request.query.first, 0, 1_000_000);
    const max = count(request.query.max, 100, 1000);
    if (first === undefined || max === undefined)
      return reply.code(400).send({ error: 'first and max must be non-negative integers', field: first === undefined ? 'first' : 'max' });
    const search = typeof request.query.search === 'string' ? request.query.search.slice(0, 200) : '';
    return (await accounts.list({ search, first, max })).map(representation);
  });

  const mappingsPath = `${adminPath}/users/:id/role-mappings/realm`;
  app.get<{ Params: { id: string } }>(mappingsPath, async (request, reply) => {
    if (!(await staffOf(request, reply))) return reply;
    const target = await accounts.byId(request.params.id);
    if (!target) return reply.code(404).send({ error: 'User not found' });
    return target.roles.map((name) => ({ name, composite: false, clientRole: false }));
  });

  const changeRoles = (add: boolean) => async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const actor = await staffOf(request, reply);
    if (!actor) return reply;
    const body = request.body;
    if (
      !Array.isArray(body) ||
      body.length > 50 ||
      !body.every((item) => item && typeof item === 'object' && typeof item.name === 'string')
    )
      return reply.code(400).send({ error: 'The body must be a list of roles: [{"name": "trader"}]', field: 'body' });
    const names = body.map((item: { name: string }) => item.name);
    const unknown = names.find((name) => !options.roleNames.includes(name));
    if (unknown !== undefined)
      return reply.code(400).send({ error: `Unknown role ${JSON.stringify(unknown.slice(0, 60))}`, field: 'name' });
    const target = await accounts.byId(request.params.id);
    if (!target) return reply.code(404).send({ error: 'User not found' });
    const wanted = add ? [...target.roles, ...names] : target.roles.filter((role) => !names.includes(role));
    const change = rolesAfterChange(actor, target, wanted);
    if (!change.roles) return reply.code(403).send({ error: `You cannot change the role ${change.refused}` });
    await accounts.setRoles(target.id, change.roles);
    request.log.info({ actor: actor.id, target: target.id, roles: change.roles }, 'realm roles changed');
    return reply.code(204).send();
  };
  app.post(mappingsPath, changeRoles(true));
  app.delete(mappingsPath, changeRoles(false));

  return { sendVerification, accountExtras };
}
