import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface HealthOptions {
  siteDir: string;
  cmsUrl: string;
}

/** Liveness and readiness: is the site built, does the CMS answer. */
export async function healthPlugin(app: FastifyInstance, options: HealthOptions): Promise<void> {
  app.get('/health', async (_request, reply) => {
    const site = existsSync(join(options.siteDir, 'index.html')) || existsSync(join(options.siteDir, 'fr', 'index.html'));
    let cms = false;
    try {
      const response = await fetch(`${options.cmsUrl}/_health`, { signal: AbortSignal.timeout(2000) });
      cms = response.ok;
    } catch {
      cms = false;
    }
    const ready = site && cms;
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({
        status: ready ? 'ok' : 'degraded',
        checks: { site: site ? 'up' : 'down', cms: cms ? 'up' : 'down' },
      });
  });
}
