import { describe, expect, it } from 'vitest';
import type { SweepPoint } from '../sweep';
import { peakOf } from './hostChart';

const point = (value: number, tps: number | null, error: string | null = null): SweepPoint => ({
  value,
  metrics: error ? {} : { tps },
  pools: [],
  error,
});

describe('the host chart’s peak (seed 002: throughput falls once the host pages)', () => {
  it('is the run with the most transactions per second, refused runs left out', () => {
    const points = [
      point(10_000, 174.8),
      point(55_000, 178.1),
      point(90_000, null, 'refused'),
      point(100_000, 161.9),
    ];
    expect(peakOf(points)?.value).toBe(55_000);
    expect(peakOf([point(1, null), point(2, null, 'x')])).toBeNull();
    expect(peakOf([])).toBeNull();
  });
});
