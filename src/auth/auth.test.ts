import { afterEach, describe, expect, it } from 'vitest';
import { http, setTokenSource } from '../http/client';
import { hasAnyRole } from './authSlice';
import { userOf } from './session';

afterEach(() => setTokenSource(undefined));

describe('roles', () => {
  const user = { username: 'u', name: 'U', email: 'u@x', roles: ['declarant'] };
  it('grants when no role is required, and matches any of the roles', () => {
    expect(hasAnyRole(user, [])).toBe(true);
    expect(hasAnyRole(user, undefined)).toBe(true);
    expect(hasAnyRole(user, ['officer', 'declarant'])).toBe(true);
    expect(hasAnyRole(user, ['officer'])).toBe(false);
    expect(hasAnyRole(null, ['officer'])).toBe(false);
  });
  it('takes realm and client roles from the token', () => {
    const parsed = {
      preferred_username: 'officer@guichet.local',
      name: 'Omar Faruk',
      email: 'officer@guichet.local',
      realm_access: { roles: ['officer'] },
      resource_access: { 'guichet-portal': { roles: ['manifest-reader'] }, account: { roles: ['view-profile'] } },
    };
    expect(userOf(parsed, 'guichet-portal')).toEqual({
      username: 'officer@guichet.local',
      name: 'Omar Faruk',
      email: 'officer@guichet.local',
      roles: ['officer', 'manifest-reader'],
    });
    expect(userOf(undefined, 'guichet-portal')).toBeNull();
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
