import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteBuilder } from './builder.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A builder whose "build" appends a line to a file, waits a little and exits with the given status. */
function builder(exitCode = 0, settleMs?: number) {
  const dir = mkdtempSync(join(tmpdir(), 'guichet-builds-'));
  dirs.push(dir);
  const runs = join(dir, 'runs');
  const script = `require('fs').appendFileSync(${JSON.stringify(runs)}, 'x'); console.error('gatsby: page failed'); setTimeout(() => process.exit(${exitCode}), 150);`;
  const instance = new SiteBuilder({ command: [process.execPath, '-e', script], cwd: dir, statusFile: join(dir, 'status.json'), settleMs });
  const count = () => {
    try {
      return readFileSync(runs, 'utf8').length;
    } catch {
      return 0;
    }
  };
  return { instance, count, statusFile: join(dir, 'status.json'), dir };
}

describe('SiteBuilder', () => {
  it('runs one build per request when idle, and folds every request made during a build into one more build', async () => {
    const { instance, count } = builder();
    expect(instance.request('entry.publish a').state).toBe('building');
    expect(instance.request('entry.publish b').queued).toBe(true);
    instance.request('entry.publish c');
    instance.request('entry.unpublish d');
    await instance.idle();
    expect(count()).toBe(2);
    const status = instance.status();
    expect(status).toMatchObject({ state: 'idle', queued: false, last: { id: 2, ok: true, trigger: 'entry.publish b' } });
    expect(status.last?.error).toBeUndefined();
  });

  it('waits a moment before starting, so an entry published in several languages makes one build', async () => {
    const { instance, count } = builder(0, 100);
    expect(instance.request('entry.publish en')).toMatchObject({ state: 'idle', queued: true });
    instance.request('entry.publish ar');
    instance.request('entry.publish fr');
    await instance.idle();
    expect(count()).toBe(1);
    expect(instance.status()).toMatchObject({ queued: false, last: { id: 1, trigger: 'entry.publish en', ok: true } });
  });

  it('keeps the end of a failed build output and the last successful build apart', async () => {
    const failing = builder(1);
    failing.instance.request('manual');
    await failing.instance.idle();
    expect(failing.instance.status().last).toMatchObject({ ok: false });
    expect(failing.instance.status().last?.error).toContain('gatsby: page failed');
    expect(failing.instance.status().lastSuccess).toBeUndefined();
  });

  it('remembers the last builds across restarts, and numbers the next one after them', async () => {
    const { instance, statusFile, dir } = builder();
    instance.request('manual');
    await instance.idle();
    const saved = JSON.parse(readFileSync(statusFile, 'utf8'));
    expect(saved.lastSuccess.id).toBe(1);
    const again = new SiteBuilder({ command: [process.execPath, '-e', 'process.exit(0)'], cwd: dir, statusFile });
    expect(again.status().lastSuccess?.id).toBe(1);
    again.request('manual');
    await again.idle();
    expect(again.status().last?.id).toBe(2);
  });

  it('shows a build run outside it (npm run build) while its lock is held, and as the last build once it ended later', async () => {
    const { instance, dir } = builder();
    const recordFile = join(dir, 'by-hand.json');
    const lockFile = join(dir, 'build.lock');
    const seen = new SiteBuilder({
      command: [process.execPath, '-e', 'process.exit(0)'],
      cwd: dir,
      statusFile: join(dir, 'status.json'),
      outside: { recordFile, lockFile },
    });
    instance.request('entry.publish a');
    await instance.idle();
    writeFileSync(recordFile, JSON.stringify({ trigger: 'npm run build', startedAt: '2999-01-01T10:00:00.000Z' }));
    // A build that died (no live process holds the lock) is not running.
    writeFileSync(lockFile, '999999999');
    expect(seen.status()).toMatchObject({ state: 'idle' });
    writeFileSync(lockFile, String(process.pid));
    expect(seen.status()).toMatchObject({
      state: 'building',
      current: { trigger: 'npm run build', startedAt: '2999-01-01T10:00:00.000Z' },
    });
    writeFileSync(
      recordFile,
      JSON.stringify({ trigger: 'npm run build', startedAt: '2999-01-01T10:00:00.000Z', finishedAt: '2999-01-01T10:06:00.000Z', ok: true }),
    );
    rmSync(lockFile);
    expect(seen.status()).toMatchObject({
      state: 'idle',
      last: { trigger: 'npm run build', ok: true },
      lastSuccess: { trigger: 'npm run build' },
    });
    // A later build of its own is the last one again; an unreadable record is ignored.
    seen.request('manual');
    await seen.idle();
    writeFileSync(
      recordFile,
      JSON.stringify({
        trigger: 'npm run build',
        startedAt: '2000-01-01T10:00:00.000Z',
        finishedAt: '2000-01-01T10:06:00.000Z',
        ok: false,
      }),
    );
    expect(seen.status()).toMatchObject({ last: { trigger: 'manual', ok: true } });
    writeFileSync(recordFile, '{');
    expect(seen.status()).toMatchObject({ state: 'idle', last: { trigger: 'manual' } });
  });
});
