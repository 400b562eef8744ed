// Guichet as several replicas on this machine, as docker-compose.yml runs it: two guichet servers on their own
// ports (8101, 8102) behind Debian's nginx (8100), all on one PostgreSQL database of their own.
//   npm run replicas                  prepare the database, start both replicas and nginx; Ctrl-C stops all
//   kill -USR2 <pid>                  rolling restart: each replica in turn drains (nginx leaves it out), is replaced
// Environment: REPLICAS_DATABASE_URL (postgres://root@127.0.0.1:5432/guichet_replicas; created when missing),
// CMS_URL (none by default: the APIs are what run here; the site is served when public/ is built).
// nginx: apt-get install -y nginx. Its configuration is written to var/replicas/ (the default site is not used).
// services/scripts/bench-replicas.ts uses the same functions to measure the set-up.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { pathToFileURL, URL } from 'node:url';

const root = join(import.meta.dirname, '..');
const servicesDir = join(root, 'services');

export const BALANCER_PORT = 8100;
export const REPLICA_PORTS = [8101, 8102];
export const DEFAULT_DATABASE_URL = 'postgres://root@127.0.0.1:5432/guichet_replicas';
/** The portal's public origin: the same issuer on every replica, so a token of one is valid on the others. */
export const PUBLIC_URL = `http://localhost:${BALANCER_PORT}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the PostgreSQL database (UTF-8) when it does not exist yet. */
export function ensureDatabase(url) {
  const parsed = new URL(url);
  const name = parsed.pathname.slice(1);
  const args = ['-h', parsed.hostname, '-p', parsed.port || '5432', '-U', decodeURIComponent(parsed.username || 'postgres')];
  const env = { ...process.env, ...(parsed.password ? { PGPASSWORD: decodeURIComponent(parsed.password) } : {}) };
  const result = spawnSync('createdb', [...args, '-E', 'UTF8', '-T', 'template0', name], { env, encoding: 'utf8' });
  if (result.error) throw new Error(`createdb: ${result.error.message} (install the PostgreSQL client tools)`);
  if (result.status !== 0 && !/already exists/.test(result.stderr)) throw new Error(`createdb ${name}: ${result.stderr.trim()}`);
}

/** How long nginx leaves out a replica that failed (its passive check), as in deploy/nginx/compose.conf. */
const FAIL_TIMEOUT_MS = 5000;

/** nginx's configuration for this machine: the upstream of the replicas, the shared locations of deploy/nginx/proxy.conf. */
export function nginxConfig({ dir, replicas }) {
  const servers = replicas
    .map(
      ({ port, inRotation }) =>
        `    server 127.0.0.1:${port} max_fails=1 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s${inRotation ? '' : ' down'};`,
    )
    .join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${name}_temp_path ${join(dir, 'tmp', name)};`);
  return `# Written by scripts/replicas.mjs: do not edit (it is rewritten at each start and rolling restart).
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'nginx-error.log')} warn;
events {
  worker_connections 4096;
}
http {
  access_log off;
${temp.join('\n')}
  upstream guichet {
    # Shared by the workers: a replica one worker finds stopping is left out by all of them.
    zone guichet 64k;
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${BALANCER_PORT};
    server_tokens off;
    include ${join(root, 'deploy', 'nginx', 'proxy.conf')};
  }
}
`;
}

/** The worker processes of an nginx master (to know when a reload has taken over). */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function answers(url, timeoutMs = 1000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    // Read to the end: a reply left half-read keeps its connection busy, and a replica waits for it when it stops.
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The replicas and nginx, started and stopped as children of this process.
 * options: databaseUrl, log(message), env (extra environment of the replicas), quiet (replicas' output to the log file only).
 */
export class ReplicaSet {
  constructor(options = {}) {
    this.databaseUrl = options.databaseUrl ?? process.env.REPLICAS_DATABASE_URL ?? DEFAULT_DATABASE_URL;
    this.log = options.log ?? ((message) => console.log(`[replicas] ${message}`));
    this.extraEnv = options.env ?? {};
    this.dir = join(root, 'var', 'replicas');
    this.replicas = REPLICA_PORTS.map((port) => ({ port, inRotation: true, child: null }));
    this.nginx = null;
  }

  url(port = BALANCER_PORT) {
    return `http://127.0.0.1:${port}`;
  }

  replicaEnv(port) {
    return {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: this.databaseUrl,
      SITE_URL: PUBLIC_URL,
      // nginx on this machine is the only proxy whose X-Forwarded-For is believed.
      TRUST_PROXY: '127.0.0.1',
      // No CMS unless one is named (port 9, discard: nothing listens; content routes answer 502/503).
      CMS_URL: process.env.CMS_URL || 'http://127.0.0.1:9',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // A stopping replica sends GETs elsewhere (503) for 1.5 s, so nginx leaves it out before it closes.
      DRAIN_MS: process.env.DRAIN_MS || '1500',
      // The finder's model of this set-up (prepare trains it when there is none for this data and code).
      FINDER_MODEL_DIR: join(this.dir, 'finder'),
      ...this.extraEnv,
    };
  }

  /** The database, its data packs, the finder's model and the signing key, once, before any replica starts. */
  prepare() {
    ensureDatabase(this.databaseUrl);
    mkdirSync(join(this.dir, 'tmp'), { recursive: true });
    this.log('preparing the database, the finder model and the signing key');
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'deploy', 'prepare.mjs')], {
      cwd: servicesDir,
      env: { ...this.replicaEnv(REPLICA_PORTS[0]), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`deploy/prepare.mjs failed (exit ${result.status ?? result.signal})`);
  }

  /** Starts replica `index` and waits until it answers. */
  async startReplica(index) {
    const replica = this.replicas[index];
    const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'main.ts')], {
      cwd: servicesDir,
      env: this.replicaEnv(replica.port),
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    replica.child = child;
    child.once('exit', (code, signal) => {
      if (replica.child === child) replica.child = null;
      if (!this.stopping) this.log(`replica ${replica.port} exited (${signal ?? code})`);
    });
    const started = Date.now();
    while (!(await answers(`${this.url(replica.port)}/reference-service/openapi.json`))) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`replica ${replica.port} did not start`);
      if (Date.now() - started > 180_000) throw new Error(`replica ${replica.port} did not answer within 180 s`);
      await sleep(200);
    }
    this.log(`replica ${replica.port} ready in ${((Date.now() - started) / 1000).toFixed(1)} s (pid ${child.pid})`);
  }

  /**
   * Stops replica `index`: SIGTERM lets it finish the requests it has (drain), SIGKILL is a crash. A replica
   * still running 30 s after SIGTERM (the longest a request may take, and the drain's own limit of 10 s) is killed.
   */
  async stopReplica(index, signal = 'SIGTERM') {
    const { child, port } = this.replicas[index];
    if (!child) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const late = setTimeout(() => {
      this.log(`replica ${port} still running 30 s after ${signal}: SIGKILL`);
      child.kill('SIGKILL');
    }, 30_000);
    await exited;
    clearTimeout(late);
  }

  writeNginxConfig() {
    const file = join(this.dir, 'nginx.conf');
    writeFileSync(file, nginxConfig({ dir: this.dir, replicas: this.replicas }));
    const check = spawnSync('nginx', ['-t', '-q', '-c', file, '-p', this.dir], { encoding: 'utf8' });
    if (check.error) throw new Error(`nginx: ${check.error.message} (apt-get install -y nginx)`);
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr.trim()}`);
    return file;
  }

  async startNginx() {
    const file = this.writeNginxConfig();
    this.nginx = spawn('nginx', ['-c', file, '-p', this.dir, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
    const started = Date.now();
    while (childrenOf(this.nginx.pid).length === 0 || !(await answers(`${this.url()}/reference-service/openapi.json`))) {
      if (this.nginx.exitCode !== null) throw new Error(`nginx exited (${this.nginx.exitCode}); see ${join(this.dir, 'nginx-error.log')}`);
      if (Date.now() - started > 10_000) throw new Error('nginx did not answer within 10 s');
      await sleep(100);
    }
    this.log(`nginx on ${this.url()} in front of ${this.replicas.map((replica) => replica.port).join(', ')}`);
  }

  /** Puts replica `index` in or out of nginx's upstream and waits until no old worker is left sending to it. */
  async setInRotation(index, inRotation) {
    this.replicas[index].inRotation = inRotation;
    this.writeNginxConfig();
    const before = childrenOf(this.nginx.pid);
    this.nginx.kill('SIGHUP');
    const started = Date.now();
    // Old workers finish their requests and exit; new ones use the new upstream.
    while (childrenOf(this.nginx.pid).some((pid) => before.includes(pid))) {
      if (Date.now() - started > 30_000) throw new Error('nginx: old workers still running after 30 s');
      await sleep(50);
    }
    const { port } = this.replicas[index];
    this.log(`nginx reloaded with ${port} ${inRotation ? 'in' : 'out'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }

  async start() {
    this.prepare();
    for (let index = 0; index < this.replicas.length; index++) await this.startReplica(index);
    await this.startNginx();
  }

  /**
   * Replaces the replicas one at a time, without reloading nginx: SIGTERM makes the replica answer GETs with
   * 503 for DRAIN_MS, which nginx sends to another replica while it leaves this one out (max_fails=1); the
   * replica then stops listening, finishes its requests and exits; a new one starts, and nginx takes it back
   * once its fail_timeout has passed.
   */
  async rollingRestart() {
    for (let index = 0; index < this.replicas.length; index++) {
      const { port } = this.replicas[index];
      await this.stopReplica(index, 'SIGTERM');
      this.log(`replica ${port} drained and stopped`);
      await this.startReplica(index);
      // nginx left it out while it was down (fail_timeout=5s): the next one drains once it is back in rotation,
      // or nginx would have no replica left for a moment.
      await sleep(FAIL_TIMEOUT_MS + 1000);
      this.log(`replica ${port} replaced`);
    }
  }

  async stop() {
    this.stopping = true;
    const nginx = this.nginx;
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      // SIGQUIT: graceful shutdown of nginx.
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(this.replicas.map((_, index) => this.stopReplica(index)));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const set = new ReplicaSet();
  let busy = false;
  const stop = async () => {
    set.log('stopping');
    await set.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGUSR2', async () => {
    if (busy) return set.log('a rolling restart is already running');
    busy = true;
    try {
      await set.rollingRestart();
    } catch (error) {
      set.log(`rolling restart failed: ${error.message}`);
    } finally {
      busy = false;
    }
  });
  try {
    await set.start();
    set.log(`ready: ${set.url()} (Ctrl-C stops; kill -USR2 ${process.pid} replaces the replicas one at a time)`);
  } catch (error) {
    set.log(error.message);
    await set.stop();
    process.exit(1);
  }
}
