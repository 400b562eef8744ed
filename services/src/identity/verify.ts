import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { SigningKey } from './tokens.js';

/** Who called: from a verified access token. */
export interface Principal {
  sub: string;
  username: string;
  name: string;
  email: string;
  /** Realm roles and this client's roles (realm_access.roles, resource_access.{client}.roles). */
  roles: string[];
}

export interface VerifierOptions {
  issuer: string;
  audience: string;
  /** The embedded realm's key, or the JWKS URL of a real Keycloak. */
  keys: SigningKey | string;
  /** The client whose resource roles count (resource_access.{clientId}.roles). */
  clientId: string;
  /**
   * Whether the sign-in session a token belongs to (its sid) is still open. The embedded realm knows its
   * sessions, so a token stops working at sign-out; tokens of a real Keycloak last their lifetime (300 s).
   */
  sessionActive?: (sid: string) => boolean | Promise<boolean>;
}

export class AuthError extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

/** Verifies bearer tokens: signature (the issuer's JWKS), expiry, issuer and audience. */
export function createVerifier(options: VerifierOptions) {
  const remote = typeof options.keys === 'string' ? createRemoteJWKSet(new URL(options.keys), { timeoutDuration: 5000 }) : undefined;
  const local = typeof options.keys === 'string' ? undefined : options.keys;
  return async function principalOf(request: FastifyRequest): Promise<Principal> {
    const match = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) throw new AuthError(401, 'Sign-in required: send an access token as Authorization: Bearer');
    let payload: JWTPayload & Record<string, unknown>;
    try {
      const verify = { issuer: options.issuer, audience: options.audience, algorithms: ['RS256'] };
      payload = (
        remote ? (await jwtVerify(match[1], remote, verify)).payload : (await jwtVerify(match[1], local!.publicKey, verify)).payload
      ) as JWTPayload & Record<string, unknown>;
    } catch {
      throw new AuthError(401, 'The access token is not valid (signature, expiry, issuer or audience)');
    }
    if (options.sessionActive && !(await options.sessionActive(String(payload.sid ?? '')))) {
      throw new AuthError(401, 'The session of this access token has ended: sign in again');
    }
    const realmRoles = ((payload.realm_access as { roles?: unknown } | undefined)?.roles ?? []) as string[];
    const clientRoles = ((payload.resource_access as Record<string, { roles?: string[] }> | undefined)?.[options.clientId]?.roles ??
      []) as string[];
    return {
      sub: String(payload.sub),
      username: String(payload.preferred_username ?? ''),
      name: String(payload.name ?? ''),
      email: String(payload.email ?? ''),
      roles: [...new Set([...realmRoles, ...clientRoles].filter((role) => typeof role === 'string'))],
    };
  };
}

export type Verifier = ReturnType<typeof createVerifier>;

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** A route guard: 401 without a valid token, 403 without one of the roles (any of them; none listed = any signed-in user). */
export function requireRoles(verifier: Verifier, roles: string[] = []): onRequestAsyncHookHandler {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const principal = await verifier(request);
      if (roles.length && !roles.some((role) => principal.roles.includes(role)))
        throw new AuthError(403, `This needs one of the roles: ${roles.join(', ')}`);
      request.principal = principal;
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="guichet"');
      return reply.code(error.statusCode).send({ error: error.statusCode === 401 ? 'Unauthorized' : 'Forbidden', message: error.message });
    }
  };
}
