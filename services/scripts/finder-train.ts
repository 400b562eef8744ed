// Retrains the tariff finder.
//   npm run finder:train -- --examples <file.csv>   adds an administration's classified declarations
//                                                   (CSV description,code; file order = time order)
//   npm run finder:train -- --usage                 adds the codes users picked after a search (the finder_usage
//                                                   table of the services database, DATABASE_URL), oldest first
//   npm run finder:train                            retrains on data/ (keeping the examples already accepted)
// Options: --model-dir <dir> (default var/finder or FINDER_MODEL_DIR), --dry-run (compare, save nothing).
//
// With examples or usage records, the latest 20% of them are held out: the current model and a candidate
// trained with the other 80% are both scored on them (top-1 at 6 digits, then top-5). The candidate replaces
// the current model only if it scores at least as well; it is then trained again with every record and
// saved as the next version (see src/finder/retrain.ts). Without records, both are scored on the development
// half of data/finder/devset.csv.
// Exit status: 0 saved (or dry run), 2 refused, 1 error.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrations.js';
import { parseExamples } from '../src/finder/data.js';
import { atLeastAsGood, retrainWithRecords, scoreOn } from '../src/finder/retrain.js';
import { formatEvaluation, type Metrics } from '../src/finder/evaluation.js';
import { loadFinder, modelDirectory, saveModel, trainModel, type ExampleRecord } from '../src/finder/store.js';
import { readUsage } from '../src/finder/usage.js';
import { argument, flag, resolveFromCaller } from './finder-cli.js';

const log = (message: string) => console.log(message);
const dir = argument('--model-dir') ? resolveFromCaller(argument('--model-dir')!) : modelDirectory();
const examplesFile = argument('--examples');
const withUsage = flag('--usage');
const dryRun = flag('--dry-run');

const startedAt = new Date().toISOString();
const current = loadFinder({ modelDir: dir, log });
if (!examplesFile && !withUsage && current.artifact.createdAt >= startedAt) {
  log(`model v${current.version} trained on data/ and saved`);
  process.exit(0);
}
const { sources } = current;
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
const line = (name: string, metrics: Metrics) =>
  `${name.padEnd(26)} top-1@6 ${percent(metrics.top['6'][1]).padStart(6)}  top-5@6 ${percent(metrics.top['6'][5]).padStart(6)}  top-1@4 ${percent(metrics.top['4'][1]).padStart(6)}  ECE ${metrics.ece?.toFixed(3) ?? '-'}`;

const records: ExampleRecord[] = [];
const origin: Record<string, unknown> = {};
if (examplesFile) {
  const { rows, rejected } = parseExamples(readFileSync(resolveFromCaller(examplesFile), 'utf8'), sources.nomenclature);
  for (const item of rejected.slice(0, 20)) log(`line ${item.line} left out: ${item.reason}`);
  if (rejected.length > 20) log(`... and ${rejected.length - 20} more lines left out`);
  records.push(...rows.map(({ description, code }) => ({ description, code })));
  origin.file = examplesFile;
}
if (withUsage) {
  const database = await openDatabase({ url: loadConfig().databaseUrl });
  try {
    await migrateToLatest(database.db, database.dialect, database.schema);
    const usage = await readUsage(database);
    const known = usage.filter((record) => sources.nomenclature.subheadings.has(record.code));
    log(`${usage.length} usage records in ${database.location} (${usage.length - known.length} with a code no longer in HS 2022 left out)`);
    records.push(...known.map((record) => ({ description: record.query, code: record.code })));
    origin.usage = known.length;
  } finally {
    await database.close();
  }
}

if (examplesFile || withUsage) {
  if (records.length < 5) {
    console.error(`finder:train: ${records.length} usable records; at least 5 are needed (the latest 20% are held out)`);
    process.exit(1);
  }
  log(`${records.length} records: the first ${records.length - Math.ceil(records.length * 0.2)} train, the latest are held out`);
  const result = retrainWithRecords(current, records, { dir, dryRun, origin, trainOptions: { log } });
  log('\nscores on the held-out (latest 20%) records:');
  log(line(`current model v${current.version}`, result.current));
  log(line('candidate', result.candidate));
  log('\ncandidate on our own set and the CBP rows:');
  log(formatEvaluation(result.candidateModel.evaluation));
  if (!result.accepted) {
    log(`\nrefused: the candidate scores worse than the current model v${current.version}, which stays in place`);
    process.exit(2);
  }
  if (!result.saved) log('\ndry run: the candidate scores at least as well; nothing saved');
  else log(`\nsaved model v${result.saved.version} (${current.artifact.examples.length + records.length} examples): ${result.saved.path}`);
  process.exit(0);
}

const dev = sources.devset.filter((item) => item.half === 'dev');
const candidate = trainModel(sources, current.artifact.examples, { log });
const incumbentScore = scoreOn(current.index, current.params, dev);
const candidateScore = scoreOn(candidate.index, candidate.params, dev);
log('\nscores on the development half of data/finder/devset.csv:');
log(line(`current model v${current.version}`, incumbentScore));
log(line('candidate', candidateScore));
if (!atLeastAsGood(candidateScore, incumbentScore)) {
  log(`\nrefused: the candidate scores worse than the current model v${current.version}, which stays in place`);
  process.exit(2);
}
if (dryRun) {
  log('\ndry run: the candidate scores at least as well; nothing saved');
  process.exit(0);
}
const acceptance = { devsetHalf: 'dev', current: incumbentScore, candidate: candidateScore };
const { version, path } = saveModel(dir, sources, candidate, current.artifact.examples, acceptance, log);
log(`\nsaved model v${version}: ${path}`);
