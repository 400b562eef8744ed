import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';

const ALGORITHM = 'RS256';

/** The realm's signing key: RS256, kept in a file so that tokens outlive a restart. */
export class SigningKey {
  private constructor(
    readonly kid: string,
    private readonly privateKey: CryptoKey,
    readonly publicKey: CryptoKey,
    private readonly publicJwk: JWK,
  ) {}

  /**
   * Reads the key from file, or creates it there (mode 0600); without a file, a key for this process only.
   * Replicas starting together on one file end with one key: the file appears whole and only once (written
   * aside, then linked), and a replica that loses the race reads the winner's.
   */
  static async load(file?: string): Promise<SigningKey> {
    let privateJwk: JWK;
    if (file && existsSync(file)) {
      privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
    } else {
      const { privateKey } = await generateKeyPair(ALGORITHM, { extractable: true, modulusLength: 2048 });
      privateJwk = await exportJWK(privateKey);
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        const aside = `${file}.${process.pid}.${randomUUID()}`;
        writeFileSync(aside, JSON.stringify(privateJwk), { mode: 0o600 });
        try {
          linkSync(aside, file);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
          privateJwk = JSON.parse(readFileSync(file, 'utf8')) as JWK;
        } finally {
          unlinkSync(aside);
        }
      }
    }
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = privateJwk;
    const kid = await calculateJwkThumbprint(publicJwk);
    return new SigningKey(
      kid,
      (await importJWK(privateJwk, ALGORITHM)) as CryptoKey,
      (await importJWK(publicJwk, ALGORITHM)) as CryptoKey,
      { ...publicJwk, kid, alg: ALGORITHM, use: 'sig' },
    );
  }

  jwks(): { keys: JWK[] } {
    return { keys: [this.publicJwk] };
  }

  sign(claims: JWTPayload & Record<string, unknown>, lifetimeSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + lifetimeSeconds)
      .sign(this.privateKey);
  }

  async verify(
    token: string,
    options: { issuer: string; audience?: string; type?: string },
  ): Promise<JWTPayload & Record<string, unknown>> {
    const { payload } = await jwtVerify(token, this.publicKey, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: [ALGORITHM],
    });
    if (options.type && payload.typ !== options.type) throw new Error(`expected a ${options.type} token`);
    return payload as JWTPayload & Record<string, unknown>;
  }
}
