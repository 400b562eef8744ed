// Evaluates the current tariff finder model: top-1/3/5 at 2, 4 and 6 digits and the expected calibration error
// on our own set (data/finder/devset.csv: development half and held-out half) and on text written by others
// (data/finder-external/: CBP rulings, validation rows that tune and test rows that are never tuned on), beside
// the keyword baseline (plain BM25 over the HS 2022 subheading descriptions). Trains a model first when there is none.
//   npm run finder:eval [-- --model-dir <dir>]
import { loadFinder, modelDirectory } from '../src/finder/store.js';
import { evaluate, formatEvaluation } from '../src/finder/evaluation.js';
import { argument, resolveFromCaller } from './finder-cli.js';

const dir = argument('--model-dir') ? resolveFromCaller(argument('--model-dir')!) : modelDirectory();
const finder = loadFinder({ modelDir: dir, log: (message) => console.log(message) });
const { artifact, params } = finder;
console.log(
  `model v${artifact.version} (${artifact.createdAt}), ${artifact.examples.length} administration examples, ${artifact.training.queries} training queries`,
);
console.log(
  `weights ${Object.entries(artifact.training.weights)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ')}`,
);
console.log(
  `text model weight ${params.textWeight}, temperature ${params.temperature.toFixed(4)}, none floor ${params.floor.toFixed(4)}, ` +
    `confidence mapping ${JSON.stringify(params.confidence ?? null)}, confidence threshold ${params.threshold}`,
);
const started = performance.now();
const evaluation = evaluate(finder.index, params, finder.nomenclature, finder.sources.devset, finder.sources.external);
console.log(`evaluated in ${Math.round(performance.now() - started)} ms\n`);
console.log(formatEvaluation(evaluation));
