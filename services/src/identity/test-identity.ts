import { issuerOf, REALM, SERVICES_AUDIENCE } from './plugin.js';
import { SigningKey } from './tokens.js';
import { createVerifier } from './verify.js';

const PORTAL = 'http://localhost:8000';

/** For service tests: a verifier of the embedded realm and access tokens with the roles a test needs. */
export async function testIdentity() {
  const key = await SigningKey.load();
  const issuer = issuerOf(PORTAL);
  return {
    verifier: createVerifier({ issuer, audience: SERVICES_AUDIENCE, keys: key, clientId: REALM.clients[0].clientId }),
    tokenFor: (roles: string[], username = 'user') =>
      key.sign({ iss: issuer, aud: SERVICES_AUDIENCE, sub: username, preferred_username: username, realm_access: { roles } }, 300),
  };
}
