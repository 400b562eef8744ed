import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_DIGEST, loadFinder, type Finder } from './store.js';

let cached: Finder | undefined;

/**
 * The model for tests: trained on first use into a temporary folder keyed by the finder's code digest
 * (a model of the same data and code is loaded from there by later runs and by other test files).
 */
export function testFinder(): Finder {
  cached ??= loadFinder({ modelDir: join(tmpdir(), `guichet-finder-test-${CODE_DIGEST}`) });
  return cached;
}
