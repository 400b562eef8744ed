/**
 * Retraining with new labelled descriptions (an administration's classified declarations, or the codes
 * users picked after a search): the latest 20% are held out, the current model and a candidate trained
 * with the other 80% are both scored on them (top-1 at 6 digits, then top-5), and a candidate that scores
 * worse is refused: the current model stays in place and nothing is saved. An accepted candidate is
 * trained again with every record and saved as the next version.
 */
import { metricsOf, rankWithModel, type Metrics } from './evaluation.js';
import type { TrainOptions } from './train.js';
import { saveModel, trainModel, type ExampleRecord, type Finder, type TrainedModel } from './store.js';
import type { FinderIndex } from './finder-index.js';
import type { ModelParams } from './model.js';

export interface RetrainResult {
  accepted: boolean;
  heldOut: number;
  current: Metrics;
  candidate: Metrics;
  candidateModel: TrainedModel;
  /** Set when the candidate was accepted and saved. */
  saved?: { version: number; path: string };
}

export function scoreOn(index: FinderIndex, params: ModelParams, items: ExampleRecord[]): Metrics {
  return metricsOf(
    items.map((item) => rankWithModel(index, params, item.description)),
    items.map((item) => item.code),
    params.threshold,
  );
}

/** At least as good: a higher top-1 at 6 digits, or the same top-1 and a top-5 at least as high. */
export const atLeastAsGood = (candidate: Metrics, incumbent: Metrics) =>
  candidate.top['6'][1] > incumbent.top['6'][1] ||
  (candidate.top['6'][1] === incumbent.top['6'][1] && candidate.top['6'][5] >= incumbent.top['6'][5]);

export interface RetrainOptions {
  /** Where an accepted model is saved. */
  dir: string;
  /** Compare only: never save. */
  dryRun?: boolean;
  /** Extra information kept in the saved artifact (the file or table the records came from). */
  origin?: Record<string, unknown>;
  trainOptions?: TrainOptions;
}

/** Retrains `current` with new records in time order (oldest first); see the module comment. */
export function retrainWithRecords(current: Finder, records: ExampleRecord[], options: RetrainOptions): RetrainResult {
  if (records.length < 5) throw new Error(`${records.length} usable records; at least 5 are needed (the latest 20% are held out)`);
  const { sources } = current;
  const cut = Math.floor(records.length * 0.8);
  const heldOut = records.slice(cut);
  const candidateModel = trainModel(sources, [...current.artifact.examples, ...records.slice(0, cut)], options.trainOptions);
  const incumbentScore = scoreOn(current.index, current.params, heldOut);
  const candidateScore = scoreOn(candidateModel.index, candidateModel.params, heldOut);
  const accepted = atLeastAsGood(candidateScore, incumbentScore);
  const result: RetrainResult = { accepted, heldOut: heldOut.length, current: incumbentScore, candidate: candidateScore, candidateModel };
  if (!accepted || options.dryRun) return result;
  // The saved model learns from every record, the held-out ones included.
  const examples = [...current.artifact.examples, ...records];
  const final = trainModel(sources, examples, options.trainOptions);
  const acceptance = {
    ...options.origin,
    records: records.length,
    heldOut: heldOut.length,
    current: incumbentScore,
    candidate: candidateScore,
  };
  const { version, path } = saveModel(options.dir, sources, final, examples, acceptance);
  return { ...result, saved: { version, path } };
}
