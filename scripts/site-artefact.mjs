// The deployable artefact of the site, for a CDN or a static web server:
//   node scripts/site-artefact.mjs [--build]   (npm run site:artefact)
// With --build, builds against the CMS first (CMS_URL; the reference service at REFERENCE_SERVICE_URL for
// the tariff books). Writes to var/site/artefacts/<id>/:
//   site.tar.gz            the document root, without the build's own files (deploy/site-exclude.txt)
//   _redirects             the redirect rules for Netlify-style hosts and CDNs that read them
//   _nginx-redirects.conf  the same rules as nginx `location` blocks, to include in the server block
//   manifest.json          id, time, file count and SHA-256 of site.tar.gz
// A CI job uploads the folder and switches the live version in one step (see README, Production).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build, LIVE } from './build-site.mjs';

const root = join(import.meta.dirname, '..');

if (process.argv.includes('--build')) build();
const site = process.argv.includes('--build') || !existsSync(join(LIVE, 'page-data', 'app-data.json')) ? join(root, 'public') : LIVE;
if (!existsSync(join(site, 'page-data', 'app-data.json'))) {
  console.error('[guichet] no built site: run with --build, or npm run build');
  process.exit(1);
}

const id = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
const out = join(root, 'var', 'site', 'artefacts', id);
mkdirSync(out, { recursive: true });
const archive = join(out, 'site.tar.gz');
// deploy/site-exclude.txt is written for rsync: "/x" is anchored at the root, "x" matches anywhere; tar says so per pattern.
const excludes = readFileSync(join(root, 'deploy', 'site-exclude.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .flatMap((pattern) =>
    pattern.startsWith('/') ? ['--anchored', `--exclude=.${pattern.replace(/\/$/, '')}`] : ['--no-anchored', `--exclude=${pattern}`],
  );
const tar = spawnSync('tar', ['-czf', archive, ...excludes, '-C', site, '.'], { encoding: 'utf8' });
if (tar.status !== 0) {
  console.error(`[guichet] tar failed: ${tar.stderr}`);
  process.exit(1);
}
for (const file of ['_redirects', '_nginx-redirects.conf']) copyFileSync(join(site, file), join(out, file));
const files = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  .stdout.split('\n')
  .filter((line) => line && !line.endsWith('/'));
const sha256 = createHash('sha256').update(readFileSync(archive)).digest('hex');
writeFileSync(
  join(out, 'manifest.json'),
  JSON.stringify({ id, createdAt: new Date().toISOString(), files: files.length, sha256 }, null, 2),
);
console.log(`[guichet] site artefact: ${relative(root, out)} (${files.length} files, sha256 ${sha256.slice(0, 12)}...)`);
