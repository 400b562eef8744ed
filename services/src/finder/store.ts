/**
 * Model artifacts: var/finder/model-v{n}.json (FINDER_MODEL_DIR overrides the folder); the highest
 * version is the current model. An artifact holds the fitted parameters, the administration's accepted
 * examples, the digests of the data and code it was trained with, and its evaluation. The index is rebuilt
 * from data/ and those examples when the model loads (deterministic, about a second).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../config.js';
import { dataDigest, loadSources, type FinderSources, type LabelledText, type Nomenclature } from './data.js';
import { corpusTexts } from './corpus.js';
import { loadWordVectors, wordVectorsVersion } from './embeddings.js';
import { hierarchyOf, trainTextModel, type TextModelOptions } from './textmodel.js';
import { FinderIndex } from './finder-index.js';
import { buildState } from './index-state.js';
import { predict, type ModelParams, type PredictionResult } from './model.js';
import { rulingTexts } from './external.js';
import { readSnapshot, writeSnapshot } from './snapshot.js';
import { evaluate, type Evaluation, type SetMetrics } from './evaluation.js';
import { fitParams, type TrainOptions, type TrainReport, type TrainingQuery } from './train.js';

export const ARTIFACT_FORMAT = 'guichet-finder/1';
export const DEFAULT_MODEL_DIR = resolve(repoRoot, 'var', 'finder');
export const DEFAULT_FINDER_DATA_DIR = resolve(repoRoot, 'data');

export interface ExampleRecord {
  description: string;
  code: string;
}

export interface EvaluationSummary {
  model: SetMetrics;
  baseline: SetMetrics;
}

export interface ModelArtifact {
  format: typeof ARTIFACT_FORMAT;
  version: number;
  createdAt: string;
  dataDigest: string;
  codeDigest: string;
  params: ModelParams;
  /** The administration's classified declarations the model includes, in time order. */
  examples: ExampleRecord[];
  training: TrainReport;
  evaluation: EvaluationSummary;
  /** How a retrained model was accepted: both models' scores on the held-out (latest 20%) examples. */
  acceptance?: Record<string, unknown>;
}

/** Digest of the finder's own code: a model trained by other code is retrained. */
export const CODE_DIGEST = (() => {
  const hash = createHash('sha256');
  for (const name of [
    'text',
    'model',
    'train',
    'data',
    'snapshot',
    'textmodel',
    'embeddings',
    'corpus',
    'attributes',
    'chemistry',
    'external',
    'index-state',
    'finder-index',
    'calibration',
    'confidence',
  ]) {
    for (const extension of ['.ts', '.js']) {
      const file = join(import.meta.dirname, name + extension);
      if (existsSync(file)) {
        hash.update(readFileSync(file));
        break;
      }
    }
  }
  hash.update(wordVectorsVersion());
  return hash.digest('hex').slice(0, 16);
})();

export function modelDirectory(env: NodeJS.ProcessEnv = process.env): string {
  return env.FINDER_MODEL_DIR ? resolve(env.FINDER_MODEL_DIR) : DEFAULT_MODEL_DIR;
}

const ARTIFACT_FILE = /^model-v(\d+)\.json$/;

export function artifactVersions(dir: string): number[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => ARTIFACT_FILE.exec(name))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => a - b);
}

export const artifactPath = (dir: string, version: number) => join(dir, `model-v${version}.json`);

/** The current (highest-version) artifact of this format, if any. */
export function readCurrentArtifact(dir: string): { artifact: ModelArtifact; path: string } | undefined {
  for (const version of artifactVersions(dir).reverse()) {
    const path = artifactPath(dir, version);
    try {
      const artifact = JSON.parse(readFileSync(path, 'utf8')) as ModelArtifact;
      if (artifact.format === ARTIFACT_FORMAT) return { artifact, path };
    } catch {
      // An unreadable file is skipped; an older version serves.
    }
  }
  return undefined;
}

/** Writes an artifact as the next version (atomically: a temporary file renamed). */
export function writeArtifact(dir: string, artifact: Omit<ModelArtifact, 'version'>): { version: number; path: string } {
  mkdirSync(dir, { recursive: true });
  const version = (artifactVersions(dir).at(-1) ?? 0) + 1;
  const path = artifactPath(dir, version);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ ...artifact, version }, null, 1));
  renameSync(temporary, path);
  return { version, path };
}

const exampleTexts = (examples: ExampleRecord[]): LabelledText[] =>
  examples.map((example) => ({ text: example.description, code: example.code, source: 'example', language: 'und' }));

/** A loaded model: its index, parameters and artifact; the data sources are read when first asked for. */
export class Finder {
  private loadedSources: FinderSources | undefined;

  constructor(
    readonly nomenclature: Nomenclature,
    readonly index: FinderIndex,
    readonly params: ModelParams,
    readonly artifact: ModelArtifact,
    private readonly dataDir: string,
    sources?: FinderSources,
  ) {
    this.loadedSources = sources;
  }

  /** The data it was trained on (lexicon, development set): read from data/ on first use. */
  get sources(): FinderSources {
    this.loadedSources ??= loadSources(this.dataDir);
    return this.loadedSources;
  }

  predict(query: string, limit = 5): PredictionResult {
    return predict(this.index, this.params, query, limit);
  }

  get version(): number {
    return this.artifact.version;
  }

  /** The same model with other parameters (tests, experiments). */
  withParams(params: Partial<ModelParams>): Finder {
    return new Finder(this.nomenclature, this.index, { ...this.params, ...params }, this.artifact, this.dataDir, this.loadedSources);
  }
}

/**
 * The index and its text model (trained on every text of data/ and the examples: deterministic). The
 * rulings (external.ts) are the ranker's texts only: a text model that had learnt them could not be tuned on them.
 */
export function buildIndex(
  sources: FinderSources,
  examples: ExampleRecord[],
  log: (message: string) => void = () => {},
  textOptions: TextModelOptions = {},
): FinderIndex {
  const lexicon = [...sources.lexicon, ...exampleTexts(examples)];
  const state = buildState(sources.nomenclature, [...lexicon, ...rulingTexts(sources.external)], {
    official: [sources.hsTexts.get('ar') ?? new Map()],
    gated: sources.hsTexts,
  });
  const index = new FinderIndex(sources.nomenclature, state);
  const hierarchy = hierarchyOf(index.codes, index.headings, index.chapters);
  const vectors = loadWordVectors();
  state.text = trainTextModel(hierarchy, corpusTexts(sources.nomenclature, sources.hsTexts, lexicon, []), vectors, textOptions, log);
  return index;
}

const snapshotPath = (artifactFile: string) => artifactFile.replace(/\.json$/, '.index');
const snapshotKey = (artifact: ModelArtifact) => ({
  version: artifact.version,
  dataDigest: artifact.dataDigest,
  codeDigest: artifact.codeDigest,
  examples: artifact.examples.length,
});

/** Saves the index beside its artifact; a failure only costs the next load a rebuild. */
function saveSnapshot(path: string, artifact: ModelArtifact, index: FinderIndex, log: (message: string) => void): void {
  try {
    writeSnapshot(snapshotPath(path), snapshotKey(artifact), index.nomenclature, index.state);
  } catch (error) {
    log(`finder: index snapshot not saved (${(error as Error).message}); the next load rebuilds it`);
  }
}

export interface TrainedModel {
  index: FinderIndex;
  params: ModelParams;
  report: TrainReport;
  evaluation: Evaluation;
}

/** Trains a model on the sources plus examples (which also serve as training queries). */
export function trainModel(sources: FinderSources, examples: ExampleRecord[], options: TrainOptions = {}): TrainedModel {
  const index = buildIndex(sources, examples, options.log, options.textModel);
  const extra: TrainingQuery[] = [
    ...examples.map((example) => ({ text: example.description, code: example.code })),
    ...rulingTexts(sources.external).map((ruling) => ({ text: ruling.text, code: ruling.code, fold: ruling.fold })),
  ];
  const tuning = sources.external.filter((item) => item.split === 'validation');
  const { params, report } = fitParams(index, sources, extra, { tuning, ...options });
  const evaluation = evaluate(index, params, sources.nomenclature, sources.devset, sources.external);
  return { index, params, report, evaluation };
}

export function artifactOf(
  sources: FinderSources,
  trained: TrainedModel,
  examples: ExampleRecord[],
  acceptance?: Record<string, unknown>,
): Omit<ModelArtifact, 'version'> {
  return {
    format: ARTIFACT_FORMAT,
    createdAt: new Date().toISOString(),
    dataDigest: sources.digest,
    codeDigest: CODE_DIGEST,
    params: trained.params,
    examples,
    training: trained.report,
    evaluation: { model: trained.evaluation.model, baseline: trained.evaluation.baseline },
    ...(acceptance ? { acceptance } : {}),
  };
}

export interface LoadOptions {
  dataDir?: string;
  modelDir?: string;
  /** Train (and save) when no current artifact matches the data and code; default true. */
  train?: boolean;
  log?: (message: string) => void;
  trainOptions?: TrainOptions;
}

/**
 * Loads the current model; when there is none, or it was trained on other data or by other code, trains one
 * (keeping the administration's examples of the current one) and saves it as the next version.
 */
export function loadFinder(options: LoadOptions = {}): Finder {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dataDir = options.dataDir ?? DEFAULT_FINDER_DATA_DIR;
  const dir = options.modelDir ?? modelDirectory();
  const digest = dataDigest(dataDir);
  const current = readCurrentArtifact(dir);
  if (current && current.artifact.dataDigest === digest && current.artifact.codeDigest === CODE_DIGEST) {
    const { artifact, path } = current;
    const snapshot = readSnapshot(snapshotPath(path), snapshotKey(artifact));
    if (snapshot) {
      const index = new FinderIndex(snapshot.nomenclature, snapshot.state);
      log(`finder: model v${artifact.version} loaded in ${Math.round(performance.now() - started)} ms (${path})`);
      return new Finder(snapshot.nomenclature, index, artifact.params, artifact, dataDir);
    }
    const sources = loadSources(dataDir);
    const index = buildIndex(sources, artifact.examples);
    saveSnapshot(path, artifact, index, log);
    log(`finder: model v${artifact.version} loaded in ${Math.round(performance.now() - started)} ms, index rebuilt (${path})`);
    return new Finder(sources.nomenclature, index, artifact.params, artifact, dataDir, sources);
  }
  if (options.train === false) throw new Error(`No finder model for this data and code in ${dir}: run npm run finder:train`);
  const sources = loadSources(dataDir);
  const examples = current?.artifact.examples ?? [];
  log(
    current
      ? `finder: model v${current.artifact.version} was trained on other data or code: training again (${examples.length} examples kept)`
      : `finder: no model in ${dir}: training one`,
  );
  const trained = trainModel(sources, examples, { log, ...options.trainOptions });
  const saved = saveModel(dir, sources, trained, examples, undefined, log);
  log(`finder: model v${saved.version} trained in ${Math.round(performance.now() - started)} ms and saved (${saved.path})`);
  return new Finder(sources.nomenclature, trained.index, trained.params, saved.artifact, dataDir, sources);
}

/** Saves a trained model as the next version, with its index snapshot. */
export function saveModel(
  dir: string,
  sources: FinderSources,
  trained: TrainedModel,
  examples: ExampleRecord[],
  acceptance?: Record<string, unknown>,
  log: (message: string) => void = () => {},
): { version: number; path: string; artifact: ModelArtifact } {
  const artifact = artifactOf(sources, trained, examples, acceptance);
  const { version, path } = writeArtifact(dir, artifact);
  const saved = { ...artifact, version };
  saveSnapshot(path, saved, trained.index, log);
  return { version, path, artifact: saved };
}
