// Hostile-input run over every route of the server (services and identity server), on a real socket.
//   npm run bench:hostile                                   starts the real server (buildApp) on SQLite in a process of
//                                                           its own, on 127.0.0.1 and a random port, and restarts it after a crash
//   npm run bench:hostile -- --database postgres://...      the same on PostgreSQL (a throw-away schema)
//   npm run bench:hostile -- --url http://127.0.0.1:8000    a portal that is already running (loopback only); the
//                                                           routes are listed by building the app locally without listening
// Options: --requests <n> (20000), --seconds <s> (600: stops then even if requests remain), --concurrency <n> (8),
//          --seed <n> (1). The server it starts has no rate limits (RATE_LIMIT=0), so that limits hide no bug.
// Prints: requests sent, by status class, 5xx, injected headers, leaks, crashes, health failures, requests/s, and
// every failing (route, input) with a request that shows it. Exits 1 when anything failed.
import { longRun } from '../src/hostile/inputs.js';
import { failureReport, runCases, type Summary, type Target } from '../src/hostile/run.js';
import { dropSchema, postgresUrlWithSchema, startServer, type ServerHandle } from '../src/hostile/server.js';
import { tokenSource } from '../src/hostile/auth.js';
import { option } from './bench-common.js';
import { send } from '../src/hostile/client.js';

const requests = Number(option('requests', '20000'));
const seconds = Number(option('seconds', '600'));
const concurrency = Number(option('concurrency', '8'));
const seed = Number(option('seed', '1'));
const url = option('url', '');
const database = option('database', '');
if (![requests, seconds, concurrency, seed].every((value) => Number.isInteger(value) && value > 0))
  throw new Error('--requests, --seconds, --concurrency and --seed take positive integers');

let server: ServerHandle | undefined;
let schema: { url: string; schema: string } | undefined;
let target: Target;
if (url) {
  const parsed = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) throw new Error('--url must be a loopback address');
  const host = parsed.hostname === 'localhost' ? '127.0.0.1' : parsed.hostname.replace(/^\[|\]$/g, '');
  const port = Number(parsed.port || 80);
  console.log('listing the routes of a freshly built app…');
  const listing = await startServer({}, { routesOnly: true });
  const routes = listing.routes;
  await listing.stop();
  const health = await send(port, { method: 'GET', target: '/health' }, { host }).catch((error: Error) => error);
  if (health instanceof Error) throw new Error(`${url}: GET /health did not answer (${health.message})`);
  target = { port, host, token: tokenSource(() => port, host) };
  await report(await drive(routes, target));
} else {
  if (database) schema = postgresUrlWithSchema(database);
  console.log(`starting the server on ${schema ? 'PostgreSQL' : 'SQLite'}…`);
  server = await startServer(schema ? { DATABASE_URL: schema.url } : {});
  const handle = server;
  target = {
    get port() {
      return handle.port;
    },
    alive: () => handle.alive(),
    restart: () => handle.restart(),
    token: tokenSource(() => handle.port),
  };
  try {
    await report(await drive(handle.routes, target));
  } finally {
    await handle.stop();
    if (schema) await dropSchema(database, schema.schema);
  }
}

async function drive(routes: ServerHandle['routes'], to: Target): Promise<Summary> {
  console.log(`${routes.length} routes; sending ${requests} hostile requests (at most ${seconds} s, ${concurrency} at a time)…`);
  let shown = 0;
  return runCases(to, longRun(routes, requests, seed), {
    concurrency,
    healthEvery: 50,
    deadlineMs: seconds * 1000,
    onProgress: (summary) => {
      if (summary.sent - shown >= 2000) {
        shown = summary.sent;
        console.log(`  ${summary.sent} sent, ${summary.failures.length} failures`);
      }
    },
  });
}

async function report(summary: Summary): Promise<void> {
  const classes = Object.entries(summary.byClass)
    .sort()
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  console.log('');
  console.log(`requests sent:      ${summary.sent} (protected routes also with a demo token)`);
  console.log(`by status class:    ${classes}${summary.noAnswer ? `, no answer ${summary.noAnswer}` : ''}`);
  console.log(`5xx:                ${summary.serverErrors} (of which ${summary.allowedCmsErrors} allowed: CMS-backed routes with no CMS)`);
  console.log(`injected headers:   ${summary.injectedHeaders}`);
  console.log(`leaks in answers:   ${summary.leaks}`);
  console.log(`crashes:            ${summary.crashes} process exits, ${summary.healthFailures} health failures`);
  console.log(`requests/s:         ${Math.round(summary.sent / summary.seconds)} (${summary.seconds.toFixed(1)} s)`);
  if (summary.failures.length) {
    console.log(`\nfailing (route, input): ${summary.failures.length} failures`);
    console.log(failureReport(summary, 200));
    if (server) console.log(`\nserver log (last lines):\n${server.log().slice(-15).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.log('\nno failures');
  }
}
