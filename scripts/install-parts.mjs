// Installs the services and CMS parts after the root install, so that one
// `npm install` at the top sets up the whole portal. A part is reinstalled only
// when its package.json or lockfile changed since the last install.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const parts = ['services', 'cms'];
const ci = process.env.npm_command === 'ci';

for (const part of parts) {
  const dir = join(process.cwd(), part);
  if (!existsSync(join(dir, 'package.json'))) continue;
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json']) {
    if (existsSync(join(dir, file))) hash.update(readFileSync(join(dir, file)));
  }
  const digest = hash.digest('hex');
  const stamp = join(dir, 'node_modules', '.guichet-install');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) {
    console.log(`[install] ${part}: up to date`);
    continue;
  }
  const command = ci && existsSync(join(dir, 'package-lock.json')) ? 'ci' : 'install';
  console.log(`[install] ${part}: npm ${command}`);
  const result = spawnSync('npm', [command, '--no-audit', '--no-fund'], {
    cwd: dir,
    stdio: 'inherit',
    env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true', GATSBY_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error(`[install] ${part}: npm ${command} failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, digest);
}
