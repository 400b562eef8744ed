// The real server for the hostile-input suite, in a process of its own (see server.ts): buildApp with the
// hostile configuration, listening on 127.0.0.1 on a random port. It prints one line, HOSTILE_READY {port, routes}.
// Usage: tsx src/hostile/serve.ts <temporary folder> [--routes-only]   (HOSTILE_ENV: JSON of config overrides)
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app.js';
import { hostileConfig, READY_LINE, type RouteInfo } from './server.js';

const dir = process.argv[2];
if (!dir) throw new Error('usage: serve.ts <temporary folder> [--routes-only]');
const routesOnly = process.argv.includes('--routes-only');
const config = hostileConfig(dir, JSON.parse(process.env.HOSTILE_ENV || '{}') as NodeJS.ProcessEnv);

type SchemaObject = { properties?: Record<string, unknown> };

/** Every route the server registers, seen by an onRoute hook added as the Fastify instance is created. */
const routes: RouteInfo[] = [];
const onInit = (message: unknown) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const schema = (route.schema ?? {}) as { querystring?: SchemaObject; body?: SchemaObject; hide?: boolean };
    for (const method of ([] as string[]).concat(route.method)) {
      if (routes.some((known) => known.method === method && known.url === route.url)) continue;
      routes.push({
        method,
        url: route.url,
        query: Object.keys(schema.querystring?.properties ?? {}),
        body: schema.body?.properties ?? null,
        hidden: schema.hide === true,
      });
    }
  });
};
subscribe('fastify.initialization', onInit);
const app = await buildApp(config, { level: config.logLevel });
unsubscribe('fastify.initialization', onInit);

// As main.ts: a rejected promise nobody awaits is logged; an uncaught exception ends the process.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
if (process.env.HOSTILE_PARENT_PIPE === '1') {
  // The suite holds this pipe: when it ends (the suite exited), so does the server.
  process.stdin.on('end', () => void stop());
  process.stdin.on('close', () => void stop());
  process.stdin.resume();
}

if (routesOnly) {
  await app.ready();
  process.stdout.write(`${READY_LINE}${JSON.stringify({ port: 0, routes })}\n`);
  await stop();
} else {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${READY_LINE}${JSON.stringify({ port, routes })}\n`);
}
