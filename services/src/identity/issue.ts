import { createHash, randomUUID } from 'node:crypto';
import type { Account } from './accounts.js';
import type { IdentityContext } from './context.js';
import { REALM, SERVICES_AUDIENCE } from './realm.js';
import type { SsoSession } from './sessions.js';

/** OpenID Connect's at_hash and c_hash: the left half of the value's SHA-256, base64url. */
export const halfHash = (value: string) => createHash('sha256').update(value).digest().subarray(0, 16).toString('base64url');

/** What the ID token, the access token and userinfo say about the account. */
export const profileClaims = (account: Account) => ({
  sub: account.id,
  preferred_username: account.username,
  email: account.email,
  email_verified: account.emailVerified,
  given_name: account.firstName,
  family_name: account.lastName,
  name: `${account.firstName} ${account.lastName}`.trim(),
});

interface Grant {
  account: Account;
  session: SsoSession;
  clientId: string;
  scope: string;
}

/** Tokens as Keycloak signs them: realm roles and resource (client) roles in their own claims. */
export function signer(context: Pick<IdentityContext, 'key' | 'issuer' | 'accessLifetime'>) {
  const { key, issuer, accessLifetime } = context;
  const common = ({ session, clientId }: Grant) => ({ iss: issuer, azp: clientId, sid: session.id, session_state: session.id });
  return {
    access: (grant: Grant) =>
      key.sign(
        {
          ...common(grant),
          ...profileClaims(grant.account),
          jti: randomUUID(),
          aud: [SERVICES_AUDIENCE, 'account'],
          typ: 'Bearer',
          scope: grant.scope,
          realm_access: { roles: grant.account.roles },
          resource_access: { [grant.clientId]: { roles: [] }, account: { roles: ['view-profile'] } },
        },
        accessLifetime,
      ),
    /** The ID token; in the implicit and hybrid flows it also binds the access token and code it comes with. */
    id: (grant: Grant, extra: { nonce?: string; accessToken?: string; code?: string } = {}) =>
      key.sign(
        {
          ...common(grant),
          ...profileClaims(grant.account),
          aud: grant.clientId,
          typ: 'ID',
          auth_time: grant.session.authTime,
          ...(extra.nonce ? { nonce: extra.nonce } : {}),
          ...(extra.accessToken ? { at_hash: halfHash(extra.accessToken) } : {}),
          ...(extra.code ? { c_hash: halfHash(extra.code) } : {}),
        },
        accessLifetime,
      ),
    refresh: (grant: Grant) =>
      key.sign(
        { ...common(grant), sub: grant.account.id, jti: randomUUID(), aud: issuer, typ: 'Refresh', scope: grant.scope },
        REALM.ssoSessionIdleTimeout,
      ),
  };
}

/** The token endpoint's answer (code or refresh grant). */
export async function tokenResponse(context: Pick<IdentityContext, 'key' | 'issuer' | 'accessLifetime'>, grant: Grant, nonce?: string) {
  const sign = signer(context);
  const [access, id, refresh] = await Promise.all([sign.access(grant), sign.id(grant, { nonce }), sign.refresh(grant)]);
  return {
    access_token: access,
    expires_in: context.accessLifetime,
    refresh_token: refresh,
    refresh_expires_in: REALM.ssoSessionIdleTimeout,
    id_token: id,
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: grant.session.id,
    scope: grant.scope,
  };
}
