import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layerAxis, layerTimes, resolveLayerTime } from './layer-times.js';

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

describe('layerAxis and resolveLayerTime (OGC meteorology time axis)', () => {
  const H = 3_600_000;
  const at = (base: string, lead: number) => new Date(Date.parse(base) + lead * H).toISOString();
  const T2 = '2026-11-23T00:00:00.000Z';
  // Factor 1: complete runs T0 and T1 (leads 0, 3, 6), a partial newer run T2 (lead 0 only).
  const rows = [
    ...[T0, T1].flatMap((baseTime) => [0, 3, 6].map((lead) => ({ factorId: 1, baseTime, lead }))),
    { factorId: 1, baseTime: T2, lead: 0 },
  ];
  const axis = layerAxis(rows).get(1)!;

  it('lists every run newest first, the default the newest complete one, and every valid time', () => {
    expect(axis.runs.map((r) => r.baseTime)).toEqual([T2, T1, T0]);
    expect(axis.defaultRun).toBe(T1);
    expect(axis.validTimes).toEqual([T0, at(T0, 3), at(T0, 6), T1, at(T1, 3), at(T1, 6), T2]);
    expect(axis.defaultTime).toBe(T1);
    expect(axis.defaultLead).toBe(0);
  });

  it('takes the newest run when no run is complete', () => {
    const partial = layerAxis([
      { factorId: 2, baseTime: T0, lead: 3 },
      { factorId: 2, baseTime: T1, lead: 0 },
      { factorId: 2, baseTime: T1, lead: 6 },
    ]).get(2)!;
    // The union of its leads is {0, 3, 6}: neither run has all three.
    expect(partial.defaultRun).toBe(T1);
    expect(partial.defaultLead).toBe(0);
  });

  it('resolves TIME as the valid time, DIM_REFERENCE_TIME as the run and DIM_LEAD as an alias', () => {
    expect(resolveLayerTime(axis, {})).toEqual({ baseTime: T1, lead: 0 });
    expect(resolveLayerTime(axis, { time: at(T1, 6) })).toEqual({ baseTime: T1, lead: 6 });
    // A valid time the default run lacks: the newest run that has it.
    expect(resolveLayerTime(axis, { time: at(T0, 3) })).toEqual({ baseTime: T0, lead: 3 });
    // T2 is also T1 + 12 h, which T1 lacks: the newer run T2 gives it.
    expect(resolveLayerTime(axis, { time: T2 })).toEqual({ baseTime: T2, lead: 0 });
    expect(resolveLayerTime(axis, { referenceTime: T0, time: at(T0, 6) })).toEqual({ baseTime: T0, lead: 6 });
    expect(resolveLayerTime(axis, { referenceTime: T0 })).toEqual({ baseTime: T0, lead: 0 });
    expect(resolveLayerTime(axis, { lead: 3 })).toEqual({ baseTime: T1, lead: 3 });
    expect(resolveLayerTime(axis, { referenceTime: T0, lead: 6 })).toEqual({ baseTime: T0, lead: 6 });
    expect(resolveLayerTime(axis, { time: at(T0, 6), lead: 6 })).toEqual({ baseTime: T0, lead: 6 });
    // Times written another way (no milliseconds) are the same instant.
    expect(resolveLayerTime(axis, { time: '2026-11-22T15:00:00Z' })).toEqual({ baseTime: T1, lead: 3 });
  });

  it('names the dimension that has no grid', () => {
    expect(resolveLayerTime(axis, { time: '2030-01-01T00:00:00Z' })).toEqual({ missing: 'TIME' });
    expect(resolveLayerTime(axis, { referenceTime: '2030-01-01T00:00:00Z' })).toEqual({ missing: 'DIM_REFERENCE_TIME' });
    expect(resolveLayerTime(axis, { referenceTime: T2, time: at(T2, 3) })).toEqual({ missing: 'TIME' });
    expect(resolveLayerTime(axis, { lead: 5 })).toEqual({ missing: 'DIM_LEAD' });
    expect(resolveLayerTime(axis, { referenceTime: T0, time: at(T0, 3), lead: 6 })).toEqual({ missing: 'DIM_LEAD' });
  });

  it('every advertised valid time and run, and the defaults, resolve to a stored grid (property)', () => {
    const stored = fc.array(fc.record({ run: fc.integer({ min: 0, max: 5 }), lead: fc.integer({ min: 0, max: 8 }).map((k) => k * 3) }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(stored, (list) => {
        const rs = list.map((x) => ({ factorId: 9, baseTime: at(T0, x.run * 12), lead: x.lead }));
        const has = new Set(rs.map((r) => `${r.baseTime}/${r.lead}`));
        const ax = layerAxis(rs).get(9)!;
        const ok = (r: ReturnType<typeof resolveLayerTime>) => 'baseTime' in r && has.has(`${r.baseTime}/${r.lead}`);
        expect(ok(resolveLayerTime(ax, {}))).toBe(true);
        expect(ok(resolveLayerTime(ax, { time: ax.defaultTime, referenceTime: ax.defaultRun }))).toBe(true);
        for (const time of ax.validTimes) expect(ok(resolveLayerTime(ax, { time }))).toBe(true);
        for (const run of ax.runs) expect(ok(resolveLayerTime(ax, { referenceTime: run.baseTime }))).toBe(true);
      }),
    );
  });
});
