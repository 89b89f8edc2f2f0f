import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCompleteness } from './run-completeness';

const factor = (baseTimes: string[], derived = false) =>
  ({ id: 1, code: 'x', name: 'x', unit: '', derived, baseTimes, leads: [] }) as never;

describe('runCompleteness', () => {
  it('counts the scheduled leads present and the stored elements of the newest run', () => {
    const r = runCompleteness({
      stepHours: 3,
      maxLeadHours: 72,
      baseTimes: ['2026-11-24T12:00:00Z', '2026-11-24T00:00:00Z'],
      leads: [0, 3, 6, 7, 9, 75],
      factors: [factor(['2026-11-24T12:00:00Z']), factor(['2026-11-24T00:00:00Z']), factor(['2026-11-24T12:00:00Z'], true), factor([])],
    });
    expect(r).toEqual({ baseTime: '2026-11-24T12:00:00Z', leadsPresent: 4, leadsExpected: 25, factorsPresent: 1, factorsStored: 2 });
  });

  it('is null without grids', () => {
    expect(runCompleteness({ stepHours: 3, maxLeadHours: 72, baseTimes: [], leads: [], factors: [] })).toBeNull();
  });

  it('never counts more leads present than expected', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 240 }),
        fc.array(fc.integer({ min: -10, max: 300 })),
        (step, max, leads) => {
          const r = runCompleteness({ stepHours: step, maxLeadHours: max, baseTimes: ['t'], leads, factors: [] })!;
          expect(r.leadsPresent).toBeLessThanOrEqual(r.leadsExpected);
          expect(r.leadsPresent).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
