// Run once before the guichet replicas start (docker-compose.yml's "prepare" service, scripts/replicas.mjs):
// what each replica would otherwise make at its first start, racing the others. The database schema and the
// data packs; the tariff finder's model (var/finder, or FINDER_MODEL_DIR), trained when there is none for this
// data and code; the embedded identity server's signing key (var/identity), which every replica must share or
// a token signed by one would be refused by the others.
//   cd services && node --import tsx ../deploy/prepare.mjs      (DATABASE_URL as the replicas have it)
import console from 'node:console';
import { loadConfig } from '../services/src/config.js';
import { openDatabase } from '../services/src/db/database.js';
import { prepareDatabase } from '../services/src/db/import.js';
import { loadFinder } from '../services/src/finder/store.js';
import { SigningKey } from '../services/src/identity/tokens.js';

const log = (message) => console.log(`[prepare] ${message}`);
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl });
try {
  await prepareDatabase(database, { log, warn: (message) => console.error(`[prepare] ${message}`) });
  log(`database ready (${database.dialect}: ${database.location})`);
} finally {
  await database.close();
}
loadFinder({ log });
await SigningKey.load(config.identityKeyFile);
log(`signing key ready (${config.identityKeyFile})`);
