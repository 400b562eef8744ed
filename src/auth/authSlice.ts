import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SessionUser {
  username: string;
  name: string;
  email: string;
  /** Realm roles and the portal client's roles. */
  roles: string[];
}

export interface AuthState {
  /** loading until the silent session check has answered. */
  status: 'loading' | 'authenticated' | 'anonymous';
  user: SessionUser | null;
}

const initialState: AuthState = { status: 'loading', user: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'authenticated';
      state.user = action.payload;
    },
    signedOut(state) {
      state.status = 'anonymous';
      state.user = null;
    },
  },
});

export const { signedIn, signedOut } = authSlice.actions;

/** Any of the roles (none required: granted). */
export function hasAnyRole(user: SessionUser | null, roles: readonly string[] | undefined): boolean {
  if (!roles || roles.length === 0) return true;
  return Boolean(user && roles.some((role) => user.roles.includes(role)));
}
