// @vitest-environment node
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { supervise } from './supervise.mjs';

/** A child that exits with the given code after the given time (0: at once). */
const crashing = (code, afterMs = 0) =>
  spawn(process.execPath, ['-e', `setTimeout(() => process.exit(${code}), ${afterMs})`], { stdio: 'ignore' });
/** A child that runs until it is stopped. */
const lasting = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

async function until(condition, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

const running = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((supervisor) => supervisor.stop()));
});

function watch(start, options = {}) {
  const starts = [];
  const lines = [];
  const supervisor = supervise({
    name: 'test server',
    start: () => {
      starts.push(Date.now());
      return start();
    },
    log: (line) => lines.push(line),
    initialDelayMs: 50,
    maxDelayMs: 200,
    ...options,
  });
  running.push(supervisor);
  return { supervisor, starts, lines };
}

describe('supervise', () => {
  it('restarts a crashing child with doubling delays, capped, and a log line each time', async () => {
    const { supervisor, starts, lines } = watch(() => crashing(1));
    await until(() => starts.length >= 5);
    expect(lines.slice(0, 4)).toEqual([
      'test server exited (code 1); restarting in 0.05 s',
      'test server exited (code 1); restarting in 0.1 s (2 failures in a row; giving up at 10)',
      'test server exited (code 1); restarting in 0.2 s (3 failures in a row; giving up at 10)',
      'test server exited (code 1); restarting in 0.2 s (4 failures in a row; giving up at 10)',
    ]);
    // Each restart waited at least its delay.
    const gaps = starts.slice(1, 5).map((at, i) => at - starts[i]);
    [50, 100, 200, 200].forEach((delay, i) => expect(gaps[i]).toBeGreaterThanOrEqual(delay - 5));
    expect(supervisor.restarts).toBeGreaterThanOrEqual(4);
  });

  it('says which signal ended the child', async () => {
    const { supervisor, lines } = watch(lasting);
    await until(() => supervisor.child?.pid);
    supervisor.child.kill('SIGKILL');
    await until(() => lines.length >= 1);
    expect(lines[0]).toBe('test server exited (signal SIGKILL); restarting in 0.05 s');
  });

  it('starts the delays over once a run has stayed up long enough', async () => {
    // The third run stays up past resetAfterMs, the others crash at once (a node process that starts and
    // exits: well under 2 s, even on a loaded machine).
    let run = 0;
    const { lines } = watch(() => crashing(1, ++run === 3 ? 2500 : 0), { resetAfterMs: 2000 });
    await until(() => lines.length >= 4);
    expect(lines.map((line) => line.match(/in ([\d.]+ s)/)[1])).toEqual(['0.05 s', '0.1 s', '0.05 s', '0.1 s']);
  });

  it('gives up after too many failures in a row, and says so', async () => {
    const givenUp = [];
    const { starts, lines } = watch(() => crashing(3), { maxFailures: 3, onGiveUp: (message) => givenUp.push(message) });
    await until(() => givenUp.length > 0);
    expect(givenUp[0]).toBe('test server exited (code 3) 3 times in a row without staying up: giving up (see its output above)');
    expect(lines.at(-1)).toBe(givenUp[0]);
    await sleep(300);
    expect(starts).toHaveLength(3);
  });

  it('stops the child and does not restart it after stop', async () => {
    const { supervisor, starts } = watch(lasting);
    await until(() => supervisor.child?.pid);
    const child = supervisor.child;
    await supervisor.stop();
    expect(child.signalCode).toBe('SIGTERM');
    await sleep(300);
    expect(starts).toHaveLength(1);
    expect(supervisor.child).toBeUndefined();
  });

  it('does not restart a child that crashes while its restart was pending once stopped', async () => {
    const { supervisor, starts, lines } = watch(() => crashing(1), { initialDelayMs: 200 });
    await until(() => lines.length >= 1);
    await supervisor.stop();
    await sleep(400);
    expect(starts).toHaveLength(1);
  });

  it('kills a child that ignores SIGTERM after the grace period', async () => {
    const stubborn = () =>
      spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    const { supervisor } = watch(stubborn, { stopGraceMs: 100 });
    await until(() => supervisor.child?.pid);
    await sleep(200); // the child has set its SIGTERM handler
    const child = supervisor.child;
    await supervisor.stop();
    expect(child.signalCode).toBe('SIGKILL');
  });
});
