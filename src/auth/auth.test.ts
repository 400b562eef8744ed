import { afterEach, describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, setTokenSource } from '../http/client';
import { hasAnyRole, hasRealmRole, hasResourceRole, rolesShown } from './authSlice';
import { loadAccountDetails, realmUrl, sessionFlow, userOf, withDetails } from './user';

const defaultAdapter = http.defaults.adapter;
afterEach(() => {
  setTokenSource(undefined);
  http.defaults.adapter = defaultAdapter;
});

/** An access token of the realm as keycloak-js parses it. */
const parsed = {
  sub: '7d2c8e1a-5b7e-4c59-9a55-0c1f2d3e4f5a',
  sid: 'session-1',
  iat: 1_780_000_000,
  exp: 1_780_000_300,
  preferred_username: 'officer@guichet.local',
  given_name: 'Omar',
  family_name: 'Faruk',
  name: 'Omar Faruk',
  email: 'officer@guichet.local',
  realm_access: { roles: ['officer'] },
  resource_access: { 'guichet-portal': { roles: ['manifest-reader'] }, account: { roles: ['view-profile'] } },
};

describe('the session data', () => {
  it('reads names, session id, subject, expiry, issued-at and the roles of the realm and of each client from the token', () => {
    expect(userOf(parsed, 'guichet-portal')).toEqual({
      username: 'officer@guichet.local',
      firstName: 'Omar',
      lastName: 'Faruk',
      name: 'Omar Faruk',
      email: 'officer@guichet.local',
      sessionId: 'session-1',
      subject: parsed.sub,
      expiresAt: 1_780_000_300,
      issuedAt: 1_780_000_000,
      clientId: 'guichet-portal',
      realmRoles: ['officer'],
      resourceRoles: { 'guichet-portal': ['manifest-reader'], account: ['view-profile'] },
    });
    expect(userOf(undefined, 'guichet-portal')).toBeNull();
  });

  it('checks realm roles and resource roles separately, as keycloak-js does', () => {
    const user = userOf(parsed, 'guichet-portal');
    expect(hasRealmRole(user, 'officer')).toBe(true);
    expect(hasResourceRole(user, 'officer')).toBe(false);
    expect(hasRealmRole(user, 'manifest-reader')).toBe(false);
    expect(hasResourceRole(user, 'manifest-reader')).toBe(true);
    // Another client's role is a resource role of that client only.
    expect(hasResourceRole(user, 'view-profile')).toBe(false);
    expect(hasResourceRole(user, 'view-profile', 'account')).toBe(true);
    expect(hasRealmRole(null, 'officer')).toBe(false);
    expect(rolesShown(user!)).toEqual(['officer', 'manifest-reader']);
  });

  it('guards routes with any of the roles, as a realm role or a role of the portal client', () => {
    const user = userOf(parsed, 'guichet-portal');
    expect(hasAnyRole(user, [])).toBe(true);
    expect(hasAnyRole(user, undefined)).toBe(true);
    expect(hasAnyRole(user, ['trader', 'officer'])).toBe(true);
    expect(hasAnyRole(user, ['manifest-reader'])).toBe(true);
    expect(hasAnyRole(user, ['view-profile'])).toBe(false);
    expect(hasAnyRole(null, ['officer'])).toBe(false);
  });

  it('signs in with the standard flow unless the build names the implicit or hybrid flow', () => {
    expect(sessionFlow(undefined)).toBe('standard');
    expect(sessionFlow('implicit')).toBe('implicit');
    expect(sessionFlow('hybrid')).toBe('hybrid');
    expect(sessionFlow('anything')).toBe('standard');
  });
});

describe('userinfo and the account profile', () => {
  it('are asked with the bearer token for JSON, and complete the data of the same subject only', async () => {
    setTokenSource(async () => 'token-1');
    const seen: Array<{ url?: string; headers: Record<string, unknown> }> = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      seen.push({ url: config.url, headers: config.headers.toJSON() });
      const data = config.url!.endsWith('/userinfo')
        ? { sub: parsed.sub, email: 'omar.faruk@customs.example', name: 'Omar Faruk' }
        : {
            id: parsed.sub,
            username: 'officer@guichet.local',
            firstName: 'Omar',
            lastName: 'Faruk Khan',
            email: 'omar.faruk@customs.example',
          };
      return { data, status: 200, statusText: 'OK', headers: {}, config };
    }) as AxiosAdapter;
    const realm = realmUrl('/auth/', 'guichet');
    const details = await loadAccountDetails(realm);
    expect(seen.map((call) => call.url).sort()).toEqual([
      '/auth/realms/guichet/account',
      '/auth/realms/guichet/protocol/openid-connect/userinfo',
    ]);
    for (const call of seen) {
      expect(call.headers.Authorization).toBe('Bearer token-1');
      expect(call.headers.Accept).toBe('application/json');
    }
    const user = withDetails(userOf(parsed, 'guichet-portal')!, details);
    expect(user).toMatchObject({
      lastName: 'Faruk Khan',
      name: 'Omar Faruk Khan',
      email: 'omar.faruk@customs.example',
      sessionId: 'session-1',
    });
    const stranger = withDetails(userOf(parsed, 'guichet-portal')!, {
      userInfo: { sub: 'someone-else', email: 'x@example.com' },
      profile: { id: 'someone-else', lastName: 'Other' },
    });
    expect(stranger).toEqual(userOf(parsed, 'guichet-portal'));
  });

  it('leave the token data as it is when they fail', async () => {
    http.defaults.adapter = (async () => {
      throw new Error('network down');
    }) as AxiosAdapter;
    const details = await loadAccountDetails(realmUrl('/auth', 'guichet'));
    expect(withDetails(userOf(parsed, 'guichet-portal')!, details)).toEqual(userOf(parsed, 'guichet-portal'));
  });
});

describe('the axios interceptor', () => {
  it('asks the session for a valid token before every request and sends it as a bearer with a JSON content type', async () => {
    let asked = 0;
    setTokenSource(async () => {
      asked++;
      return `token-${asked}`;
    });
    const seen: Array<Record<string, unknown>> = [];
    const adapter = async (config: { headers: { toJSON(): Record<string, unknown> } }) => {
      seen.push(config.headers.toJSON());
      return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
    };
    await http.get('/x', { adapter: adapter as never });
    await http.post('/y', {}, { adapter: adapter as never });
    expect(asked).toBe(2);
    expect(seen[0].Authorization).toBe('Bearer token-1');
    expect(seen[1].Authorization).toBe('Bearer token-2');
    expect(seen[1]['Content-Type']).toBe('application/json');
  });
  it('sends no authorization when nobody is signed in', async () => {
    setTokenSource(async () => undefined);
    let headers: Record<string, unknown> = {};
    await http.get('/x', {
      adapter: (async (config: { headers: { toJSON(): Record<string, unknown> } }) => {
        headers = config.headers.toJSON();
        return { data: {}, status: 200, statusText: 'OK', headers: {}, config };
      }) as never,
    });
    expect(headers.Authorization).toBeUndefined();
  });
});
