import { describe, expect, it } from 'vitest';
import { leadColumns, pickChoice } from './station-table-rules';

const catalog = [
  { code: 'empty', factors: [{ code: 'tmp', baseTimes: [] }] },
  {
    code: 'fine-grid',
    factors: [
      { code: 'rh', baseTimes: [] },
      { code: 'tmp', baseTimes: ['2026-03-02T00:00:00.000Z', '2026-03-01T00:00:00.000Z'] },
      { code: 'pre', baseTimes: ['2026-03-01T00:00:00.000Z'] },
    ],
  },
];

describe('pickChoice', () => {
  it('starts with the first type, factor and newest run that have grids', () => {
    expect(pickChoice(catalog, {})).toEqual({ type: 'fine-grid', factor: 'tmp', baseTime: '2026-03-02T00:00:00.000Z' });
  });
  it('keeps what exists and replaces what does not', () => {
    expect(pickChoice(catalog, { type: 'fine-grid', factor: 'pre' })).toEqual({
      type: 'fine-grid',
      factor: 'pre',
      baseTime: '2026-03-01T00:00:00.000Z',
    });
    expect(pickChoice(catalog, { type: 'fine-grid', factor: 'tmp', baseTime: '2026-03-01T00:00:00.000Z' }).baseTime).toBe(
      '2026-03-01T00:00:00.000Z',
    );
    expect(pickChoice(catalog, { type: 'fine-grid', factor: 'rh' }).factor).toBe('tmp');
    expect(pickChoice(catalog, { type: 'gone', factor: 'pre', baseTime: 'x' })).toEqual({
      type: 'fine-grid',
      factor: 'pre',
      baseTime: '2026-03-01T00:00:00.000Z',
    });
  });
  it('answers the same object when the choice stands', () => {
    const c = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-03-02T00:00:00.000Z' };
    expect(pickChoice(catalog, c)).toBe(c);
  });
  it('has nothing to choose without grids', () => {
    expect(pickChoice([catalog[0]!], {})).toEqual({});
    expect(pickChoice([], { type: 'fine-grid' })).toEqual({});
  });
});

describe('leadColumns', () => {
  it('pairs each lead with its valid time and index', () => {
    expect(leadColumns({ leads: [24, 48], validTimes: ['a', 'b'] })).toEqual([
      { lead: 24, validTime: 'a', index: 0 },
      { lead: 48, validTime: 'b', index: 1 },
    ]);
  });
});
