import { createHash, randomBytes } from 'node:crypto';

/** A signed-in browser: the secret is its cookie, the id (sid) is what tokens carry. */
export interface SsoSession {
  id: string;
  userId: string;
  authTime: number;
  lastActive: number;
}

export interface AuthorizationCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce?: string;
  scope: string;
  sessionId: string;
  userId: string;
  expires: number;
}

const token = (bytes = 32) => randomBytes(bytes).toString('base64url');
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** Sessions and one-time codes of the embedded identity server, kept in memory (a restart signs everyone out). */
export class SessionStore {
  private readonly sessions = new Map<string, SsoSession & { secretDigest: string }>();
  private readonly bySecret = new Map<string, string>();
  private readonly codes = new Map<string, AuthorizationCode>();

  constructor(
    private readonly idleSeconds: number,
    private readonly maxSeconds: number,
  ) {}

  create(userId: string): { session: SsoSession; secret: string } {
    const secret = token();
    const now = Date.now();
    const session = { id: token(16), userId, authTime: Math.floor(now / 1000), lastActive: now, secretDigest: digest(secret) };
    this.sessions.set(session.id, session);
    this.bySecret.set(session.secretDigest, session.id);
    return { session, secret };
  }

  private alive(session: (SsoSession & { secretDigest: string }) | undefined): SsoSession | undefined {
    if (!session) return undefined;
    const now = Date.now();
    if (now - session.lastActive > this.idleSeconds * 1000 || now - session.authTime * 1000 > this.maxSeconds * 1000) {
      this.end(session.id);
      return undefined;
    }
    return session;
  }

  /** The session a browser's cookie secret stands for, if still alive (and marks it active). */
  fromSecret(secret: string | undefined): SsoSession | undefined {
    if (!secret) return undefined;
    const id = this.bySecret.get(digest(secret));
    return this.touch(id);
  }

  /** Whether the session is still open, without counting this as activity. */
  active(id: string): boolean {
    return Boolean(this.alive(this.sessions.get(id)));
  }

  touch(id: string | undefined): SsoSession | undefined {
    const session = this.alive(id ? this.sessions.get(id) : undefined);
    if (session) session.lastActive = Date.now();
    return session;
  }

  end(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.bySecret.delete(session.secretDigest);
  }

  issueCode(code: Omit<AuthorizationCode, 'expires'>): string {
    const value = token();
    this.codes.set(value, { ...code, expires: Date.now() + 60_000 });
    // Old unused codes go away.
    for (const [key, item] of this.codes) if (item.expires < Date.now()) this.codes.delete(key);
    return value;
  }

  /** A code works once, within a minute. */
  takeCode(value: string): AuthorizationCode | undefined {
    const code = this.codes.get(value);
    this.codes.delete(value);
    return code && code.expires >= Date.now() ? code : undefined;
  }
}

/** A throttled key and how many failures it may have within the window. */
export type ThrottleKey = [key: string, limit: number];

/**
 * Failed sign-ins within 15 minutes: 5 per account, and more per client address (an office behind one
 * address has many users). Past its limit a key waits until its oldest failure leaves the window.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly windowMs = 15 * 60_000) {}

  private recent(key: string): number[] {
    const now = Date.now();
    const list = (this.failures.get(key) ?? []).filter((time) => now - time < this.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Minutes left before another attempt is allowed, or 0. */
  blockedFor(keys: ThrottleKey[]): number {
    let wait = 0;
    for (const [key, limit] of keys) {
      const list = this.recent(key);
      if (list.length >= limit) wait = Math.max(wait, list[list.length - limit] + this.windowMs - Date.now());
    }
    return Math.ceil(wait / 60_000);
  }

  fail(keys: ThrottleKey[]): void {
    for (const [key] of keys) this.failures.set(key, [...this.recent(key), Date.now()]);
  }

  /** A success clears the account's failures (not the address's). */
  succeed(keys: ThrottleKey[]): void {
    for (const [key] of keys) if (key.startsWith('user:')) this.failures.delete(key);
  }
}
