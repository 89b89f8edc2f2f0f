import type { RevisionRecord } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { areaCount, recordState, recoverDisabledReason, selectionOfRecord, showsGridOf, summariseRecord } from './record-summary';

const base = { unit: '°C', recovers: null } as const;
const summary = (kind: RevisionRecord['kind'], parameters: Record<string, unknown>, unit = '°C') =>
  summariseRecord({ ...base, unit, kind, parameters });

describe('summaries of revision parameters', () => {
  it('one point: where, what value, what radius', () => {
    expect(summary('point', { points: [{ lon: 108.9, lat: 34.3, value: 30, radiusKm: 30 }], leads: [24] })).toEqual([
      { key: 'record.summary.onePoint', values: { lon: '108.9', lat: '34.3', value: '30', unit: ' °C', radius: '30' } },
    ]);
  });

  it('several points over several leads: count and ranges', () => {
    const points = [
      { lon: 108, lat: 34, value: 12.345, radiusKm: 10 },
      { lon: 109, lat: 35, value: -2, radiusKm: 25.5 },
    ];
    expect(summary('point', { points, leads: [24, 27, 30] })).toEqual([
      { key: 'record.summary.points', values: { count: 2, min: '-2', max: '12.35', unit: ' °C', radiusMin: '10', radiusMax: '25.5' } },
      { key: 'record.summary.leads', values: { count: 3 } },
    ]);
  });

  it('areas: operation, value (no unit for a factor), edge and smoothing', () => {
    const square = [
      [
        [108, 34],
        [109, 34],
        [109, 35],
        [108, 34],
      ],
    ];
    expect(
      summary('polygon', { operation: 'add', value: 2, edge: { mode: 'flat' }, polygons: { type: 'Polygon', coordinates: square } }),
    ).toEqual([
      { key: 'record.summary.polygon', values: { count: 1, value: '2', unit: ' °C' }, nested: { operation: 'record.operations.add' } },
      { key: 'record.edges.flat' },
    ]);
    expect(
      summary(
        'polygon',
        { operation: 'multiply', value: 1.5, edge: { mode: 'ramp', cells: 4 }, smooth: 5, polygons: [square[0], square[0]] },
        'mm',
      ),
    ).toEqual([
      { key: 'record.summary.polygon', values: { count: 2, value: '1.5', unit: '' }, nested: { operation: 'record.operations.multiply' } },
      { key: 'record.edges.ramp', values: { cells: 4 } },
      { key: 'record.summary.smooth', values: { size: 5 } },
    ]);
    expect(areaCount({ type: 'MultiPolygon', coordinates: [square, square, square] })).toBe(3);
    expect(areaCount(null)).toBe(0);
  });

  it('recoveries name the record they undid; odd parameters say so', () => {
    expect(summary('recovery', { recovers: 12 })).toEqual([{ key: 'record.summary.recovery', values: { id: 12 } }]);
    expect(summariseRecord({ kind: 'recovery', parameters: {}, unit: '', recovers: 9 })).toEqual([
      { key: 'record.summary.recovery', values: { id: 9 } },
    ]);
    expect(summary('point', { points: 'x' })).toEqual([{ key: 'record.summary.unknown' }]);
    expect(summary('polygon', { operation: 'explode', value: 1 })).toEqual([{ key: 'record.summary.unknown' }]);
  });
});

describe('record state and recovery', () => {
  it('tells active, recovered and recovery records apart', () => {
    expect(recordState({ kind: 'point', recovered: false, recoveredBy: null, recovers: null })).toEqual({ key: 'record.state.active' });
    expect(recordState({ kind: 'point', recovered: true, recoveredBy: 8, recovers: null })).toEqual({
      key: 'record.state.recovered',
      values: { id: 8 },
    });
    expect(recordState({ kind: 'recovery', recovered: false, recoveredBy: null, recovers: 3 })).toEqual({
      key: 'record.state.recovery',
      values: { id: 3 },
    });
    expect(recoverDisabledReason({ kind: 'polygon', recovered: false })).toBeNull();
    expect(recoverDisabledReason({ kind: 'polygon', recovered: true })).toBe('record.recoverDisabledRecovered');
    expect(recoverDisabledReason({ kind: 'recovery', recovered: false })).toBe('record.recoverDisabledRecovery');
  });

  it('knows the map product of a record', () => {
    const rec = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-11-22T12:00:00.000Z', lead: 24 };
    const selection = selectionOfRecord(rec);
    expect(selection).toEqual(rec);
    expect(showsGridOf({ ...selection, baseTime: '2026-11-22T12:00:00Z' }, rec)).toBe(true);
    expect(showsGridOf({ ...selection, lead: 27 }, rec)).toBe(false);
    expect(showsGridOf(null, rec)).toBe(false);
  });
});

describe('consistency fixes', () => {
  it('summarise each rule they fixed', () => {
    expect(summariseRecord({ kind: 'consistency', parameters: { rules: ['temperature', 'range'] }, unit: '°C', recovers: null })).toEqual([
      { key: 'record.summary.consistency', nested: { rules: 'record.consistencyRules.temperature' } },
      { key: 'record.summary.consistency', nested: { rules: 'record.consistencyRules.range' } },
    ]);
    expect(summariseRecord({ kind: 'consistency', parameters: {}, unit: '', recovers: null })).toEqual([{ key: 'record.summary.unknown' }]);
  });
});
