import { readFileSync } from 'node:fs';
import { SERVICE_INFO } from '../http/service-info.js';
import type { Database } from '../db/database.js';
import { SessionStore } from './sessions.js';

export const IDENTITY_PREFIX = SERVICE_INFO.identity.prefix;
/** The audience the portal's services accept in access tokens. */
export const SERVICES_AUDIENCE = 'guichet-services';

export interface RealmClient {
  clientId: string;
  redirectUris: string[];
  webOrigins: string[];
  /** Keycloak's switches: the code flow, and the implicit flow (hybrid needs both). */
  standardFlowEnabled?: boolean;
  implicitFlowEnabled?: boolean;
  attributes?: Record<string, string>;
}
export interface Realm {
  realm: string;
  defaultRoles: string[];
  roles: { realm: Array<{ name: string }> };
  accessTokenLifespan: number;
  ssoSessionIdleTimeout: number;
  ssoSessionMaxLifespan: number;
  clients: RealmClient[];
}

/** The realm as exported for Keycloak: the embedded server reads the same file a real Keycloak imports. */
export const REALM: Realm = JSON.parse(readFileSync(new URL('./guichet-realm.json', import.meta.url), 'utf8'));

/** The embedded realm's sign-in sessions in this database, with the realm's idle and maximum lifetimes. */
export const createSessionStore = (database: Database) =>
  new SessionStore(database, { idleSeconds: REALM.ssoSessionIdleTimeout, maxSeconds: REALM.ssoSessionMaxLifespan });

/** Where tokens of the embedded realm come from. */
export const issuerOf = (publicUrl: string) => `${publicUrl}${IDENTITY_PREFIX}/realms/${REALM.realm}`;
