import { describe, expect, it } from 'vitest';
import { PROGRESS_CEILING, PROGRESS_START, trickle } from './progress-rules';

describe('trickle', () => {
  it('starts at the start value and slows down', () => {
    expect(trickle(0)).toBeCloseTo(PROGRESS_START + 0.1);
    expect(trickle(0.3)).toBeCloseTo(0.34);
    expect(trickle(0.6)).toBeCloseTo(0.62);
    expect(trickle(0.9)).toBeCloseTo(0.905);
  });
  it('never reaches the end on its own', () => {
    let p = 0;
    for (let i = 0; i < 10_000; i++) p = trickle(p);
    expect(p).toBeLessThanOrEqual(PROGRESS_CEILING);
    expect(p).toBeGreaterThan(0.98);
  });
});
