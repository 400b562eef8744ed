/**
 * Vitest global setup of the services: trains the finder's model once, before the test files run side by
 * side, and has every test and every server a test starts (FINDER_MODEL_DIR) load that one. Otherwise each
 * would train its own at the same time on the same cores.
 */
import { loadFinder } from './store.js';
import { TEST_MODEL_DIR } from './test-model.js';

export default function setup(): void {
  loadFinder({ modelDir: TEST_MODEL_DIR, log: (message) => console.log(message) });
  process.env.FINDER_MODEL_DIR = TEST_MODEL_DIR;
}
