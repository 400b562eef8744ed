// Builds the site and publishes it atomically.
//   node scripts/build-site.mjs             build against the CMS (CMS_URL), then publish
//   node scripts/build-site.mjs --publish   publish the existing public/ without building
// Gatsby writes into public/ as it goes, so visitors are never served from there: a finished build is
// copied to var/site/builds/<id>/ and the symlink var/site/live (what the server serves) is switched to
// it in one rename. A failed build leaves the live site as it was. The two newest builds are kept.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
export const SITE_ROOT = join(root, 'var', 'site');
export const LIVE = join(SITE_ROOT, 'live');
const BUILDS = join(SITE_ROOT, 'builds');
const KEEP = 2;

/** A digest of the site's code: Gatsby rebuilds only pages whose data changed, so a code change needs a clean build. */
function siteCodeDigest() {
  const hash = createHash('sha256');
  const visit = (path) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) visit(join(path, entry));
    } else {
      hash.update(relative(root, path)).update(readFileSync(path));
    }
  };
  for (const entry of [
    'src',
    'static',
    'locales',
    'gatsby-config.ts',
    'gatsby-node.ts',
    'gatsby-browser.tsx',
    'gatsby-ssr.tsx',
    'package-lock.json',
  ]) {
    visit(join(root, entry));
  }
  return hash.digest('hex');
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} failed (exit ${result.status ?? result.signal})`);
}

export function build() {
  const gatsby = join(root, 'node_modules', '.bin', 'gatsby');
  const stamp = join(root, '.cache', 'guichet-site-code');
  const digest = siteCodeDigest();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') !== digest) run(gatsby, ['clean']);
  run(gatsby, ['build']);
  writeFileSync(stamp, digest);
}

/** Copies public/ to a new build folder and makes it the live site in one rename. Returns the build's id. */
export function publish() {
  const source = join(root, 'public');
  if (!existsSync(join(source, 'page-data', 'app-data.json'))) throw new Error('public/ holds no built site');
  mkdirSync(BUILDS, { recursive: true });
  const id = String(Date.now()).padStart(15, '0');
  const target = join(BUILDS, id);
  cpSync(source, target, { recursive: true });
  const next = join(SITE_ROOT, `live.${process.pid}`);
  rmSync(next, { force: true });
  symlinkSync(relative(SITE_ROOT, target), next, 'dir');
  renameSync(next, LIVE);
  // Older builds go, except the one just replaced (requests may still be reading it).
  const builds = readdirSync(BUILDS).sort();
  for (const old of builds.slice(0, Math.max(0, builds.length - KEEP))) rmSync(join(BUILDS, old), { recursive: true, force: true });
  return id;
}

const LOCK = join(SITE_ROOT, 'build.lock');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/**
 * One build at a time in this folder: `npm run build` beside a build the server runs for a CMS publication
 * would write into the same .cache/ and public/, and both would fail. The lock holds the builder's process id;
 * a lock whose process is gone is taken over.
 */
export async function withBuildLock(work) {
  mkdirSync(SITE_ROOT, { recursive: true });
  let waiting = false;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    const holder = Number(readFileSync(LOCK, 'utf8'));
    // An empty lock is one being written: its holder is alive.
    if (holder > 0 && !alive(holder)) {
      rmSync(LOCK, { force: true });
      continue;
    }
    if (!waiting) console.log(`[guichet] another site build (process ${holder || '?'}) is running: this one waits for it`);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  try {
    return work();
  } finally {
    if (readFileSync(LOCK, 'utf8') === String(process.pid)) rmSync(LOCK, { force: true });
  }
}

/**
 * A build not run by the server for the CMS (`npm run build`, or the one `npm start` runs): recorded in
 * var/site/by-hand.json, so that the CMS's "Site builds" page shows it as the last build (the server keeps its
 * own in status.json).
 */
const BY_HAND = join(SITE_ROOT, 'by-hand.json');
const TRIGGER = process.env.GUICHET_BUILD_TRIGGER || 'npm run build';
function recordByHand(record) {
  if (process.env.GUICHET_BUILD_BY_SERVER === '1') return;
  try {
    writeFileSync(`${BY_HAND}.${process.pid}`, JSON.stringify(record, null, 2));
    renameSync(`${BY_HAND}.${process.pid}`, BY_HAND);
  } catch {
    // Only what editors are shown is lost.
  }
}

if (process.argv[1] === import.meta.filename) {
  const startedAt = new Date().toISOString();
  try {
    const id = await withBuildLock(() => {
      recordByHand({ trigger: TRIGGER, startedAt });
      if (!process.argv.includes('--publish')) build();
      return publish();
    });
    recordByHand({ trigger: TRIGGER, startedAt, finishedAt: new Date().toISOString(), ok: true });
    console.log(`[guichet] site published: ${relative(root, join(BUILDS, id))}`);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    recordByHand({ trigger: TRIGGER, startedAt, finishedAt: new Date().toISOString(), ok: false, error: message });
    console.error(`[guichet] site build failed: ${message}`);
    process.exit(1);
  }
}
