import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';

/** A signed-in browser: the secret is its cookie, the id (sid) is what tokens carry. */
export interface SsoSession {
  id: string;
  userId: string;
  /** Seconds. */
  authTime: number;
  /** Milliseconds. */
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

export interface StateOptions {
  /** The realm's idle timeout and maximum lifespan of a session, in seconds. */
  idleSeconds: number;
  maxSeconds: number;
  /** How long a code may wait for its exchange (default 60 s). */
  codeSeconds?: number;
  /** The clock (milliseconds), for the tests of expiry. */
  now?: () => number;
}

const token = (bytes = 32) => randomBytes(bytes).toString('base64url');
const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url');
/**
 * Activity moves a session's idle end when the last move is older than this: an idle timeout of an hour
 * may end up to 10 s early, and a busy session costs a write every 10 s instead of one per request.
 */
const TOUCH_EVERY_MS = 10_000;
/** PostgreSQL gives bigint columns as text. */
const ms = (value: unknown) => Number(value);

interface SessionRow {
  id: string;
  userId: string;
  authTime: unknown;
  lastActive: unknown;
}
const sessionOf = (row: SessionRow): SsoSession => ({
  id: row.id,
  userId: row.userId,
  authTime: ms(row.authTime),
  lastActive: ms(row.lastActive),
});

/**
 * Sessions and one-time codes of the embedded identity server, in the database (identity_session,
 * identity_code): every replica sharing it knows every session, and a restart signs nobody out.
 */
export class SessionStore {
  private readonly now: () => number;
  constructor(
    private readonly database: Database,
    private readonly options: StateOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  private get db() {
    return this.database.db;
  }

  async create(userId: string): Promise<{ session: SsoSession; secret: string }> {
    const secret = token();
    const now = this.now();
    const session = { id: token(16), userId, authTime: Math.floor(now / 1000), lastActive: now };
    await this.db
      .insertInto('identity_session')
      .values({
        ...session,
        secretDigest: digest(secret),
        idleEndsAt: now + this.options.idleSeconds * 1000,
        endsAt: session.authTime * 1000 + this.options.maxSeconds * 1000,
      })
      .execute();
    return { session, secret };
  }

  /** The session a browser's cookie secret stands for, if still alive (and marks it active). */
  async fromSecret(secret: string | undefined): Promise<SsoSession | undefined> {
    if (!secret || secret.length > 200) return undefined;
    return this.touchWhere('secretDigest', digest(secret));
  }

  /** Whether the session is still open, without counting this as activity. */
  async active(id: string): Promise<boolean> {
    if (!id) return false;
    const now = this.now();
    const row = await this.db
      .selectFrom('identity_session')
      .select('id')
      .where('id', '=', id)
      .where('idleEndsAt', '>', now)
      .where('endsAt', '>', now)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The session if still alive, marked active now (its idle end moves; its maximum lifespan stays). */
  async touch(id: string | undefined): Promise<SsoSession | undefined> {
    return id ? this.touchWhere('id', id) : undefined;
  }

  private async touchWhere(column: 'id' | 'secretDigest', value: string): Promise<SsoSession | undefined> {
    const now = this.now();
    const row = await this.db
      .selectFrom('identity_session')
      .select(['id', 'userId', 'authTime', 'lastActive'])
      .where(column, '=', value)
      .where('idleEndsAt', '>', now)
      .where('endsAt', '>', now)
      .executeTakeFirst();
    if (!row) return undefined;
    const session = sessionOf(row as SessionRow);
    // A write (a commit on PostgreSQL) at most every few seconds per session, not on every request.
    if (now - session.lastActive < TOUCH_EVERY_MS) return session;
    const updated = await this.db
      .updateTable('identity_session')
      .set({ lastActive: now, idleEndsAt: now + this.options.idleSeconds * 1000 })
      .where('id', '=', session.id)
      .where('endsAt', '>', now)
      .executeTakeFirst();
    // Ended meanwhile (signed out on another replica).
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return { ...session, lastActive: now };
  }

  /** Signs a user out everywhere (a new password): every session of theirs and its unused codes. */
  async endAllOf(userId: string): Promise<void> {
    const ids = (await this.db.selectFrom('identity_session').select('id').where('userId', '=', userId).execute()).map((row) => row.id);
    for (const id of ids) await this.end(id);
  }

  /** Sign-out: the session and its unused codes. */
  async end(id: string): Promise<void> {
    await this.db.deleteFrom('identity_code').where('sessionId', '=', id).execute();
    await this.db.deleteFrom('identity_session').where('id', '=', id).execute();
  }

  async issueCode(code: Omit<AuthorizationCode, 'expires'>): Promise<string> {
    const value = token();
    await this.db
      .insertInto('identity_code')
      .values({
        codeDigest: digest(value),
        clientId: code.clientId,
        redirectUri: code.redirectUri,
        codeChallenge: code.codeChallenge,
        nonce: code.nonce ?? null,
        scope: code.scope,
        sessionId: code.sessionId,
        userId: code.userId,
        expiresAt: this.now() + (this.options.codeSeconds ?? 60) * 1000,
      })
      .execute();
    return value;
  }

  /** A code works once (deleted as it is read: of two replicas redeeming it, one gets it), within its lifetime. */
  async takeCode(value: string): Promise<AuthorizationCode | undefined> {
    if (!value || value.length > 200) return undefined;
    const row = await this.db.deleteFrom('identity_code').where('codeDigest', '=', digest(value)).returningAll().executeTakeFirst();
    if (!row || ms(row.expiresAt) < this.now()) return undefined;
    return {
      clientId: row.clientId,
      redirectUri: row.redirectUri,
      codeChallenge: row.codeChallenge,
      nonce: row.nonce ?? undefined,
      scope: row.scope,
      sessionId: row.sessionId,
      userId: row.userId,
      expires: ms(row.expiresAt),
    };
  }

  /** Deletes expired sessions and codes; how many of each went. */
  async sweep(): Promise<{ sessions: number; codes: number }> {
    const now = this.now();
    const sessions = await this.db
      .deleteFrom('identity_session')
      .where((eb) => eb.or([eb('idleEndsAt', '<=', now), eb('endsAt', '<=', now)]))
      .executeTakeFirst();
    const codes = await this.db.deleteFrom('identity_code').where('expiresAt', '<', now).executeTakeFirst();
    return { sessions: Number(sessions.numDeletedRows), codes: Number(codes.numDeletedRows) };
  }
}

/** A throttled key and how many failures it may have within the window. */
export type ThrottleKey = [key: string, limit: number];

/**
 * Failed sign-ins within 15 minutes (identity_login_failure, counted across replicas): 5 per account, and
 * more per client address (an office behind one address has many users). Past its limit a key waits until
 * its oldest failure leaves the window.
 */
export class LoginThrottle {
  private readonly now: () => number;
  constructor(
    private readonly database: Database,
    private readonly windowMs = 15 * 60_000,
    now?: () => number,
  ) {
    this.now = now ?? Date.now;
  }

  /** Minutes left before another attempt is allowed, or 0. */
  async blockedFor(keys: ThrottleKey[]): Promise<number> {
    const now = this.now();
    let wait = 0;
    for (const [key, limit] of keys) {
      const recent = await this.database.db
        .selectFrom('identity_login_failure')
        .select('failedAt')
        .where('throttleKey', '=', key)
        .where('failedAt', '>', now - this.windowMs)
        .orderBy('failedAt', 'desc')
        .limit(limit)
        .execute();
      if (recent.length >= limit) wait = Math.max(wait, ms(recent[limit - 1].failedAt) + this.windowMs - now);
    }
    return Math.ceil(wait / 60_000);
  }

  async fail(keys: ThrottleKey[]): Promise<void> {
    const failedAt = this.now();
    await this.database.db
      .insertInto('identity_login_failure')
      .values(keys.map(([throttleKey]) => ({ throttleKey, failedAt })))
      .execute();
  }

  /** A success clears the account's failures (not the address's). */
  async succeed(keys: ThrottleKey[]): Promise<void> {
    const users = keys.map(([key]) => key).filter((key) => key.startsWith('user:'));
    if (users.length) await this.database.db.deleteFrom('identity_login_failure').where('throttleKey', 'in', users).execute();
  }

  /** Deletes the failures that left the window; how many went. */
  async sweep(): Promise<number> {
    const result = await this.database.db
      .deleteFrom('identity_login_failure')
      .where('failedAt', '<=', this.now() - this.windowMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
