import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { openDatabase, type Database } from '../db/database.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { MANIFEST_PREFIX } from '../manifest/plugin.js';
import { createSessionStore } from './plugin.js';
import { LoginThrottle, SessionStore } from './sessions.js';
import { SigningKey } from './tokens.js';
import { CLIENT, demo, identityClient, OIDC, PORTAL } from './test-client.js';
import { identityReplica } from './test-replica.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(BACKENDS)('two replicas on one $name database', (backend) => {
  let a: TestService;
  let b: FastifyInstance;
  let second: Database;
  const dir = mkdtempSync(join(tmpdir(), 'guichet-replicas-'));
  const keyFile = join(dir, 'realm-key.json');

  beforeAll(async () => {
    a = await startTestService(backend, [], (app, database) => identityReplica(app, database, { keyFile }));
    // The second process: its own pool (or SQLite connection) on the same data.
    second = await openDatabase(backend.url ? { url: backend.url, schema: a.database.schema } : { url: a.database.location });
    b = Fastify();
    // B sweeps expired rows often, for the test of the sweep.
    await identityReplica(b, second, { keyFile, sweepIntervalMs: 200 });
    await b.ready();
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const onA = identityClient((options: InjectOptions) => a.app.inject(options));
  const onB = identityClient((options: InjectOptions) => b.inject(options));
  const refresh = (
    app: { inject(options: InjectOptions): Promise<{ statusCode: number; json(): { access_token?: string } }> },
    token: string,
  ) =>
    app.inject({
      method: 'POST',
      url: `${OIDC}/token`,
      headers: FORM,
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: token, client_id: CLIENT }).toString(),
    });

  it('knows on B a browser signed in on A: silent check, refresh, userinfo, protected service, then sign-out on B ends it on A', async () => {
    const { tokens, session } = await onA.signIn('trader');
    const silent = await b.inject({
      method: 'GET',
      url: `${OIDC}/auth?${onB.authQuery({ prompt: 'none' }).query}`,
      headers: { cookie: session },
    });
    expect(silent.headers.location).toMatch(/#.*code=/);
    const refreshed = await refresh(b, tokens.refresh_token);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().access_token!).sub).toBe(decodeJwt(tokens.access_token).sub);
    const info = await b.inject({ method: 'GET', url: `${OIDC}/userinfo`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(info.statusCode).toBe(200);
    expect(info.json().email).toBe(demo('trader').username);
    const vessels = (app: { inject(options: InjectOptions): Promise<{ statusCode: number }> }) =>
      app.inject({ method: 'GET', url: `${MANIFEST_PREFIX}/vessels`, headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect((await vessels(b)).statusCode).toBe(200);

    const logout = await b.inject({
      method: 'GET',
      url: `${OIDC}/logout?${new URLSearchParams({ client_id: CLIENT, id_token_hint: tokens.id_token, post_logout_redirect_uri: `${PORTAL}/en/` })}`,
      headers: { cookie: session },
    });
    expect(logout.statusCode).toBe(302);
    // Ended for every replica: A no longer refreshes, answers userinfo, or lets the token through.
    expect((await refresh(a.app, tokens.refresh_token)).statusCode).toBe(400);
    expect(
      (await a.app.inject({ method: 'GET', url: `${OIDC}/userinfo`, headers: { authorization: `Bearer ${tokens.access_token}` } }))
        .statusCode,
    ).toBe(401);
    expect((await vessels(a.app)).statusCode).toBe(401);
    const after = await a.app.inject({
      method: 'GET',
      url: `${OIDC}/auth?${onA.authQuery({ prompt: 'none' }).query}`,
      headers: { cookie: session },
    });
    expect(after.headers.location).toContain('error=login_required');
  });

  it('redeems a code once across replicas: issued on A, taken on B, refused on A', async () => {
    const { verifier, query } = onA.authQuery();
    const login = await onA.submitLogin(query, demo('declarant').username, demo('declarant').password);
    const location = login.headers.location as string;
    expect((await onB.exchange(location, verifier)).statusCode).toBe(200);
    const replay = await onA.exchange(location, verifier);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('invalid_grant');
  });

  it('counts failed sign-ins of both replicas in one throttle', async () => {
    const login = `throttled.${Date.now()}@guichet.local`;
    for (let attempt = 0; attempt < 5; attempt++) {
      const client = attempt % 2 ? onB : onA;
      expect((await client.submitLogin(client.authQuery().query, login, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await onA.submitLogin(onA.authQuery().query, login, 'wrong-password')).statusCode).toBe(429);
    expect((await onB.submitLogin(onB.authQuery().query, login, 'wrong-password')).statusCode).toBe(429);
  });

  it('deletes expired sessions, codes and login failures, and keeps only digests of secrets', async () => {
    let now = Date.now();
    const clock = () => now;
    const store = new SessionStore(a.database, { idleSeconds: 60, maxSeconds: 600, codeSeconds: 10, now: clock });
    const other = new SessionStore(second, { idleSeconds: 60, maxSeconds: 600, codeSeconds: 10, now: clock });
    const { session, secret } = await store.create('expiry-user');
    const code = await store.issueCode({
      clientId: CLIENT,
      redirectUri: `${PORTAL}/en/`,
      codeChallenge: 'c'.repeat(43),
      scope: 'openid',
      sessionId: session.id,
      userId: 'expiry-user',
    });
    const throttle = new LoginThrottle(a.database, 60_000, clock);
    await throttle.fail([['user:expiry-user', 5]]);
    const rows = async () => ({
      sessions: (await a.database.db.selectFrom('identity_session').selectAll().where('userId', '=', 'expiry-user').execute()).length,
      codes: (await a.database.db.selectFrom('identity_code').selectAll().where('userId', '=', 'expiry-user').execute()).length,
      failures: (
        await a.database.db.selectFrom('identity_login_failure').selectAll().where('throttleKey', '=', 'user:expiry-user').execute()
      ).length,
    });
    const stored = await a.database.db.selectFrom('identity_session').selectAll().where('id', '=', session.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(JSON.stringify(await a.database.db.selectFrom('identity_code').selectAll().execute())).not.toContain(code);

    now += 30_000;
    expect(await other.fromSecret(secret)).toMatchObject({ id: session.id });
    await store.sweep();
    await throttle.sweep();
    expect(await rows()).toEqual({ sessions: 1, codes: 0, failures: 1 });
    // Activity on B moved the idle end: 80 s after sign-in the session lives, 91 s after its last use it is gone.
    now += 50_000;
    expect(await store.active(session.id)).toBe(true);
    now += 41_000;
    expect(await other.active(session.id)).toBe(false);
    expect(await other.fromSecret(secret)).toBeUndefined();
    await other.sweep();
    await new LoginThrottle(second, 60_000, clock).sweep();
    expect(await rows()).toEqual({ sessions: 0, codes: 0, failures: 0 });
  });

  it('has a replica sweep expired rows by itself while live ones stay', async () => {
    const past = () => Date.now() - 3_600_000;
    // The session is idle 2 s after its creation, so that it is counted before B (sweeping every 200 ms) takes it,
    // however slow the machine; its code and the failures are long expired.
    const { session } = await new SessionStore(a.database, { idleSeconds: 60, maxSeconds: 600, now: () => Date.now() - 58_000 }).create(
      'swept-user',
    );
    await new SessionStore(a.database, { idleSeconds: 60, maxSeconds: 600, now: past }).issueCode({
      clientId: CLIENT,
      redirectUri: `${PORTAL}/en/`,
      codeChallenge: 'c'.repeat(43),
      scope: 'openid',
      sessionId: session.id,
      userId: 'swept-user',
    });
    await new LoginThrottle(a.database, 15 * 60_000, past).fail([['user:swept-user', 5]]);
    const live = await createSessionStore(a.database).create('swept-user');
    const count = async (table: string, column: string, value: string) =>
      (await a.database.db.selectFrom(table).select(column).where(column, '=', value).execute()).length;
    expect(await count('identity_session', 'userId', 'swept-user')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await count('identity_session', 'userId', 'swept-user')).toBe(1);
    expect(await count('identity_session', 'id', live.session.id)).toBe(1);
    expect(await count('identity_code', 'userId', 'swept-user')).toBe(0);
    expect(await count('identity_login_failure', 'throttleKey', 'user:swept-user')).toBe(0);
  });

  it('moves the idle end of a session at most every 10 s (a write per session, not per request)', async () => {
    const start = Date.now();
    let now = start;
    const store = new SessionStore(a.database, { idleSeconds: 60, maxSeconds: 600, now: () => now });
    const quiet = await store.create('touch-user');
    const busy = await store.create('touch-user');
    now = start + 5_000;
    expect((await store.touch(quiet.session.id))?.lastActive).toBe(start);
    now = start + 15_000;
    expect((await store.touch(busy.session.id))?.lastActive).toBe(start + 15_000);
    now = start + 62_000;
    expect(await store.active(quiet.session.id)).toBe(false);
    expect(await store.active(busy.session.id)).toBe(true);
  });

  it('ends a session at its maximum lifespan however active it is', async () => {
    let now = Date.now();
    const store = new SessionStore(a.database, { idleSeconds: 60, maxSeconds: 100, now: () => now });
    const { session } = await store.create('busy-user');
    for (let step = 0; step < 3; step++) {
      now += 45_000;
      expect(Boolean(await store.touch(session.id)), `after ${(step + 1) * 45} s`).toBe(step < 2);
    }
  });
});

describe('the signing key of replicas starting together', () => {
  it('is one key: the first written wins and the others read it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guichet-key-'));
    try {
      const file = join(dir, 'identity', 'signing-key.json');
      const keys = await Promise.all([SigningKey.load(file), SigningKey.load(file), SigningKey.load(file)]);
      expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
      expect((await SigningKey.load(file)).kid).toBe(keys[0].kid);
      const token = await keys[1].sign({ iss: 'test', sub: 'x' }, 60);
      await expect(keys[2].verify(token, { issuer: 'test' })).resolves.toMatchObject({ sub: 'x' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
