// Brings up the whole portal: the CMS (seeded from content/), the guichet server,
// and a fresh build of the site against the CMS (scripts/build-site.mjs: built, then published atomically).
// Publishing in the CMS then rebuilds the site through the CMS's webhook, without a restart. A crashed CMS or guichet server is restarted with a growing
// delay (scripts/supervise.mjs), the other part running on. Ctrl-C or SIGTERM stops everything it started.
//   node scripts/start.mjs               start everything and keep running
//   node scripts/start.mjs --build-only  build the site, then stop
// Environment: PORT (8000), CMS_PORT (1337), SKIP_BUILD=1 (reuse the published site when present),
// CMS_URL (a CMS run elsewhere, e.g. its own container: then none is started here).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { supervise } from './supervise.mjs';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.PORT || 8000);
const cmsPort = Number(process.env.CMS_PORT || 1337);
const buildOnly = process.argv.includes('--build-only');
const portalUrl = `http://localhost:${port}`;
const externalCms = Boolean(process.env.CMS_URL);
const cmsUrl = (process.env.CMS_URL || `http://127.0.0.1:${cmsPort}`).replace(/\/+$/, '');
/** The secret the CMS and the services share (site-build webhook, preview links), made once and kept in var/. */
function publishingSecret() {
  if (process.env.PUBLISHING_SECRET) return process.env.PUBLISHING_SECRET;
  const file = join(root, 'var', 'publishing-secret');
  if (!existsSync(file)) {
    mkdirSync(join(root, 'var'), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const env = {
  ...process.env,
  PUBLISHING_SECRET: publishingSecret(),
  PORTAL_URL: process.env.PORTAL_URL || portalUrl,
  STRAPI_ADMIN_PORTAL_URL: process.env.STRAPI_ADMIN_PORTAL_URL || process.env.PORTAL_URL || portalUrl,
  PORT: String(port),
  CMS_PORT: String(cmsPort),
  CMS_URL: cmsUrl,
  GATSBY_TELEMETRY_DISABLED: '1',
  STRAPI_TELEMETRY_DISABLED: 'true',
  NODE_OPTIONS: [process.env.NODE_OPTIONS, '--max-old-space-size=4096'].filter(Boolean).join(' '),
};

const supervisors = [];
let stopping = false;

/** Builds the site and publishes it atomically (scripts/build-site.mjs). */
function buildSite() {
  return run('site build', process.execPath, [join(root, 'scripts', 'build-site.mjs')], root, { GUICHET_BUILD_TRIGGER: 'npm start' });
}

function log(message) {
  console.log(`[guichet] ${message}`);
}

/** Stops everything that was started and never returns: nothing after a failed step runs. */
function fail(message) {
  log(message);
  stop(1);
  return new Promise(() => {});
}

/** Runs a step to its end (the next step waits for it); a failed step stops everything. */
async function run(label, command, args, cwd, extraEnv = {}) {
  log(`${label}...`);
  const started = Date.now();
  const status = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.on('error', () => resolve('not started'));
    child.on('exit', (code, signal) => resolve(code ?? signal));
  });
  if (status !== 0) await fail(`${label} failed (exit ${status})`);
  log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Kills the child's whole process group (npm and the server it runs). */
function killGroup(child, signal) {
  process.kill(-child.pid, signal);
}

/** Starts a long-running part under supervision: restarted when it crashes, with a growing delay. */
function launch(label, command, args, cwd, extraEnv = {}) {
  const supervisor = supervise({
    name: label,
    start: () => spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: 'inherit', detached: true }),
    log,
    kill: killGroup,
    onGiveUp: () => stop(1),
  });
  supervisors.push(supervisor);
  return supervisor;
}

async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

async function waitFor(label, url, acceptable = (status) => status < 500, timeoutMs = 180000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (acceptable(response.status)) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await fail(`${label} did not answer at ${url} within ${timeoutMs / 1000} s`);
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  // Each supervisor sends SIGTERM, then SIGKILL after a grace period; this is the last resort.
  if (supervisors.length === 0) process.exit(code);
  setTimeout(() => process.exit(code), 10000).unref();
  Promise.all(supervisors.map((supervisor) => supervisor.stop())).then(() => process.exit(code));
}

process.on('SIGINT', () => {
  log('stopping');
  stop(0);
});
process.on('SIGTERM', () => stop(0));

for (const part of ['', 'services', 'cms']) {
  if (!existsSync(join(root, part, 'node_modules'))) {
    log(`${part || 'the portal'} is not installed: run "npm install" first`);
    process.exit(1);
  }
}

const cmsDir = join(root, 'cms');
const servicesDir = join(root, 'services');

if (buildOnly && (await answers(`${portalUrl}/health`))) {
  log(`the portal is running at ${portalUrl}: rebuilding the site against it`);
  await buildSite();
  process.exit(0);
}

// The tariff finder's model, loaded or (first start) trained, beside the CMS's set-up: the server then
// starts in seconds instead of training within its own start.
const finderModel = run('tariff finder model', 'npm', ['run', '--silent', 'finder:prepare'], servicesDir);
if (!externalCms) {
  await run('CMS set-up', 'npm', ['run', '--silent', 'guichet:setup'], cmsDir);
  await run('CMS content seed', 'npm', ['run', '--silent', 'guichet:seed'], cmsDir);
  launch('CMS', 'npm', ['run', '--silent', 'start'], cmsDir);
}
await waitFor('CMS', `${cmsUrl}/_health`);
log(`CMS ready at ${cmsUrl}`);
await finderModel;

// This server runs the site builds the CMS's webhook asks for.
launch('guichet server', 'npm', ['run', '--silent', 'start'], servicesDir, { SITE_BUILDS: '1' });
await waitFor('guichet server', `${portalUrl}/health`, () => true);

if (process.env.SKIP_BUILD === '1' && existsSync(join(root, 'var', 'site', 'live', 'page-data', 'app-data.json'))) {
  log('SKIP_BUILD=1: serving the published site');
} else {
  await buildSite();
}

if (buildOnly) {
  stop(0);
} else {
  log('ready');
  const demoAccounts = JSON.parse(readFileSync(join(root, 'services', 'src', 'identity', 'demo-accounts.json'), 'utf8'));
  console.log(`
  Portal       ${portalUrl}/  (redirects to ${portalUrl}/fr/)
  CMS admin    ${cmsUrl}/admin   editor: ${process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local'} / ${process.env.CMS_ADMIN_PASSWORD ? '(CMS_ADMIN_PASSWORD)' : 'Guichet-Editor-2026'}
  Identity     ${portalUrl}/auth/realms/guichet/account   demo accounts (sign in on the portal):
${demoAccounts.map((account) => `                 ${account.username.padEnd(26)} ${account.password.padEnd(22)} ${account.roles.join(', ')}`).join('\n')}
  Health       ${portalUrl}/health

  Publishing in the CMS rebuilds the site: it is live when its build ends (Site builds, in the CMS admin).
  Press Ctrl-C to stop.
`);
}
