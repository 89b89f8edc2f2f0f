import { describe, expect, it } from 'vitest';
import { layerTimes } from './layer-times.js';

const T0 = '2026-11-22T00:00:00.000Z';
const T1 = '2026-11-22T12:00:00.000Z';

describe('layerTimes', () => {
  it('gives each factor its own base times (newest first) and the leads of its newest', () => {
    const rows = [
      ...[0, 3, 6].flatMap((lead) => [1, 2, 3].map((factorId) => ({ factorId, baseTime: T0, lead }))),
      // One lead of factor 1 at a newer base time.
      { factorId: 1, baseTime: T1, lead: 6 },
    ];
    const times = layerTimes(rows);
    expect(times.get(1)).toEqual({ baseTimes: [T1, T0], leads: [6] });
    expect(times.get(2)).toEqual({ baseTimes: [T0], leads: [0, 3, 6] });
    expect(times.get(3)).toEqual({ baseTimes: [T0], leads: [0, 3, 6] });
  });

  it('sorts leads numerically and ignores duplicates and row order', () => {
    const rows = [24, 3, 120, 3, 0].map((lead) => ({ factorId: 7, baseTime: T0, lead }));
    expect(layerTimes(rows.reverse()).get(7)).toEqual({ baseTimes: [T0], leads: [0, 3, 24, 120] });
  });

  it('leaves factors without grids out', () => {
    expect(layerTimes([]).size).toBe(0);
    expect(layerTimes([{ factorId: 1, baseTime: T0, lead: 0 }]).has(2)).toBe(false);
  });
});
