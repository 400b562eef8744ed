import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { manifestPlugin, MANIFEST_PREFIX } from '../manifest/plugin.js';
import { createSessionStore, identityPlugin, issuerOf, SERVICES_AUDIENCE, type IdentityOptions } from './plugin.js';
import { SigningKey } from './tokens.js';
import { CLIENT, PORTAL } from './test-client.js';
import { createVerifier } from './verify.js';

/**
 * One portal replica, for the tests: the identity server and a service it protects (the manifests), on the
 * app's own connection to the database; the signing key is read from keyFile (a new one without it).
 */
export async function identityReplica(
  app: FastifyInstance,
  database: Database,
  options: Pick<IdentityOptions, 'mailer' | 'sweepIntervalMs'> & { keyFile?: string } = {},
) {
  const { keyFile, ...identity } = options;
  const key = await SigningKey.load(keyFile);
  const sessions = createSessionStore(database);
  await app.register(identityPlugin, { database, key, sessions, publicUrl: PORTAL, ...identity });
  const verifier = createVerifier({
    issuer: issuerOf(PORTAL),
    audience: SERVICES_AUDIENCE,
    keys: key,
    clientId: CLIENT,
    sessionActive: (sid) => sessions.active(sid),
  });
  await app.register(manifestPlugin, { prefix: MANIFEST_PREFIX, verifier });
}
