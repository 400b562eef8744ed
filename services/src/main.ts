import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const app = await buildApp(config);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing${config.drainMs ? ` after ${config.drainMs} ms out of rotation` : ''}`);
  await app.drainer.drain(config.drainMs);
  await app.close();
  process.exit(0);
};
// A promise nobody awaited failed: log it and keep serving (Node would otherwise stop the process, and
// every visitor with it). Failures while answering a request are handled where they happen.
process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
