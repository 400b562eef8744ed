// Keeps a child process running: when it exits on its own it is started again after a delay that doubles
// with each failure in a row (1 s, 2 s, 4 s ... up to 30 s), back to the first delay once a run has stayed
// up for a minute. After too many failures in a row (a crash loop, e.g. the port already taken) it gives up
// and says so, rather than retrying silently forever: the caller decides what follows (start.mjs stops the
// portal with an error, and a container's own restart policy takes over from there).
import { clearTimeout, setTimeout } from 'node:timers';

/** 1.5 -> "1.5 s", 0.05 -> "0.05 s" */
function seconds(ms) {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

/**
 * @param {object} options
 * @param {string} options.name  shown in the log lines ("guichet server")
 * @param {() => import('node:child_process').ChildProcess} options.start  spawns the child
 * @param {(message: string) => void} [options.log]
 * @param {(child: import('node:child_process').ChildProcess, signal: NodeJS.Signals) => void} [options.kill]
 * @param {number} [options.initialDelayMs]  delay before the first restart
 * @param {number} [options.maxDelayMs]  the delay stops doubling there
 * @param {number} [options.resetAfterMs]  a run that lasted this long counts as healthy: the delay starts over
 * @param {number} [options.maxFailures]  gives up at this many failures in a row (runs shorter than resetAfterMs)
 * @param {number} [options.stopGraceMs]  after SIGTERM, SIGKILL when the child is still there
 * @param {(message: string) => void} [options.onGiveUp]
 */
export function supervise({
  name,
  start,
  log = (message) => console.log(message),
  kill = (child, signal) => child.kill(signal),
  initialDelayMs = 1000,
  maxDelayMs = 30000,
  resetAfterMs = 60000,
  maxFailures = 10,
  stopGraceMs = 3000,
  onGiveUp = () => {},
}) {
  let child;
  let startedAt = 0;
  let failures = 0;
  let restarts = 0;
  let timer;
  let stopped = false;

  const stopChild = (current, signal) => {
    try {
      kill(current, signal);
    } catch {
      // already gone
    }
  };

  const launch = () => {
    if (timer) restarts += 1;
    timer = undefined;
    startedAt = Date.now();
    const current = start();
    child = current;
    let ended = false;
    const exited = (how) => {
      if (ended) return;
      ended = true;
      if (child === current) child = undefined;
      if (stopped) return;
      failures = Date.now() - startedAt >= resetAfterMs ? 1 : failures + 1;
      if (failures >= maxFailures) {
        stopped = true;
        const message = `${name} exited (${how}) ${failures} times in a row without staying up: giving up (see its output above)`;
        log(message);
        onGiveUp(message);
        return;
      }
      const delay = Math.min(initialDelayMs * 2 ** (failures - 1), maxDelayMs);
      const streak = failures > 1 ? ` (${failures} failures in a row; giving up at ${maxFailures})` : '';
      log(`${name} exited (${how}); restarting in ${seconds(delay)}${streak}`);
      timer = setTimeout(launch, delay);
    };
    current.once('exit', (code, signal) => exited(signal ? `signal ${signal}` : `code ${code}`));
    // A child that could not be started at all (command not found) emits only 'error'.
    current.once('error', (error) => {
      if (current.pid === undefined) exited(error.message);
    });
  };

  launch();

  return {
    get child() {
      return child;
    },
    /** How many times the child was started again. */
    get restarts() {
      return restarts;
    },
    /** Stops restarting and ends the running child; resolves once it has exited. */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        const force = setTimeout(() => stopChild(current, 'SIGKILL'), stopGraceMs);
        current.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        stopChild(current, 'SIGTERM');
      });
    },
  };
}
