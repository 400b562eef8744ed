import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { retrainWithRecords } from './retrain.js';
import { artifactVersions } from './store.js';
import { testFinder } from './test-model.js';

describe('retraining with usage records', () => {
  it('refuses a candidate that scores worse on the held-out (latest) records: the current model stays, nothing is saved', () => {
    const current = testFinder();
    const dir = mkdtempSync(join(tmpdir(), 'guichet-finder-refuse-'));
    try {
      // Older records teach a wrong code for common goods (cotton t-shirts labelled as men's woven cotton
      // shirts, as a careless user would pick: no rule of material rules it out); the latest, held out, are
      // right. The candidate learns the wrong code and must score worse than the current model.
      const wrong = [
        "men's cotton t-shirt",
        'cotton t-shirt for boys',
        'polo shirt cotton knitted',
        'ladies cotton blouse',
        'cotton tee shirt',
      ];
      const records = [
        ...Array.from({ length: 16 }, (_, index) => ({ description: wrong[index % wrong.length], code: '620520' })),
        { description: "men's cotton t-shirt", code: '610910' },
        { description: 'cotton t-shirt for boys', code: '610910' },
        { description: 'cotton tee shirt', code: '610910' },
        { description: 'basic white cotton t-shirt', code: '610910' },
        { description: 'frozen shrimp', code: '030617' },
      ];
      const result = retrainWithRecords(current, records, {
        dir,
        trainOptions: { maxQueries: 1200, iterations: 120, textModel: { epochs: 3 } },
      });
      expect(result.heldOut).toBe(5);
      expect(result.candidate.top['6'][1]).toBeLessThan(result.current.top['6'][1]);
      expect(result.accepted).toBe(false);
      expect(result.saved).toBeUndefined();
      expect(artifactVersions(dir)).toEqual([]);
      // The current model still answers as before.
      expect(current.predict("men's cotton t-shirt", 1).predictions[0].code).toBe('610910');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 900_000);

  it('needs at least 5 records', () => {
    expect(() => retrainWithRecords(testFinder(), [{ description: 'rice', code: '100630' }], { dir: tmpdir(), dryRun: true })).toThrow(
      /at least 5/,
    );
  });
});
