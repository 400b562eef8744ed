// Backup and restore of everything the portal keeps: the services' database, the CMS database and its
// uploaded files, the CMS's secrets (cms/.env, or ENV_PATH) and the identity server's signing key.
//   npm run backup                          writes var/backups/<date-time>/
//   npm run backup -- --out <dir>
//   npm run restore -- --from <dir>         into empty databases (stop the portal first)
//   npm run restore -- --from <dir> --force replaces what the databases hold
// The services' database is DATABASE_URL (else var/services/guichet.db); the CMS's is CMS_DATABASE_URL when
// CMS_DATABASE_CLIENT=postgres (else DATABASE_FILENAME, default var/cms/data.db). PostgreSQL needs pg_dump
// and pg_restore on the PATH.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { repoRoot } from '../src/config.js';
import { backupDatabase, copyFolder, restoreDatabase, targetName, type Target } from '../src/db/backup.js';
import { DEFAULT_SQLITE_FILE } from '../src/db/database.js';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const command = process.argv[2];
const local = (path: string) => (isAbsolute(path) ? path : resolve(repoRoot, path));

const services: Target = { url: process.env.DATABASE_URL || DEFAULT_SQLITE_FILE };
const cms: Target = {
  url:
    process.env.CMS_DATABASE_CLIENT === 'postgres' && process.env.CMS_DATABASE_URL
      ? process.env.CMS_DATABASE_URL
      : local(process.env.DATABASE_FILENAME || join('var', 'cms', 'data.db')),
};
const uploads = join(repoRoot, 'cms', 'public', 'uploads');
// Files kept as they are, under the name they have in the backup folder. Without the CMS's secrets a
// restored CMS would not accept its API tokens (hashed with API_TOKEN_SALT) or read what it encrypted.
const secrets = [
  { file: local(join('var', 'identity', 'signing-key.json')), saved: 'var__identity__signing-key.json' },
  { file: local(join('var', 'cms', 'services-api-token')), saved: 'var__cms__services-api-token' },
  { file: local(process.env.ENV_PATH || join('cms', '.env')), saved: 'cms.env' },
];

async function backup(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = local(argument('out') ?? join('var', 'backups', stamp));
  mkdirSync(out, { recursive: true });
  await backupDatabase(services, join(out, 'services.backup'));
  console.log(`services database (${targetName(services)}) -> ${join(out, 'services.backup')}`);
  await backupDatabase(cms, join(out, 'cms.backup'));
  console.log(`CMS database (${targetName(cms)}) -> ${join(out, 'cms.backup')}`);
  const files = copyFolder(uploads, join(out, 'uploads'));
  console.log(`CMS uploads: ${files} files`);
  for (const { file, saved } of secrets) if (existsSync(file)) copyFileSync(file, join(out, saved));
  writeFileSync(
    join(out, 'backup.json'),
    `${JSON.stringify({ createdAt: new Date().toISOString(), services: targetName(services), cms: targetName(cms), uploads: files }, null, 2)}\n`,
  );
  console.log(`backup written to ${out}`);
}

async function restore(): Promise<void> {
  const from = argument('from');
  if (!from) throw new Error('restore needs --from <backup folder>');
  const dir = local(from);
  if (!existsSync(join(dir, 'backup.json'))) throw new Error(`${dir} is not a backup folder (no backup.json)`);
  const force = process.argv.includes('--force');
  console.log(`restoring ${JSON.parse(readFileSync(join(dir, 'backup.json'), 'utf8')).createdAt}`);
  await restoreDatabase(join(dir, 'services.backup'), services, { force });
  console.log(`services database -> ${targetName(services)}`);
  await restoreDatabase(join(dir, 'cms.backup'), cms, { force });
  console.log(`CMS database -> ${targetName(cms)}`);
  console.log(`CMS uploads: ${copyFolder(join(dir, 'uploads'), uploads)} files`);
  for (const { file, saved } of secrets) {
    if (existsSync(join(dir, saved))) {
      mkdirSync(dirname(file), { recursive: true });
      copyFileSync(join(dir, saved), file);
    }
  }
  console.log('restored; start the portal again');
}

if (command !== 'backup' && command !== 'restore') {
  console.error('usage: backup.ts backup [--out <dir>] | restore --from <dir> [--force]');
  process.exit(2);
}
try {
  await (command === 'backup' ? backup() : restore());
} catch (error) {
  console.error(`${command} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
