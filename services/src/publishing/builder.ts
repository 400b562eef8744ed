import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { repoRoot } from '../config.js';

/** One site build as editors see it. */
export interface BuildRecord {
  id: number;
  /** What asked for it: "entry.publish api::news-article.news-article", "manual", ... */
  trigger: string;
  requestedAt: string;
  startedAt: string;
  finishedAt?: string;
  ok?: boolean;
  /** The end of the build's output when it failed (the live site stayed as it was). */
  error?: string;
}

export interface BuildStatus {
  state: 'idle' | 'building';
  /** A build was asked for while one ran: it starts when the current one ends (requests coalesce into it). */
  queued: boolean;
  current?: BuildRecord;
  last?: BuildRecord;
  lastSuccess?: BuildRecord;
}

export interface BuilderOptions {
  /** The command that builds and publishes the site (exit status 0 = published). */
  command: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Where the last builds are kept across restarts. */
  statusFile: string;
  /**
   * A build run outside this builder (`npm run build`, the one `npm start` runs): the record
   * scripts/build-site.mjs writes of it ({trigger, startedAt[, finishedAt, ok, error]}), and the lock it holds
   * while it runs (its process id). Shown as the running or the last build when it is the latest.
   */
  outside?: { recordFile: string; lockFile: string };
  log?: (message: string) => void;
  /**
   * How long an idle builder waits for more requests before it starts: publishing an entry in three
   * languages sends three webhooks within a second, which then make one build instead of two.
   */
  settleMs?: number;
}

const ERROR_TAIL = 4000;

/**
 * Runs site builds one at a time. A request during a build queues one more build, and any number of
 * requests during that build are served by it: the next build reads the CMS when it starts, so it
 * includes everything published before then.
 */
export class SiteBuilder {
  private running?: Promise<void>;
  private settling?: NodeJS.Timeout;
  private current?: BuildRecord;
  private pendingTrigger?: { trigger: string; requestedAt: string };
  private last?: BuildRecord;
  private lastSuccess?: BuildRecord;
  private nextId = 1;

  constructor(private readonly options: BuilderOptions) {
    if (existsSync(options.statusFile)) {
      try {
        const saved = JSON.parse(readFileSync(options.statusFile, 'utf8')) as { last?: BuildRecord; lastSuccess?: BuildRecord };
        this.last = saved.last;
        this.lastSuccess = saved.lastSuccess;
        this.nextId = Math.max(saved.last?.id ?? 0, saved.lastSuccess?.id ?? 0) + 1;
      } catch {
        // An unreadable status file only loses the history shown to editors.
      }
    }
  }

  status(): BuildStatus {
    const outside = this.outside();
    const current = this.current ?? outside.running;
    const last = latest(this.last, outside.done);
    const lastSuccess = latest(this.lastSuccess, outside.done?.ok ? outside.done : undefined);
    return {
      state: current ? 'building' : 'idle',
      queued: Boolean(this.pendingTrigger),
      ...(current ? { current } : {}),
      ...(last ? { last } : {}),
      ...(lastSuccess ? { lastSuccess } : {}),
    };
  }

  /** The build run outside this builder, running (its lock held by a live process) or done. */
  private outside(): { running?: BuildRecord; done?: BuildRecord } {
    if (!this.options.outside) return {};
    const { recordFile, lockFile } = this.options.outside;
    let saved: { trigger?: unknown; startedAt?: unknown; finishedAt?: unknown; ok?: unknown; error?: unknown };
    try {
      saved = JSON.parse(readFileSync(recordFile, 'utf8'));
    } catch {
      return {};
    }
    if (typeof saved.trigger !== 'string' || typeof saved.startedAt !== 'string') return {};
    const record: BuildRecord = { id: 0, trigger: saved.trigger, requestedAt: saved.startedAt, startedAt: saved.startedAt };
    if (typeof saved.finishedAt === 'string') {
      return {
        done: {
          ...record,
          finishedAt: saved.finishedAt,
          ok: saved.ok === true,
          ...(typeof saved.error === 'string' ? { error: saved.error } : {}),
        },
      };
    }
    // Not finished: running if its lock is held by a live process (a build that died is neither).
    return lockHolderAlive(lockFile) ? { running: record } : {};
  }

  /** Asks for a build; resolves at once. */
  request(trigger: string): BuildStatus {
    const requestedAt = new Date().toISOString();
    if (this.current || this.settling) {
      this.pendingTrigger ??= { trigger, requestedAt };
    } else if (this.options.settleMs) {
      this.pendingTrigger = { trigger, requestedAt };
      this.running = new Promise((resolve) => {
        this.settling = setTimeout(() => {
          this.settling = undefined;
          const first = this.pendingTrigger!;
          this.pendingTrigger = undefined;
          resolve(this.loop(first));
        }, this.options.settleMs);
      });
    } else {
      this.running = this.loop({ trigger, requestedAt });
    }
    return this.status();
  }

  /** Resolves when no build is running or queued (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async loop(first: { trigger: string; requestedAt: string }): Promise<void> {
    let next: { trigger: string; requestedAt: string } | undefined = first;
    while (next) {
      await this.runOne(next);
      next = this.pendingTrigger;
      this.pendingTrigger = undefined;
    }
    this.running = undefined;
  }

  private async runOne(request: { trigger: string; requestedAt: string }): Promise<void> {
    const record: BuildRecord = { id: this.nextId++, ...request, startedAt: new Date().toISOString() };
    this.current = record;
    this.options.log?.(`site build ${record.id} started (${record.trigger})`);
    const { ok, output } = await this.spawnBuild();
    record.finishedAt = new Date().toISOString();
    record.ok = ok;
    if (!ok) record.error = output.slice(-ERROR_TAIL);
    this.current = undefined;
    this.last = record;
    if (ok) this.lastSuccess = record;
    this.options.log?.(`site build ${record.id} ${ok ? 'published' : 'failed: the live site is unchanged'}`);
    this.save();
  }

  private spawnBuild(): Promise<{ ok: boolean; output: string }> {
    return new Promise((resolve) => {
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-4 * ERROR_TAIL);
      };
      const [command, ...args] = this.options.command;
      const child = spawn(command, args, {
        cwd: this.options.cwd,
        env: this.options.env ?? process.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => resolve({ ok: false, output: `${output}\n${error.message}` }));
      child.on('close', (code) => resolve({ ok: code === 0, output }));
    });
  }

  private save(): void {
    try {
      mkdirSync(dirname(this.options.statusFile), { recursive: true });
      const temporary = `${this.options.statusFile}.${process.pid}`;
      writeFileSync(temporary, JSON.stringify({ last: this.last, lastSuccess: this.lastSuccess }, null, 2));
      renameSync(temporary, this.options.statusFile);
    } catch (error) {
      this.options.log?.(`site build status not saved: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The later of two finished builds. */
function latest(a: BuildRecord | undefined, b: BuildRecord | undefined): BuildRecord | undefined {
  if (!a || !b) return a ?? b;
  return `${b.finishedAt}` > `${a.finishedAt}` ? b : a;
}

function lockHolderAlive(lockFile: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile, 'utf8'));
  } catch {
    return false;
  }
  if (!(pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The builder of this repository: scripts/build-site.mjs, its state under var/site/. */
export function siteBuilder(log: (message: string) => void): SiteBuilder {
  const site = join(repoRoot, 'var', 'site');
  return new SiteBuilder({
    command: [process.execPath, join(repoRoot, 'scripts', 'build-site.mjs')],
    cwd: repoRoot,
    // Its own builds are recorded here (status.json), not as builds run outside it.
    env: { ...process.env, GUICHET_BUILD_BY_SERVER: '1' },
    outside: { recordFile: join(site, 'by-hand.json'), lockFile: join(site, 'build.lock') },
    statusFile: join(site, 'status.json'),
    log,
    settleMs: 3000,
  });
}

/** A secret from the environment, else from a file (read when needed: `npm start` may write it later). */
export function secretFrom(value: string | undefined, file: string): () => string | undefined {
  return () => value || (existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined);
}
