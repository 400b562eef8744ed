import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface HealthOptions {
  siteDir: string;
  cmsUrl: string;
  /** A statement the database must answer (select 1). */
  pingDatabase: () => Promise<unknown>;
}

/** How long a check may take before it counts as down. */
const CHECK_TIMEOUT_MS = 2000;

/** Whether a promise settles well within the time a check has. */
async function answers(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check().then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Liveness and readiness: is the site built, do the database and the CMS answer. */
export async function healthPlugin(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const site = existsSync(join(options.siteDir, 'index.html')) || existsSync(join(options.siteDir, 'fr', 'index.html'));
    const [database, cms] = await Promise.all([
      answers(options.pingDatabase),
      answers(async () => {
        const response = await fetch(`${options.cmsUrl}/_health`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        if (!response.ok) throw new Error(`CMS ${response.status}`);
      }),
    ]);
    const ready = site && database && cms;
    const state = (up: boolean) => (up ? 'up' : 'down');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'degraded',
        checks: { site: state(site), database: state(database), cms: state(cms) },
      });
  });
}
