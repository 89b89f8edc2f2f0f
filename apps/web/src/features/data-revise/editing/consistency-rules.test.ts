import type { ConsistencyReport, ConsistencyViolation } from '@agromet/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/request';
import { issueViolationsOf, violationKey, violationsOfGrid } from './consistency-rules';

const violation = (factor: string, lead: number, grids: Array<[string, number]>): ConsistencyViolation => ({
  rule: 'temperature',
  factor,
  lead,
  grids: grids.map(([f, l]) => ({ factor: f, lead: l })),
  cells: 3,
  cellIndices: [1, 2, 3],
  bbox: { west: 0, south: 0, east: 1, north: 1 },
  outline: { type: 'MultiPolygon', coordinates: [] },
  outlineComplete: true,
});

const report: ConsistencyReport = {
  type: 'fine-grid',
  baseTime: '2026-03-01T00:00:00.000Z',
  cells: 6,
  violations: [
    violation('tmp', 3, [
      ['tmp', 3],
      ['tmin', 3],
      ['tmax', 3],
    ]),
    violation('tmp', 6, [
      ['tmp', 6],
      ['tmin', 6],
      ['tmax', 6],
    ]),
  ],
};

describe('violationsOfGrid', () => {
  it('finds the violations shown on a grid or comparing it', () => {
    expect(violationsOfGrid(report, 'tmp', 3).map(violationKey)).toEqual(['temperature:tmp:3']);
    expect(violationsOfGrid(report, 'tmax', 6).map(violationKey)).toEqual(['temperature:tmp:6']);
    expect(violationsOfGrid(report, 'rh', 3)).toEqual([]);
    expect(violationsOfGrid(undefined, 'tmp', 3)).toEqual([]);
  });
});

describe('issueViolationsOf', () => {
  const conflict = (data: unknown) => new ApiError('x', { code: 4009, status: 200, kind: 'api', notified: false, data });
  it('reads the violations of a 4009 refusing an issue', () => {
    expect(issueViolationsOf(conflict({ violations: [{ rule: 'range', factor: 'rh', lead: 3, cells: 2 }] }))).toEqual([
      { rule: 'range', factor: 'rh', lead: 3, cells: 2 },
    ]);
  });
  it('is null for other failures', () => {
    expect(issueViolationsOf(conflict({ currentVersion: 3 }))).toBeNull();
    expect(
      issueViolationsOf(new ApiError('x', { code: 4100, status: 200, kind: 'api', notified: false, data: { violations: [] } })),
    ).toBeNull();
    expect(issueViolationsOf(new Error('x'))).toBeNull();
  });
});
