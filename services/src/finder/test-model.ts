import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_DIGEST, loadFinder, type Finder } from './store.js';

/** The tests' model folder, keyed by the finder's code digest: a model of the same data and code is loaded from there. */
export const TEST_MODEL_DIR = join(tmpdir(), `guichet-finder-test-${CODE_DIGEST}`);

let cached: Finder | undefined;

/** The model for tests (trained once by the global setup, test-setup.ts, before the test files run). */
export function testFinder(): Finder {
  cached ??= loadFinder({ modelDir: TEST_MODEL_DIR });
  return cached;
}
