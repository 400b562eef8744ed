import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../config.js';

/** A route as the server registered it, with what its schema says of its inputs. */
export interface RouteInfo {
  method: string;
  url: string;
  /** Query parameters its schema names (empty when it has no query schema). */
  query: string[];
  /** Body properties its schema names, with the schema of each (null: no body schema). */
  body: Record<string, unknown> | null;
  /** Left out of its service's OpenAPI description (the description itself). */
  hidden: boolean;
}

/** A server under test: where it listens and what it registered. */
export interface ServerHandle {
  port: number;
  /** Its temporary folder (the SQLite file guichet.db is there unless DATABASE_URL names another database). */
  dir: string;
  routes: RouteInfo[];
  /** False once the process has exited. */
  alive(): boolean;
  /** How often the process has exited since it was started. */
  exits: number;
  /** The server's last log lines (errors), for reports. */
  log(): string[];
  /** Starts the process again after an exit (same database). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The configuration of a server under test: the real loadConfig with overrides: its own temporary folder for the
 * SQLite file, the signing key, the site (a tiny index.html) and the CMS token; a CMS URL on a closed port; no rate
 * limits unless asked for (so that limits do not hide bugs); tokens that last an hour.
 */
export function hostileConfig(dir: string, env: NodeJS.ProcessEnv = {}): Config {
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><title>Guichet</title><p>Guichet</p></html>');
  // A language's 404 page only (none at the root): a broken page address under /fr/ gets it, one elsewhere the JSON error.
  mkdirSync(join(dir, 'fr', '404'), { recursive: true });
  writeFileSync(join(dir, 'fr', '404', 'index.html'), '<!doctype html><html lang="fr"><title>404</title><p>Page introuvable</p></html>');
  const config = loadConfig({
    PORT: '8000',
    SITE_DIR: dir,
    DATABASE_URL: join(dir, 'guichet.db'),
    // Port 9 (discard) on loopback: nothing listens there, so the CMS is down.
    CMS_URL: 'http://127.0.0.1:9',
    CMS_TIMEOUT_MS: '2000',
    RATE_LIMIT: '0',
    RATE_LIMIT_FINDER: '0',
    RATE_LIMIT_PRINT: '0',
    ACCESS_TOKEN_LIFETIME: '3600',
    LOG_LEVEL: 'error',
    ...env,
  });
  return { ...config, identityKeyFile: join(dir, 'signing-key.json'), cmsTokenFile: join(dir, 'cms-api-token') };
}

/** A PostgreSQL URL with a schema of its own for one run (dropped by dropSchema). */
export function postgresUrlWithSchema(url: string): { url: string; schema: string } {
  const schema = `hostile_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const parsed = new URL(url);
  parsed.searchParams.set('schema', schema);
  return { url: parsed.toString(), schema };
}

export async function dropSchema(url: string, schema: string): Promise<void> {
  const { openDatabase } = await import('../db/database.js');
  const { sql } = await import('kysely');
  const admin = await openDatabase({ url });
  try {
    await sql.raw(`drop schema if exists "${schema}" cascade`).execute(admin.db);
  } finally {
    await admin.close();
  }
}

export const READY_LINE = 'HOSTILE_READY ';
const SERVE = join(import.meta.dirname, 'serve.ts');

/**
 * Starts the real server (buildApp) in a child process listening on 127.0.0.1, port 0: a crash of the server is
 * then seen as the exit of that process, not of the suite. env: overrides of hostileConfig (DATABASE_URL, RATE_LIMIT).
 */
export async function startServer(
  env: NodeJS.ProcessEnv = {},
  options: { startTimeoutMs?: number; routesOnly?: boolean } = {},
): Promise<ServerHandle> {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-hostile-'));
  const logLines: string[] = [];
  let child: ChildProcess | undefined;
  let running = false;
  let routes: RouteInfo[] = [];
  let port = 0;
  const handle: ServerHandle = {
    dir,
    get port() {
      return port;
    },
    get routes() {
      return routes;
    },
    alive: () => running,
    exits: 0,
    log: () => [...logLines],
    restart: () => launch(),
    async stop() {
      if (child && running) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 15_000)))]);
        clearTimeout(timer);
        if (running) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  function launch(): Promise<void> {
    return new Promise((resolve, reject) => {
      const tsx = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx');
      child = spawn(tsx, [SERVE, dir, ...(options.routesOnly ? ['--routes-only'] : [])], {
        env: { ...process.env, HOSTILE_ENV: JSON.stringify(env), HOSTILE_PARENT_PIPE: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      running = true;
      const timer = setTimeout(
        () => reject(new Error(`server did not start within ${options.startTimeoutMs ?? 180_000} ms`)),
        options.startTimeoutMs ?? 180_000,
      );
      let pending = '';
      const onLine = (line: string) => {
        if (line.startsWith(READY_LINE)) {
          const ready = JSON.parse(line.slice(READY_LINE.length)) as { port: number; routes: RouteInfo[] };
          port = ready.port;
          routes = ready.routes;
          clearTimeout(timer);
          resolve();
          return;
        }
        if (line.trim()) {
          logLines.push(line.slice(0, 2000));
          if (logLines.length > 200) logLines.shift();
        }
      };
      const read = (chunk: Buffer) => {
        pending += chunk.toString('utf8');
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      };
      child.stdout!.on('data', read);
      child.stderr!.on('data', read);
      child.once('exit', (code, signal) => {
        running = false;
        handle.exits += 1;
        logLines.push(`server process exited (code ${code}, signal ${signal})`);
        clearTimeout(timer);
        reject(new Error(`server exited while starting (code ${code}, signal ${signal}):\n${logLines.slice(-20).join('\n')}`));
      });
    });
  }

  try {
    await launch();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return handle;
}
