import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { MANIFEST_PREFIX } from '../manifest/plugin.js';
import type { Mail } from './mail.js';
import { CLIENT, cookieHeader, demo, hidden, identityClient, OIDC, PORTAL, REALM_PATH } from './test-client.js';
import { identityReplica } from './test-replica.js';

const ADMIN = '/auth/admin/realms/guichet';
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(BACKENDS)('accounts, roles and sign-out on $name', (backend) => {
  let service: TestService;
  const mails: Mail[] = [];
  beforeAll(async () => {
    service = await startTestService(backend, [], (app, database) =>
      identityReplica(app, database, { mailer: async (mail) => void mails.push(mail) }),
    );
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const inject = (options: InjectOptions) => service.app.inject(options);
  const { signIn, signInAs, register } = identityClient(inject);
  const password = 'a-long-password-1';
  async function newAccount(locale = 'en') {
    const email = `rina.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const created = await register({ firstName: 'Rina', lastName: 'Das', email, password, passwordConfirm: password, locale });
    expect(created.statusCode).toBe(302);
    return email;
  }
  const manifests = (token: string) =>
    inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels`, headers: { authorization: `Bearer ${token}` } });

  it('gives a new account no trade role and an unverified address until its mailed link is opened', async () => {
    const email = await newAccount();
    const { tokens } = await signInAs(email, password);
    const access = decodeJwt(tokens.access_token);
    expect((access.realm_access as { roles: string[] }).roles).toEqual([]);
    expect(access.email_verified).toBe(false);
    expect((await manifests(tokens.access_token)).statusCode).toBe(403);

    const mail = mails.find((item) => item.to === email);
    expect(mail?.subject).toBe('Verify your e-mail address for Guichet');
    const link = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
    expect(link.origin).toBe(PORTAL);
    const forged = await inject({ method: 'GET', url: `${link.pathname}?key=${link.searchParams.get('key')!.slice(0, -4)}AAAA` });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('<title>Verification link not valid');
    expect(forged.body).not.toContain('E-mail address verified');
    const opened = await inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('your e-mail address is verified');
    const after = decodeJwt((await signInAs(email, password)).tokens.access_token);
    expect(after.email_verified).toBe(true);
  });

  it('mails a reset link that sets a new password once, signs the account out everywhere, and tells nobody who has an account', async () => {
    const email = await newAccount('fr');
    const before = await signInAs(email, password);
    // The sign-in page links to the request form, in its language.
    const { query } = identityClient(inject).authQuery({ ui_locales: 'fr' });
    const signInPage = await inject({ method: 'GET', url: `${OIDC}/auth?${query}` });
    expect(signInPage.body).toContain(`href="${REALM_PATH}/login-actions/reset-credentials?kc_locale=fr"`);
    const requestPage = await inject({ method: 'GET', url: `${REALM_PATH}/login-actions/reset-credentials?kc_locale=fr` });
    expect(requestPage.body).toContain('Réinitialiser votre mot de passe');
    const ask = (address: string, page = requestPage) =>
      inject({
        method: 'POST',
        url: `${REALM_PATH}/login-actions/reset-credentials`,
        headers: { ...FORM, cookie: cookieHeader(page) },
        payload: form({ csrf: hidden(page.body, 'csrf'), locale: 'fr', email: address }),
      });
    const mailsBefore = mails.length;
    // An address without an account gets the same answer, and no mail goes out.
    const nobody = await ask(`nobody.${Date.now()}@example.com`);
    expect(nobody.statusCode).toBe(200);
    expect(mails.length).toBe(mailsBefore);
    const asked = await ask(email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Si un compte existe pour');
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ to: email, subject: 'Choisissez un nouveau mot de passe pour Guichet' });
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    const opened = await inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(200);
    const save = (values: Record<string, string>, page = opened) =>
      inject({
        method: 'POST',
        url: link.pathname,
        headers: { ...FORM, cookie: cookieHeader(page) },
        payload: form({ csrf: hidden(page.body, 'csrf'), locale: 'fr', key: hidden(page.body, 'key'), ...values }),
      });
    const mismatch = await save({ password: 'new-long-password-2', passwordConfirm: 'other-password-22' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('Les mots de passe ne correspondent pas.');
    // Without the form's CSRF cookie, nothing changes.
    const forged = await inject({
      method: 'POST',
      url: link.pathname,
      headers: FORM,
      payload: form({
        csrf: hidden(opened.body, 'csrf'),
        key: hidden(opened.body, 'key'),
        password: 'forged-password-9',
        passwordConfirm: 'forged-password-9',
      }),
    });
    expect(forged.statusCode).toBe(400);
    const saved = await save({ password: 'new-long-password-2', passwordConfirm: 'new-long-password-2' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Mot de passe modifié');
    // The old password no longer works, the new one does, and the session opened before is over.
    const old = await identityClient(inject).submitLogin(identityClient(inject).authQuery().query, email, password);
    expect(old.statusCode).toBe(401);
    expect((await signInAs(email, 'new-long-password-2')).tokens.access_token).toBeTruthy();
    const refreshed = await inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: { ...FORM, origin: PORTAL },
      payload: form({ grant_type: 'refresh_token', refresh_token: before.tokens.refresh_token, client_id: CLIENT }),
    });
    expect(refreshed.statusCode).toBe(400);
    // The link works once.
    const again = await inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Lien non valide');
    // A mailbox gets at most three links in the throttle's window.
    await ask(email);
    await ask(email);
    const fourth = await ask(email);
    expect(fourth.statusCode).toBe(429);
  });

  it('refuses over-long registration fields rather than cutting them, and says an empty sign-in field is mandatory', async () => {
    const long = `${'a'.repeat(195)}@example.com`;
    const refused = await register({ firstName: 'Rina', lastName: 'D'.repeat(101), email: long, password, passwordConfirm: password });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('At most 100 characters.');
    expect(refused.body).toContain('At most 200 characters.');
    expect(refused.body).toContain('maxlength="200"');
    const { submitLogin, authQuery } = identityClient(inject);
    const empty = await submitLogin(authQuery().query, '', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('This field is mandatory.');
    expect(empty.body).toMatch(/id="field-login"[^>]*autofocus/);
  });

  it('says a control character pasted in a typed field beside it, keeping the rest; in any other parameter it is a 400', async () => {
    const said = 'This field held characters that cannot be used here (control characters); they have been removed.';
    const refused = await register({
      firstName: 'Rina',
      lastName: 'Das\u0000',
      email: 'rina.nul@example.com',
      password,
      passwordConfirm: password,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.body).toContain(said);
    // What was typed is kept, without the character a field cannot show.
    expect(refused.body).toContain('value="Das"');
    expect(refused.body).toContain('value="rina.nul@example.com"');
    expect(refused.body).not.toContain('\u0000');
    const { submitLogin, authQuery } = identityClient(inject);
    const login = await submitLogin(authQuery().query, `${demo('trader').username}\u0000`, demo('trader').password);
    expect(login.statusCode).toBe(400);
    expect(login.body).toContain(said);
    expect(login.body).toContain(`value="${demo('trader').username}"`);
    expect(login.headers['set-cookie'] ?? '').not.toMatch(/GUICHET_IDENTITY=[^;]+/);
    // Not a typed field: the context and the token endpoint's parameters are refused as before.
    const token = await inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: FORM,
      payload: form({ grant_type: 'refresh_token', refresh_token: 'a\u0000b', client_id: CLIENT }),
    });
    expect(token.statusCode).toBe(400);
    expect(token.json()).toMatchObject({ error: 'invalid_request', field: 'refresh_token' });
  });

  it('lets an officer grant a trade role on the accounts screen, and nothing beyond their own power', async () => {
    const email = await newAccount();
    const anonymous = await inject({ method: 'GET', url: `${REALM_PATH}/account/users` });
    expect(anonymous.statusCode).toBe(401);
    const trader = await signIn('trader');
    expect((await inject({ method: 'GET', url: `${REALM_PATH}/account/users`, headers: { cookie: trader.session } })).statusCode).toBe(403);

    const officer = await signIn('officer');
    const screen = await inject({
      method: 'GET',
      url: `${REALM_PATH}/account/users?search=${encodeURIComponent(email)}`,
      headers: { cookie: officer.session },
    });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain(email);
    const id = hidden(screen.body, 'id');
    const csrf = hidden(screen.body, 'csrf');
    const cookie = `${officer.session}; ${cookieHeader(screen)}`;
    const save = (values: Record<string, string>, withCookie = cookie) =>
      inject({
        method: 'POST',
        url: `${REALM_PATH}/account/users`,
        headers: { ...FORM, cookie: withCookie },
        payload: form({ csrf, id, locale: 'en', ...values }),
      });

    // Without the form's CSRF cookie (a forged cross-site post): refused, nothing changes.
    expect((await save({ role_trader: 'on' }, officer.session)).statusCode).toBe(400);
    expect((await save({ role_trader: 'on' })).body).toContain(`The roles of ${email} are saved.`);
    const { tokens } = await signInAs(email, password);
    expect((decodeJwt(tokens.access_token).realm_access as { roles: string[] }).roles).toEqual(['trader']);
    expect((await manifests(tokens.access_token)).statusCode).toBe(200);

    // An officer cannot make an officer (the box is disabled, and a hand-made post is refused).
    const refused = await save({ role_trader: 'on', role_officer: 'on' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('You cannot change the role officer.');
  });

  it("serves Keycloak's admin API for role mappings to staff only", async () => {
    const email = await newAccount();
    const officer = (await signIn('officer')).tokens.access_token;
    const trader = (await signIn('trader')).tokens.access_token;
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    expect((await inject({ method: 'GET', url: `${ADMIN}/users` })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: `${ADMIN}/users`, headers: bearer(trader) })).statusCode).toBe(403);
    const found = await inject({ method: 'GET', url: `${ADMIN}/users?search=${encodeURIComponent(email)}`, headers: bearer(officer) });
    expect(found.json()).toEqual([expect.objectContaining({ email, emailVerified: false })]);
    const id = found.json()[0].id as string;
    const mappings = `${ADMIN}/users/${id}/role-mappings/realm`;
    const change = (method: 'POST' | 'DELETE', body: unknown) =>
      inject({ method, url: mappings, headers: bearer(officer), payload: body as object });
    expect((await change('POST', [{ name: 'declarant' }])).statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: mappings, headers: bearer(officer) })).json()).toEqual([
      expect.objectContaining({ name: 'declarant' }),
    ]);
    expect((await change('POST', [{ name: 'admin' }])).statusCode).toBe(403);
    expect((await change('POST', [{ name: 'superuser' }])).json()).toMatchObject({ field: 'name' });
    expect((await change('POST', { name: 'trader' })).statusCode).toBe(400);
    expect((await change('DELETE', [{ name: 'declarant' }])).statusCode).toBe(204);
    expect((await inject({ method: 'GET', url: mappings, headers: bearer(officer) })).json()).toEqual([]);
    expect((await inject({ method: 'GET', url: `${ADMIN}/users?max=-1`, headers: bearer(officer) })).json()).toMatchObject({
      field: 'max',
    });
    // Counts in digits only: an empty or otherwise written one is no 0 or 2.
    for (const query of ['max=', 'max=0x2', 'max=2e0', 'first=1.0', 'first='])
      expect((await inject({ method: 'GET', url: `${ADMIN}/users?${query}`, headers: bearer(officer) })).statusCode, query).toBe(400);
  });

  it("does not end a session with another session's ID token (sign-out from a forged link)", async () => {
    const victim = await signIn('trader');
    const attacker = await signIn('declarant');
    const url = `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: attacker.tokens.id_token, post_logout_redirect_uri: `${PORTAL}/en/` })}`;
    const forged = await inject({ method: 'GET', url, headers: { cookie: victim.session } });
    expect(forged.statusCode).toBe(200);
    expect(forged.headers.location).toBeUndefined();
    expect(forged.body).toContain('method="post"');
    const refresh = await inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: FORM,
      payload: form({ grant_type: 'refresh_token', refresh_token: victim.tokens.refresh_token, client_id: CLIENT }),
    });
    expect(refresh.statusCode).toBe(200);
    expect((await manifests(victim.tokens.access_token)).statusCode).toBe(200);
    // Its own token ends it, and the access token stops working with it (not only at its expiry).
    const own = `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: victim.tokens.id_token, post_logout_redirect_uri: `${PORTAL}/en/` })}`;
    expect((await inject({ method: 'GET', url: own, headers: { cookie: victim.session } })).headers.location).toBe(`${PORTAL}/en/`);
    const after = await manifests(victim.tokens.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toContain('session');
  });

  it('answers repeated parameters, malformed cookies and NUL with 400 or 404, never 500', async () => {
    const officer = (await signIn('officer')).tokens.access_token;
    const responses = await Promise.all([
      inject({ method: 'GET', url: `${REALM_PATH}/account?kc_locale=1&kc_locale=2&kc_locale=3` }),
      inject({ method: 'HEAD', url: `${OIDC}/logout?ui_locales=1&ui_locales=2` }),
      inject({ method: 'GET', url: `${OIDC}/registrations`, headers: { cookie: 'GUICHET_IDENTITY=x; GUICHET_CSRF=%FF' } }),
      inject({ method: 'GET', url: `${ADMIN}/users/x%00.json/role-mappings/realm`, headers: { authorization: `Bearer ${officer}` } }),
      inject({ method: 'GET', url: `${ADMIN}/users?search=a%00b`, headers: { authorization: `Bearer ${officer}` } }),
      inject({
        method: 'POST',
        url: `${REALM_PATH}/login-actions/authenticate`,
        headers: FORM,
        payload: form({ login: 'a\u0000b@example.com', password: 'x' }),
      }),
    ]);
    for (const response of responses) expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
    expect(responses[0].statusCode).toBe(400);
    expect(responses[3].statusCode).toBe(404);
  });

  it('never writes a redirect URI with CR, LF or other scripts into Location, and keeps running (real socket)', async () => {
    const address = await service.app.listen({ host: '127.0.0.1', port: 0 });
    for (const uri of [`${PORTAL}/\r\nX-Injected: 1`, `${PORTAL}/\nX-Injected: 1`, `${PORTAL}/\u0000`, `${PORTAL}/مرحبا`, `${PORTAL}/ a`]) {
      for (const endpoint of ['auth', 'registrations', 'logout']) {
        const query = new URLSearchParams({
          client_id: CLIENT,
          redirect_uri: uri,
          post_logout_redirect_uri: uri,
          response_type: 'token',
          state: 's\r\nX-Injected: 2',
        });
        const response = await fetch(`${address}${OIDC}/${endpoint}?${query}`, { redirect: 'manual' });
        expect(response.status).toBeLessThan(500);
        expect(response.headers.get('x-injected')).toBeNull();
        expect(response.headers.get('location') ?? '').not.toMatch(/[\r\n]/);
      }
    }
    expect((await fetch(`${address}${REALM_PATH}/.well-known/openid-configuration`)).status).toBe(200);
  });
});
