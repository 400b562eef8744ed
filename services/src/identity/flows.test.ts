import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { InjectOptions } from 'fastify';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { identityPlugin } from './plugin.js';
import { halfHash } from './issue.js';
import { SigningKey } from './tokens.js';
import { CLIENT, cookieHeader, demo, identityClient, OIDC, PORTAL, REALM_PATH } from './test-client.js';

/** The answer in the redirect's fragment (and whatever went to its query). */
const answer = (location: string) => {
  const url = new URL(location);
  return { fragment: Object.fromEntries(new URLSearchParams(url.hash.slice(1))), query: url.search };
};

describe.each(BACKENDS)('implicit and hybrid flows, userinfo and the account API on $name', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    const key = await SigningKey.load();
    service = await startTestService(backend, [], async (app, database) => {
      await app.register(identityPlugin, { database, key, publicUrl: PORTAL });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const inject = (options: InjectOptions) => service.app.inject(options);
  const { authQuery, submitLogin, exchange } = identityClient(inject);
  const bearer = (token: string, accept = 'application/json') => ({ authorization: `Bearer ${token}`, accept });
  const signIn = (extra: Record<string, string>) => {
    const { verifier, query } = authQuery(extra);
    return submitLogin(query, demo('trader').username, demo('trader').password).then((login) => ({ login, verifier }));
  };

  it('implicit: tokens in the fragment, the ID token bound to the nonce and the access token, no code or refresh token', async () => {
    const { login } = await signIn({ response_type: 'id_token token', nonce: 'implicit-nonce' });
    expect(login.statusCode).toBe(302);
    const { fragment, query } = answer(login.headers.location as string);
    expect(query).toBe('');
    expect(fragment).toMatchObject({ token_type: 'Bearer', expires_in: '300', state: 'state-1' });
    expect(fragment.code).toBeUndefined();
    expect(fragment.refresh_token).toBeUndefined();
    const id = decodeJwt(fragment.id_token);
    expect(id).toMatchObject({
      nonce: 'implicit-nonce',
      aud: CLIENT,
      typ: 'ID',
      sid: fragment.session_state,
      at_hash: halfHash(fragment.access_token),
    });
    const info = await inject({ method: 'GET', url: `${OIDC}/userinfo`, headers: bearer(fragment.access_token) });
    expect(info.json()).toMatchObject({ email: demo('trader').username, given_name: demo('trader').firstName });

    // The silent check of the implicit flow, and sign-out ending the token it gave.
    const session = cookieHeader(login);
    const silent = await inject({
      method: 'GET',
      url: `${OIDC}/auth?${authQuery({ response_type: 'id_token token', nonce: 'n-2', prompt: 'none' }).query}`,
      headers: { cookie: session },
    });
    expect(answer(silent.headers.location as string).fragment.access_token).toBeTruthy();
    await inject({
      method: 'GET',
      url: `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: fragment.id_token })}`,
      headers: { cookie: session },
    });
    expect((await inject({ method: 'GET', url: `${OIDC}/userinfo`, headers: bearer(fragment.access_token) })).statusCode).toBe(401);
  });

  it('hybrid: a code and tokens in the fragment, bound by c_hash and at_hash; the code gives a refresh token once (PKCE)', async () => {
    const { login } = await signIn({ response_type: 'code id_token token', nonce: 'hybrid-nonce' });
    const location = login.headers.location as string;
    const { fragment } = answer(location);
    expect(fragment.code).toBeTruthy();
    const id = decodeJwt(fragment.id_token);
    expect(id).toMatchObject({ nonce: 'hybrid-nonce', c_hash: halfHash(fragment.code), at_hash: halfHash(fragment.access_token) });
    expect(await exchange(location, 'x'.repeat(43)).then((response) => response.json().error)).toBe('invalid_grant');
    const again = await signIn({ response_type: 'code id_token', nonce: 'hybrid-2' });
    const second = answer(again.login.headers.location as string).fragment;
    expect(second.access_token).toBeUndefined();
    expect(decodeJwt(second.id_token).c_hash).toBe(halfHash(second.code));
    const tokens = (await exchange(again.login.headers.location as string, again.verifier)).json();
    expect(tokens.refresh_token).toBeTruthy();
    expect(decodeJwt(tokens.id_token).nonce).toBe('hybrid-2');
  });

  it('refuses what would weaken them: no nonce, tokens in a query, a bare token, a code without PKCE', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ response_type: 'id_token token', nonce: '' }, 'invalid_request'],
      [{ response_type: 'code id_token', response_mode: 'query' }, 'invalid_request'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ response_type: 'code code' }, 'unsupported_response_type'],
      [{ response_type: 'code id_token', code_challenge_method: 'plain' }, 'invalid_request'],
      [{ response_type: 'id_token', scope: 'profile' }, 'invalid_request'],
    ];
    for (const [extra, error] of cases) {
      const response = await inject({ method: 'GET', url: `${OIDC}/auth?${authQuery(extra).query}` });
      const { fragment, query } = answer(response.headers.location as string);
      expect(fragment.error, JSON.stringify(extra)).toBe(error);
      expect(query, JSON.stringify(extra)).toBe('');
      expect(response.body).not.toContain('access_token');
    }
    const discovery = (await inject({ method: 'GET', url: `${REALM_PATH}/.well-known/openid-configuration` })).json();
    expect(discovery.response_types_supported).toEqual(expect.arrayContaining(['id_token token', 'code id_token token']));
  });

  it("answers the account profile as JSON to a bearer (Keycloak's account API), the page to a browser", async () => {
    const { login, verifier } = await signIn({});
    const tokens = (await exchange(login.headers.location as string, verifier)).json();
    const profile = await inject({ method: 'GET', url: `${REALM_PATH}/account`, headers: bearer(tokens.access_token) });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['content-type']).toContain('application/json');
    expect(profile.json()).toMatchObject({
      username: demo('trader').username,
      firstName: demo('trader').firstName,
      lastName: demo('trader').lastName,
      email: demo('trader').username,
      id: decodeJwt(tokens.access_token).sub,
    });
    for (const headers of [{ accept: 'application/json' }, bearer(tokens.id_token), bearer('not-a-token')]) {
      const refused = await inject({ method: 'GET', url: `${REALM_PATH}/account`, headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json().error).toBe('invalid_token');
    }
    const page = await inject({
      method: 'GET',
      url: `${REALM_PATH}/account`,
      headers: { accept: 'text/html', cookie: cookieHeader(login) },
    });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(demo('trader').lastName);
  });
});
