import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The session's data (SPEC section 3): from the access token, then the account profile and userinfo. */
export interface SessionUser {
  username: string;
  firstName: string;
  lastName: string;
  /** The display name. */
  name: string;
  email: string;
  /** The identity server's session (sid). */
  sessionId: string;
  /** The account's id (sub). */
  subject: string;
  /** When the access token expires and when it was issued, in seconds since 1970 (exp, iat). */
  expiresAt: number;
  issuedAt: number;
  /** The portal's client id: the resource whose roles a resource-role check reads by default. */
  clientId: string;
  realmRoles: string[];
  /** Roles per client (resource_access), e.g. { 'guichet-portal': [...], account: ['view-profile'] }. */
  resourceRoles: Record<string, string[]>;
}

export interface AuthState {
  /** loading until the silent session check has answered. */
  status: 'loading' | 'authenticated' | 'anonymous';
  user: SessionUser | null;
  /** Signed out by an hour without activity (SPEC section 9): the page says so rather than sending to sign in at once. */
  endedByIdle: boolean;
}

const initialState: AuthState = { status: 'loading', user: null, endedByIdle: false };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'authenticated';
      state.user = action.payload;
      state.endedByIdle = false;
    },
    signedOut(state, action: PayloadAction<{ idle?: boolean } | undefined>) {
      state.status = 'anonymous';
      state.user = null;
      state.endedByIdle = action.payload?.idle ?? state.endedByIdle;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;

/** A realm role (realm_access.roles). */
export function hasRealmRole(user: SessionUser | null, role: string): boolean {
  return Boolean(user?.realmRoles.includes(role));
}

/** A role of one client (resource_access.{resource}.roles), by default the portal's. */
export function hasResourceRole(user: SessionUser | null, role: string, resource?: string): boolean {
  return Boolean(user?.resourceRoles[resource ?? user.clientId]?.includes(role));
}

/** Any of the roles, each as a realm role or a role of the portal's client (none required: granted). */
export function hasAnyRole(user: SessionUser | null, roles: readonly string[] | undefined): boolean {
  if (!roles || roles.length === 0) return true;
  return roles.some((role) => hasRealmRole(user, role) || hasResourceRole(user, role));
}

/** The roles to show a user: realm roles, then the portal client's. */
export const rolesShown = (user: SessionUser) => [...new Set([...user.realmRoles, ...(user.resourceRoles[user.clientId] ?? [])])];
