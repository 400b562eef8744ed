import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { helpdeskPlugin, HELPDESK_PREFIX } from '../helpdesk/plugin.js';
import { portalPlugin, PORTAL_PREFIX } from '../portal/plugin.js';
import { manifestPlugin, MANIFEST_PREFIX } from '../manifest/plugin.js';
import { identityPlugin, issuerOf, SERVICES_AUDIENCE } from './plugin.js';
import { SigningKey } from './tokens.js';
import { CLIENT, identityClient, OIDC, PORTAL, REALM_PATH, demo } from './test-client.js';
import { createVerifier } from './verify.js';

describe.each(BACKENDS)('identity server and protected services on $name', (backend) => {
  let service: TestService;
  let key: SigningKey;
  beforeAll(async () => {
    key = await SigningKey.load();
    service = await startTestService(backend, [], async (app, database) => {
      await app.register(identityPlugin, { database, key, publicUrl: PORTAL });
      const verifier = createVerifier({ issuer: issuerOf(PORTAL), audience: SERVICES_AUDIENCE, keys: key, clientId: CLIENT });
      await app.register(helpdeskPlugin, { prefix: HELPDESK_PREFIX, database, verifier });
      await app.register(manifestPlugin, { prefix: MANIFEST_PREFIX, verifier });
      // No CMS behind it here: a granted request gets as far as asking the CMS (502).
      await app.register(portalPlugin, {
        prefix: PORTAL_PREFIX,
        verifier,
        cmsUrl: 'http://127.0.0.1:9',
        timeoutMs: 2000,
        cmsToken: () => 'token',
      });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const inject = (options: InjectOptions) => service.app.inject(options);
  const { authQuery, loginPage, submitLogin, exchange, signIn, register } = identityClient(inject);

  it('describes the realm as Keycloak does, with its signing keys', async () => {
    const discovery = (await inject({ method: 'GET', url: `${REALM_PATH}/.well-known/openid-configuration` })).json();
    expect(discovery.issuer).toBe(`${PORTAL}${REALM_PATH}`);
    expect(discovery.token_endpoint).toBe(`${PORTAL}${OIDC}/token`);
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    const jwks = (await inject({ method: 'GET', url: `${OIDC}/certs` })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs in with code + PKCE S256 and gives Keycloak-shaped tokens; a code works once', async () => {
    const { verifier, query } = authQuery();
    const page = await loginPage(query);
    expect(page.response.statusCode).toBe(200);
    expect(page.response.body).toContain('<html lang="en" dir="ltr">');
    const login = await submitLogin(query, demo('officer').username, demo('officer').password);
    expect(login.statusCode).toBe(302);
    const location = login.headers.location as string;
    expect(location.startsWith(`${PORTAL}/en/#`)).toBe(true);
    expect(new URLSearchParams(location.split('#')[1]).get('state')).toBe('state-1');
    const response = await exchange(location, verifier);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    const tokens = response.json();
    const access = decodeJwt(tokens.access_token);
    expect(access).toMatchObject({
      iss: `${PORTAL}${REALM_PATH}`,
      azp: CLIENT,
      typ: 'Bearer',
      preferred_username: demo('officer').username,
    });
    expect(access.aud).toContain(SERVICES_AUDIENCE);
    expect((access.realm_access as { roles: string[] }).roles).toEqual(['officer']);
    expect(decodeJwt(tokens.id_token)).toMatchObject({ aud: CLIENT, nonce: 'nonce-1', typ: 'ID' });
    expect(decodeJwt(tokens.refresh_token).typ).toBe('Refresh');
    expect((await exchange(location, verifier)).json().error).toBe('invalid_grant');
  });

  it('refuses a wrong PKCE verifier and a redirect to another site', async () => {
    const { query } = authQuery();
    const login = await submitLogin(query, demo('trader').username, demo('trader').password);
    expect((await exchange(login.headers.location as string, 'x'.repeat(43))).json()).toMatchObject({ error: 'invalid_grant' });
    const evil = authQuery({ redirect_uri: 'https://evil.example/' });
    const response = await inject({ method: 'GET', url: `${OIDC}/auth?${evil.query}` });
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
    const noPkce = new URLSearchParams(authQuery().query);
    noPkce.delete('code_challenge_method');
    const plain = await inject({ method: 'GET', url: `${OIDC}/auth?${noPkce.toString()}` });
    expect(plain.headers.location).toContain('error=invalid_request');
  });

  it('says when the password is wrong, then throttles, and needs its CSRF value', async () => {
    const { query } = authQuery({ kc_locale: 'fr' });
    const wrong = await submitLogin(query, 'nobody@guichet.local', 'wrong-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Adresse e-mail ou mot de passe incorrect.');
    for (let attempt = 0; attempt < 5; attempt++) await submitLogin(query, 'throttled@guichet.local', 'wrong-password');
    const throttled = await submitLogin(query, 'throttled@guichet.local', 'wrong-password');
    expect(throttled.statusCode).toBe(429);
    const { context, csrf } = await loginPage(query);
    const forged = await inject({
      method: 'POST',
      url: `${REALM_PATH}/login-actions/authenticate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ context, csrf, login: demo('trader').username, password: demo('trader').password }).toString(),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.headers.location).toBeUndefined();
    // A field given twice is refused, not read as its last value.
    const twice = await inject({
      method: 'POST',
      url: `${REALM_PATH}/login-actions/authenticate`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `context=${encodeURIComponent(context)}&csrf=${encodeURIComponent(csrf)}&login=a%40guichet.local&login=b%40guichet.local&password=x`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ error: 'invalid_request', error_description: 'body.login given more than once', field: 'login' });
  });

  it('checks an existing session silently (prompt=none), refreshes tokens, and ends with sign-out', async () => {
    const silent = await inject({ method: 'GET', url: `${OIDC}/auth?${authQuery({ prompt: 'none' }).query}` });
    expect(silent.headers.location).toContain('error=login_required');
    const { tokens, session } = await signIn('trader');
    const again = await inject({ method: 'GET', url: `${OIDC}/auth?${authQuery({ prompt: 'none' }).query}`, headers: { cookie: session } });
    expect(again.headers.location).toMatch(/#.*code=/);
    const refresh = () =>
      inject({
        method: 'POST',
        url: `${OIDC}/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: CLIENT }).toString(),
      });
    const refreshed = await refresh();
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).sub).toBe(decodeJwt(tokens.access_token).sub);
    const info = await inject({ method: 'GET', url: `${OIDC}/userinfo`, headers: { authorization: `bearer ${tokens.access_token}` } });
    expect(info.json()).toMatchObject({ email: demo('trader').username, given_name: demo('trader').firstName });
    const logout = await inject({
      method: 'GET',
      url: `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PORTAL}/en/` })}`,
      headers: { cookie: session },
    });
    expect(logout.statusCode).toBe(302);
    expect(logout.headers.location).toBe(`${PORTAL}/en/`);
    expect((await refresh()).statusCode).toBe(400);
  });

  it('registers an account who can then sign in, without a trade role, and refuses a taken e-mail', async () => {
    const email = `new.trader.${Date.now()}@example.com`;
    const values = { firstName: 'Rina', lastName: 'Das', email, password: 'a-long-password-1', passwordConfirm: 'a-long-password-1' };
    const created = await register(values);
    expect(created.statusCode).toBe(302);
    const { verifier, query } = authQuery();
    const login = await submitLogin(query, email, 'a-long-password-1');
    const access = decodeJwt((await exchange(login.headers.location as string, verifier)).json().access_token);
    expect((access.realm_access as { roles: string[] }).roles).toEqual([]);
    expect(access.email_verified).toBe(false);
    const taken = await register(values);
    expect(taken.statusCode).toBe(400);
    expect(taken.body).toContain('An account with this e-mail already exists.');
    const short = await register({ ...values, email: `x${email}`, password: 'short', passwordConfirm: 'short' });
    expect(short.body).toContain('The password needs at least 10 characters.');
  });

  describe('protected help desk', () => {
    const request = {
      category: 'tariff',
      subject: 'Classification of cotton T-shirts',
      message: 'Which heading applies to knitted cotton T-shirts for men?',
    };

    it('answers 401 without a valid token (none, bad signature, expired) and 403 with the wrong role', async () => {
      const { tokens } = await signIn('trader');
      const [head, payload, signature] = tokens.access_token.split('.');
      const tampered = `${head}.${payload}.${signature.slice(0, -4)}AAAA`;
      const expired = await key.sign({ ...decodeJwt(tokens.access_token), exp: undefined, iat: undefined }, -60);
      for (const authorization of [undefined, `Bearer ${tampered}`, `Bearer ${expired}`, 'Bearer not-a-token']) {
        for (const [method, url] of [
          ['GET', `${HELPDESK_PREFIX}/requests`],
          ['POST', `${HELPDESK_PREFIX}/requests`],
          ['POST', `${HELPDESK_PREFIX}/requests/00000000-0000-0000-0000-000000000000/answer`],
          ['GET', `${HELPDESK_PREFIX}/requests/00000000-0000-0000-0000-000000000000/attachment`],
          ['GET', `${PORTAL_PREFIX}/internal-tools?locale=en`],
          ['POST', `${MANIFEST_PREFIX}/search`],
          ['POST', `${MANIFEST_PREFIX}/print?reportFormat=csv`],
          ['GET', `${MANIFEST_PREFIX}/latest`],
          ['GET', `${MANIFEST_PREFIX}/vessels`],
        ] as const) {
          const response = await inject({
            method,
            url,
            headers: authorization ? { authorization } : {},
            payload: method === 'POST' ? request : undefined,
          });
          expect(response.statusCode, `${method} ${url} ${authorization?.slice(0, 12)}`).toBe(401);
          expect(response.body).not.toContain('cotton');
        }
      }
      const answer = await inject({
        method: 'POST',
        url: `${HELPDESK_PREFIX}/requests/00000000-0000-0000-0000-000000000000/answer`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
        payload: { answer: 'Heading 6109.' },
      });
      expect(answer.statusCode).toBe(403);
      const internal = await inject({
        method: 'GET',
        url: `${PORTAL_PREFIX}/internal-tools`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(internal.statusCode).toBe(403);
      const officer = await signIn('officer');
      const granted = await inject({
        method: 'GET',
        url: `${PORTAL_PREFIX}/internal-tools`,
        headers: { authorization: `Bearer ${officer.tokens.access_token}` },
      });
      expect(granted.statusCode).toBe(502);
      // Manifests: any trade or staff role; a signed-in user without one is refused.
      const manifests = await inject({
        method: 'GET',
        url: `${MANIFEST_PREFIX}/latest`,
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(manifests.statusCode).toBe(200);
      const roleless = await key.sign(
        { ...decodeJwt(tokens.access_token), exp: undefined, iat: undefined, realm_access: { roles: [] } },
        60,
      );
      expect(
        (await inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels`, headers: { authorization: `Bearer ${roleless}` } })).statusCode,
      ).toBe(403);
    });

    it("keeps a trader's request to the trader and the officers, who answer it", async () => {
      const trader = await signIn('trader');
      const declarant = await signIn('declarant');
      const officer = await signIn('officer');
      const bearer = (tokens: { access_token: string }) => ({ authorization: `Bearer ${tokens.access_token}` });
      const attachment = { name: 'invoice.txt', type: 'text/plain', data: Buffer.from('Invoice 42: 100 T-shirts').toString('base64') };
      const created = await inject({
        method: 'POST',
        url: `${HELPDESK_PREFIX}/requests`,
        headers: bearer(trader.tokens),
        payload: { ...request, attachment },
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      const mine = (await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests`, headers: bearer(trader.tokens) })).json();
      expect(mine.resultList.map((row: { id: string }) => row.id)).toContain(id);
      const other = (await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests`, headers: bearer(declarant.tokens) })).json();
      expect(other.resultList.map((row: { id: string }) => row.id)).not.toContain(id);
      expect(
        (await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests/${id}/attachment`, headers: bearer(declarant.tokens) }))
          .statusCode,
      ).toBe(404);
      const staff = (await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests`, headers: bearer(officer.tokens) })).json();
      expect(staff.resultList.map((row: { id: string }) => row.id)).toContain(id);
      const file = await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests/${id}/attachment`, headers: bearer(officer.tokens) });
      expect(file.body).toBe('Invoice 42: 100 T-shirts');
      expect(file.headers['content-disposition']).toBe('attachment; filename="invoice.txt"');
      // A file name in another script, or with control characters, is downloaded as it was given.
      const bengali = await inject({
        method: 'POST',
        url: `${HELPDESK_PREFIX}/requests`,
        headers: bearer(trader.tokens),
        payload: { ...request, attachment: { ...attachment, name: 'চালান\u0007 "২০২৬".txt' } },
      });
      expect(bengali.statusCode).toBe(201);
      const named = await inject({
        method: 'GET',
        url: `${HELPDESK_PREFIX}/requests/${bengali.json().id}/attachment`,
        headers: bearer(trader.tokens),
      });
      expect(named.statusCode).toBe(200);
      expect(named.headers['content-disposition']).toBe(
        `attachment; filename="______ ______.txt"; filename*=UTF-8''${encodeURIComponent('চালান_ _২০২৬_.txt')}`,
      );
      const answered = await inject({
        method: 'POST',
        url: `${HELPDESK_PREFIX}/requests/${id}/answer`,
        headers: bearer(officer.tokens),
        payload: { answer: 'Heading 6109: T-shirts, knitted.' },
      });
      expect(answered.statusCode).toBe(200);
      const after = (await inject({ method: 'GET', url: `${HELPDESK_PREFIX}/requests`, headers: bearer(trader.tokens) })).json();
      expect(after.resultList.find((row: { id: string }) => row.id === id)).toMatchObject({
        status: 'answered',
        answer: 'Heading 6109: T-shirts, knitted.',
      });
    });

    it('answers bad requests with 400 naming the field', async () => {
      const { tokens } = await signIn('trader');
      for (const [payload, word] of [
        [{ ...request, category: 'gossip' }, 'category'],
        [{ ...request, subject: '' }, 'subject'],
        [{ ...request, attachment: { name: 'x.exe', type: 'application/x-msdownload', data: 'AAAA' } }, 'type'],
        // A NUL is refused (PostgreSQL cannot store one in text), as is a text of spaces only.
        [{ ...request, subject: 'a\u0000b c' }, 'subject'],
        [{ ...request, message: 'a long enough message\u0000' }, 'message'],
        [{ ...request, subject: '      ' }, 'subject'],
      ] as const) {
        const response = await inject({
          method: 'POST',
          url: `${HELPDESK_PREFIX}/requests`,
          headers: { authorization: `Bearer ${tokens.access_token}` },
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(word);
      }
    });
  });
});
