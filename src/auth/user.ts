import type { KeycloakTokenParsed } from 'keycloak-js';
import { http } from '../http/client';
import type { SessionUser } from './authSlice';

type Claims = KeycloakTokenParsed & {
  name?: string;
  email?: string;
  preferred_username?: string;
  given_name?: string;
  family_name?: string;
};

/** The session's data as the access token tells it. */
export function userOf(token: KeycloakTokenParsed | undefined, clientId: string | undefined): SessionUser | null {
  if (!token) return null;
  const claims = token as Claims;
  const resourceRoles: Record<string, string[]> = {};
  for (const [resource, access] of Object.entries(token.resource_access ?? {}))
    resourceRoles[resource] = (access?.roles ?? []).filter((role) => typeof role === 'string');
  return {
    username: claims.preferred_username ?? '',
    firstName: claims.given_name ?? '',
    lastName: claims.family_name ?? '',
    name: claims.name ?? claims.preferred_username ?? '',
    email: claims.email ?? '',
    sessionId: claims.sid ?? claims.session_state ?? '',
    subject: claims.sub ?? '',
    expiresAt: claims.exp ?? 0,
    issuedAt: claims.iat ?? 0,
    clientId: clientId ?? '',
    realmRoles: (token.realm_access?.roles ?? []).filter((role) => typeof role === 'string'),
    resourceRoles,
  };
}

/** What userinfo and the account profile (Keycloak's account API) answer. */
export interface AccountDetails {
  userInfo?: { sub?: string; preferred_username?: string; given_name?: string; family_name?: string; name?: string; email?: string };
  profile?: { id?: string; username?: string; firstName?: string; lastName?: string; email?: string };
}

/** The realm's base URL as keycloak-js builds it from keycloak.json ("auth-server-url" and "realm"). */
export const realmUrl = (authServerUrl: string, realm: string) =>
  `${authServerUrl.replace(/\/+$/, '')}/realms/${encodeURIComponent(realm)}`;

/**
 * GET userinfo and GET the account profile, each with the bearer token (the HTTP client's interceptor adds
 * it, and asks for JSON); a call that fails leaves the token's data as it is.
 */
export async function loadAccountDetails(realm: string): Promise<AccountDetails> {
  const [userInfo, profile] = await Promise.allSettled([
    http.get(`${realm}/protocol/openid-connect/userinfo`),
    http.get(`${realm}/account`, { headers: { Accept: 'application/json' } }),
  ]);
  if (userInfo.status === 'rejected' || profile.status === 'rejected') console.warn('The account details could not be loaded');
  return {
    userInfo: userInfo.status === 'fulfilled' ? userInfo.value.data : undefined,
    profile: profile.status === 'fulfilled' ? profile.value.data : undefined,
  };
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * The token's data brought up to date by userinfo and the profile (a name changed since the token was
 * signed). An answer about another subject than the token's is not used (OpenID Connect requires the check).
 */
export function withDetails(user: SessionUser, { userInfo, profile }: AccountDetails): SessionUser {
  const info = userInfo?.sub === user.subject ? userInfo : undefined;
  const account = profile?.id === user.subject ? profile : undefined;
  const firstName = text(account?.firstName) ?? text(info?.given_name) ?? user.firstName;
  const lastName = text(account?.lastName) ?? text(info?.family_name) ?? user.lastName;
  const changedName = firstName !== user.firstName || lastName !== user.lastName;
  return {
    ...user,
    username: text(account?.username) ?? text(info?.preferred_username) ?? user.username,
    firstName,
    lastName,
    name: changedName ? `${firstName} ${lastName}`.trim() : (text(info?.name) ?? user.name),
    email: text(account?.email) ?? text(info?.email) ?? user.email,
  };
}

export type SessionFlow = 'standard' | 'implicit' | 'hybrid';
/** The flow the portal signs in with (GATSBY_AUTH_FLOW): standard unless implicit or hybrid is named. */
export const sessionFlow = (value: string | undefined): SessionFlow => (value === 'implicit' || value === 'hybrid' ? value : 'standard');
