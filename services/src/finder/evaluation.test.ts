import { describe, expect, it } from 'vitest';
import { calibrationError, calibrationNoise, metricsOf } from './evaluation.js';

describe('finder evaluation: calibration metrics', () => {
  it('weighs each bin of top-1 probabilities by its share of the items', () => {
    // Bin 0.9: mean 0.9, half right (0.4 off); bin 0.1: mean 0.1, none right (0.1 off); each holds half the items.
    expect(calibrationError([0.9, 0.9, 0.1, 0.1], [1, 0, 0, 0])).toBeCloseTo(0.25, 10);
    expect(calibrationError([0.75, 0.75, 0.75, 0.75], [1, 1, 1, 0])).toBeCloseTo(0, 10);
  });

  it('gives the ECE a perfectly calibrated ranker shows by chance alone, smaller on more items', () => {
    expect(calibrationNoise([1, 1, 0, 0])).toBe(0);
    // One bin at 0.5: the mean of |share right - 0.5| is about sqrt(0.25 / n) * sqrt(2 / pi).
    const small = calibrationNoise(Array(174).fill(0.5));
    const large = calibrationNoise(Array(10_000).fill(0.5), 200);
    expect(small).toBeGreaterThan(0.025);
    expect(small).toBeLessThan(0.036);
    expect(large).toBeLessThan(0.006);
    // Deterministic: the same figure every run.
    expect(calibrationNoise(Array(174).fill(0.5))).toBe(small);
  });

  it('reports the mean top-1 probability and the noise beside the ECE', () => {
    const metrics = metricsOf(
      [
        { codes: ['010121'], confidence: 0.8 },
        { codes: ['010129'], confidence: 0.4 },
      ],
      ['010121', '010121'],
    );
    expect(metrics.top['6'][1]).toBe(0.5);
    expect(metrics.meanConfidence).toBeCloseTo(0.6, 10);
    expect(metrics.ece).toBeCloseTo(0.5 * 0.2 + 0.5 * 0.4, 10);
    expect(metrics.eceNoise).toBeGreaterThan(0);
    expect(metricsOf([{ codes: ['010121'] }], ['010121']).eceNoise).toBeNull();
  });
});
