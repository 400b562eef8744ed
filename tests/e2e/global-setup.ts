import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/**
 * Brings up the real stack (CMS, guichet server, fresh site build) with the
 * project's own start script. Outside CI a portal already running on the port is reused.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  const port = process.env.PORT || '8000';
  if (!process.env.CI && (await isUp(`http://localhost:${port}/health`))) {
    console.log(`[e2e] reusing the portal running on port ${port}`);
    return;
  }
  const root = join(__dirname, '..', '..');
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    // Short-lived access tokens, so that the tests see them expire and refresh.
    // Fault injection on: faults.spec.ts makes the real server fail on purpose.
    env: { ...process.env, PORT: port, ACCESS_TOKEN_LIFETIME: process.env.ACCESS_TOKEN_LIFETIME || '20', FAULT_INJECTION: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the portal did not start within 30 minutes')), 30 * 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('[guichet] ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited with code ${code} before it was ready`));
    });
  });
  child.stdout?.removeAllListeners('data');
  child.stdout?.resume();
  child.removeAllListeners('exit');
  return () => stop(child);
}

async function isUp(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return response.status === 200;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGINT');
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
      resolve();
    }, 15_000).unref();
  });
}
