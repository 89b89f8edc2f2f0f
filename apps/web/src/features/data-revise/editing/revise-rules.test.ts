import { PointReviseBody, PolygonReviseBody } from '@agromet/contracts';
import { createGrid, reviseArea, revisePoints } from '@agromet/grid';
import { describe, expect, it } from 'vitest';
import { closeRing } from '../../../components/map/ring';
import {
  areaShapeOf,
  conflictOf,
  edgeModeOf,
  expectedVersionsOf,
  gridOfAnswer,
  pointBody,
  polygonBody,
  ringsWithinLimits,
  roundTo,
  sameGridVersion,
  summarizePatch,
} from './revise-rules';

const geometry = { lon0: 108, lat0: 35, dx: 0.1, dy: -0.1, nx: 20, ny: 10 };
const data = {
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: '2026-11-22T00:00:00.000Z',
  leads: [
    { lead: 3, version: 4, updatedBy: 'a', updatedAt: 't' },
    { lead: 6, version: 1, updatedBy: 'a', updatedAt: 't' },
  ],
};

describe('grid of the revision data', () => {
  const meta = { type: 'fine-grid', factor: 'tmp', baseTime: '2026-11-22T00:00:00.000Z', lead: 3, version: 4, unit: '°C', ...geometry };

  it('takes the values as they came, NaN for missing, on the georeference of the answer', () => {
    const values = new Float32Array(200).map((_, k) => k / 2);
    values[7] = Number.NaN;
    const grid = gridOfAnswer({ meta, values });
    expect(grid).toMatchObject(geometry);
    expect(grid.values).toBe(values);
    expect(grid.values[9]).toBe(4.5);
    expect(Number.isNaN(grid.values[7])).toBe(true);
  });

  it('pairs the values with the description only at the same grid, version and cells', () => {
    const described = { ...data, lead: 3, version: 4, ...geometry };
    expect(sameGridVersion(described, meta)).toBe(true);
    expect(sameGridVersion(described, { ...meta, version: 5 })).toBe(false);
    expect(sameGridVersion(described, { ...meta, baseTime: '2026-11-22T12:00:00.000Z' })).toBe(false);
    expect(sameGridVersion(described, { ...meta, nx: 21 })).toBe(false);
  });
});

describe('revision bodies', () => {
  it('carry the version seen for each lead applied', () => {
    expect(expectedVersionsOf([3, 6], data.leads)).toEqual({ 3: 4, 6: 1 });
    expect(expectedVersionsOf([9], data.leads)).toEqual({});
  });
  it('build a point body the contract accepts', () => {
    const body = pointBody(data, [3, 6], [{ key: 'a', lon: 108.5, lat: 34.5, value: 12.5, radiusKm: 30 }]);
    expect(PointReviseBody.safeParse(body).success).toBe(true);
    expect(body.points).toEqual([{ lon: 108.5, lat: 34.5, value: 12.5, radiusKm: 30 }]);
  });
  it('build a polygon body the contract accepts, with edge and smoothing', () => {
    const ring = closeRing([
      [108.2, 34.8],
      [108.8, 34.8],
      [108.8, 34.2],
    ]);
    const body = polygonBody(data, [3], [ring], { operation: 'add', value: 2, edge: 'ramp', edgeCells: 4, smooth: 3 });
    expect(PolygonReviseBody.safeParse(body).success).toBe(true);
    expect(body.edge).toEqual({ mode: 'ramp', cells: 4 });
    expect(body.smooth).toBe(3);
    expect(polygonBody(data, [3], [ring], { operation: 'assign', value: 2, edge: 'taper', edgeCells: 4, smooth: null }).edge).toEqual({
      mode: 'taper',
    });
  });
});

describe('rings', () => {
  it('are checked against the server limits', () => {
    expect(
      ringsWithinLimits([
        closeRing([
          [1, 2],
          [3, 4],
          [5, 6],
        ]),
      ]),
    ).toBe(true);
    expect(
      ringsWithinLimits([
        [
          [1, 2],
          [1, 2],
        ],
      ]),
    ).toBe(false);
    const big = closeRing(Array.from({ length: 6000 }, (_, k) => [Math.cos(k), Math.sin(k)]));
    expect(ringsWithinLimits([big])).toBe(false);
  });
});

describe('preview', () => {
  it('is the very patch the grid package makes for the body (the server applies the same)', () => {
    const grid = createGrid(geometry, 10);
    const ring = closeRing([
      [108.25, 34.75],
      [109.25, 34.75],
      [109.25, 34.25],
      [108.25, 34.25],
    ]);
    const settings = { operation: 'add' as const, value: 2, edge: 'ramp' as const, edgeCells: 2, smooth: null };
    const patch = reviseArea(grid, areaShapeOf([ring]), {
      operation: 'add',
      value: 2,
      edge: edgeModeOf(settings),
      range: { min: -50, max: 50 },
    });
    const summary = summarizePatch(patch, grid.nx);
    expect(summary.cells).toBeGreaterThan(0);
    expect(summary.maxChange).toBeCloseTo(2, 5);
    expect(summary.minChange).toBeGreaterThan(0);
    expect(summary.box).toEqual({ i0: 3, i1: 12, j0: 3, j1: 7 });
  });
  it('of points changes cells within the radius only', () => {
    const grid = createGrid(geometry, 10);
    const patch = revisePoints(grid, [{ lon: 109, lat: 34.5, value: 14, radiusKm: 15 }], { min: -50, max: 50 });
    const summary = summarizePatch(patch, grid.nx);
    expect(summary.maxChange).toBeCloseTo(4, 4);
    expect(summary.box!.i1 - summary.box!.i0).toBeLessThanOrEqual(4);
    expect(summarizePatch({ indices: new Uint32Array(), oldValues: new Float32Array(), newValues: new Float32Array() }, 20)).toEqual({
      cells: 0,
      minChange: 0,
      maxChange: 0,
      box: null,
    });
  });
});

describe('small helpers', () => {
  it('round to the factor precision', () => {
    expect(roundTo(12.3456, 1)).toBe(12.3);
    expect(roundTo(12.3456, 0)).toBe(12);
  });
  it('read who changed the grid from a conflict', () => {
    expect(conflictOf({ currentVersion: 5, updatedBy: '张三', updatedAt: '2026-11-22T01:00:00Z' })).toEqual({
      name: '张三',
      time: '2026-11-22T01:00:00Z',
    });
    expect(conflictOf(null)).toBeNull();
  });
});
