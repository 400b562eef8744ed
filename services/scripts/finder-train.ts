// Retrains the tariff finder.
//   npm run finder:train -- --examples <file.csv>   adds an administration's classified declarations
//                                                   (CSV description,code; file order = time order)
//   npm run finder:train                            retrains on data/ (keeping the examples already accepted)
// Options: --model-dir <dir> (default var/finder or FINDER_MODEL_DIR), --dry-run (compare, save nothing).
//
// With examples, the latest 20% of them are held out: the current model and a candidate trained with the
// other 80% are both scored on them (top-1 at 6 digits, then top-5). The candidate replaces the current model
// only if it scores at least as well; it is then trained again with every example and saved as the next
// version. Without examples, both are scored on the development half of data/finder/devset.csv.
// Exit status: 0 saved (or dry run), 2 refused, 1 error.
import { readFileSync } from 'node:fs';
import { parseExamples } from '../src/finder/data.js';
import { rankWithModel, metricsOf, formatEvaluation, type Metrics } from '../src/finder/train.js';
import { loadFinder, modelDirectory, saveModel, trainModel, type ExampleRecord } from '../src/finder/store.js';
import type { FinderIndex, ModelParams } from '../src/finder/model.js';
import { argument, flag, resolveFromCaller } from './finder-cli.js';

const log = (message: string) => console.log(message);
const dir = argument('--model-dir') ? resolveFromCaller(argument('--model-dir')!) : modelDirectory();
const examplesFile = argument('--examples');
const dryRun = flag('--dry-run');

const startedAt = new Date().toISOString();
const current = loadFinder({ modelDir: dir, log });
if (!examplesFile && current.artifact.createdAt >= startedAt) {
  log(`model v${current.version} trained on data/ and saved`);
  process.exit(0);
}
const { sources } = current;
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;

function score(index: FinderIndex, params: ModelParams, items: ExampleRecord[]): Metrics {
  return metricsOf(
    items.map((item) => rankWithModel(index, params, item.description)),
    items.map((item) => item.code),
    params.threshold,
  );
}
const line = (name: string, metrics: Metrics) =>
  `${name.padEnd(26)} top-1@6 ${percent(metrics.top['6'][1]).padStart(6)}  top-5@6 ${percent(metrics.top['6'][5]).padStart(6)}  top-1@4 ${percent(metrics.top['4'][1]).padStart(6)}  ECE ${metrics.ece?.toFixed(3) ?? '-'}`;
const better = (candidate: Metrics, incumbent: Metrics) =>
  candidate.top['6'][1] > incumbent.top['6'][1] ||
  (candidate.top['6'][1] === incumbent.top['6'][1] && candidate.top['6'][5] >= incumbent.top['6'][5]);

let examples: ExampleRecord[];
let candidateModel: ReturnType<typeof trainModel> | undefined;
let acceptance: Record<string, unknown>;
let accepted: boolean;
if (examplesFile) {
  const { rows, rejected } = parseExamples(readFileSync(resolveFromCaller(examplesFile), 'utf8'), sources.nomenclature);
  for (const item of rejected.slice(0, 20)) log(`line ${item.line} left out: ${item.reason}`);
  if (rejected.length > 20) log(`... and ${rejected.length - 20} more lines left out`);
  if (rows.length < 5) {
    console.error(`finder:train: ${rows.length} usable examples in ${examplesFile}; at least 5 are needed (the latest 20% are held out)`);
    process.exit(1);
  }
  const cut = Math.floor(rows.length * 0.8);
  const train = rows.slice(0, cut).map(({ description, code }) => ({ description, code }));
  const heldOut = rows.slice(cut).map(({ description, code }) => ({ description, code }));
  log(`${rows.length} examples: the first ${train.length} train, the latest ${heldOut.length} are held out`);
  const candidate = trainModel(sources, [...current.artifact.examples, ...train], { log });
  const incumbentScore = score(current.index, current.params, heldOut);
  const candidateScore = score(candidate.index, candidate.params, heldOut);
  log('\nscores on the held-out (latest 20%) examples:');
  log(line(`current model v${current.version}`, incumbentScore));
  log(line('candidate', candidateScore));
  log('\ncandidate on data/finder/devset.csv:');
  log(formatEvaluation(candidate.evaluation));
  accepted = better(candidateScore, incumbentScore);
  examples = [...current.artifact.examples, ...rows.map(({ description, code }) => ({ description, code }))];
  acceptance = { file: examplesFile, examples: rows.length, heldOut: heldOut.length, current: incumbentScore, candidate: candidateScore };
} else {
  const dev = sources.devset.filter((item) => item.half === 'dev');
  const candidate = trainModel(sources, current.artifact.examples, { log });
  candidateModel = candidate;
  const incumbentScore = score(current.index, current.params, dev);
  const candidateScore = score(candidate.index, candidate.params, dev);
  log('\nscores on the development half of data/finder/devset.csv:');
  log(line(`current model v${current.version}`, incumbentScore));
  log(line('candidate', candidateScore));
  accepted = better(candidateScore, incumbentScore);
  examples = current.artifact.examples;
  acceptance = { devsetHalf: 'dev', current: incumbentScore, candidate: candidateScore };
}

if (!accepted) {
  log(`\nrefused: the candidate scores worse than the current model v${current.version}, which stays in place`);
  process.exit(2);
}
if (dryRun) {
  log('\ndry run: the candidate scores at least as well; nothing saved');
  process.exit(0);
}
// With examples, the saved model learns from all of them, the held-out ones included.
const final = candidateModel ?? trainModel(sources, examples, { log });
const { version, path } = saveModel(dir, sources, final, examples, acceptance, log);
log(`\nsaved model v${version} (${examples.length} administration examples): ${path}`);
