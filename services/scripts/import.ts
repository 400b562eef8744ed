// Imports data packs from data/ into the reference database.
//   npm run import -- all              every pack that is missing or changed
//   npm run import -- tariff currency  the named packs
//   npm run import -- all --force      re-import even when unchanged
// DATABASE_URL selects PostgreSQL; otherwise the SQLite file var/services/guichet.db.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { findPack, importPack } from '../src/db/import.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { DATA_PACKS, DataFileError } from '../src/db/packs.js';
import { afterImport } from '../src/data-console/store.js';

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((arg) => !arg.startsWith('--'));
if (names.length === 0) {
  console.log('Usage: npm run import -- <pack...>|all [--force]');
  for (const pack of DATA_PACKS) console.log(`  ${pack.name.padEnd(13)} ${pack.summary}`);
  process.exit(1);
}
const packs = names.includes('all') ? DATA_PACKS : names.map((name) => findPack(name));
const unknown = names.filter((name, index) => name !== 'all' && !packs[index]);
if (unknown.length > 0) {
  console.error(`Unknown pack(s): ${unknown.join(', ')}. Known: ${DATA_PACKS.map((pack) => pack.name).join(', ')}, all`);
  process.exit(1);
}

const database = await openDatabase({ url: loadConfig().databaseUrl });
let failed = false;
try {
  const applied = await migrateToLatest(database.db, database.dialect, database.schema);
  console.log(`database: ${database.dialect} ${database.location}${applied.length ? ` (migrated: ${applied.join(', ')})` : ''}`);
  const imported: string[] = [];
  for (const pack of packs) {
    if (!pack) continue;
    let result;
    try {
      result = await importPack(database, pack, { force });
    } catch (error) {
      // A data file that cannot be imported refuses its own pack only; the others go on.
      if (!(error instanceof DataFileError)) throw error;
      failed = true;
      console.error(`${pack.name.padEnd(13)} refused, previous data kept: ${error.message}`);
      continue;
    }
    if (result.status === 'imported') imported.push(pack.name);
    console.log(
      `${pack.name.padEnd(13)} ${result.status.padEnd(9)} ${String(result.rows).padStart(7)} rows ${String(result.milliseconds).padStart(6)} ms`,
    );
    const mismatches = result.report?.ttiMismatches as Array<{ code: string; published: number; computed: number }> | undefined;
    if (mismatches) {
      console.log(`  TTI check: ${result.report?.ttiChecked} lines, ${mismatches.length} mismatches`);
      for (const item of mismatches) console.log(`    ${item.code}: published ${item.published}, computed ${item.computed}`);
    }
  }
  // What officers published from the data console stays published over the re-imported files.
  await afterImport(database, imported, (message) => console.log(message));
} catch (error) {
  failed = true;
  console.error(`import failed, previous data kept: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await database.close();
}
process.exit(failed ? 1 : 0);
