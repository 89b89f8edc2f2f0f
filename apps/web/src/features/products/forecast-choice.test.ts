import { describe, expect, it } from 'vitest';
import { factorsWithGrids, regionKind, shownLayer, typesWithGrids, withFactor, withType } from './forecast-choice';
import type { ForecastForm } from './product-rules';
import { catalogFactor, catalogType } from '../../test/grid-catalog';

const catalog = [
  catalogType('fine-grid', [
    catalogFactor('tmp', [3, 6, 9, 24, 27]),
    catalogFactor('pre3h', [0, 3, 6, 24, 27]),
    catalogFactor('rh', [3], []),
  ]),
  catalogType('seasonal', [catalogFactor('rh', [24], [])]),
  catalogType('medium', [catalogFactor('rh', [], []), catalogFactor('wind', [24, 48], ['2026-11-22T00:00:00Z'])]),
];

const value: ForecastForm = {
  type: 'fine-grid',
  factor: 'tmp',
  baseTime: '2026-11-23T12:00:00Z',
  mode: 'series',
  lead: 9,
  leadFrom: 6,
  leadTo: 9,
  aggregation: 'min',
  areaCode: 'provinces:3',
};

describe('choosing the forecast', () => {
  it('offers only types and elements with grids', () => {
    expect(typesWithGrids(catalog).map((x) => x.code)).toEqual(['fine-grid', 'medium']);
    expect(factorsWithGrids(catalog[0]).map((f) => f.code)).toEqual(['tmp', 'pre3h']);
    expect(factorsWithGrids(undefined)).toEqual([]);
  });

  it('an element brings its newest run, first lead, first day and proposed aggregation; mode and region stay', () => {
    expect(withFactor(value, catalog, 'pre3h')).toEqual({
      type: 'fine-grid',
      factor: 'pre3h',
      baseTime: '2026-11-24T00:00:00Z',
      mode: 'series',
      lead: 0,
      leadFrom: 3,
      leadTo: 24,
      aggregation: 'sum',
      areaCode: 'provinces:3',
    });
    expect(withFactor(value, catalog, 'tmp')).toMatchObject({ lead: 3, leadFrom: 3, leadTo: 24, aggregation: 'max' });
  });

  it('a type brings its first element with grids, or nothing when it has none', () => {
    expect(withType(value, catalog, 'medium')).toMatchObject({
      type: 'medium',
      factor: 'wind',
      baseTime: '2026-11-22T00:00:00Z',
      lead: 24,
      leadFrom: 24,
      leadTo: 24,
    });
    expect(withType(value, catalog, 'seasonal')).toBeNull();
    expect(withType(value, catalog, 'unknown')).toBeNull();
  });

  it('reads the region and the boundary layer shown', () => {
    expect(regionKind(undefined, undefined)).toBe('customer');
    expect(regionKind('b2', undefined)).toBe('area');
    expect(regionKind(undefined, 'b2:4')).toBe('area');
    const layers = [{ id: 'provinces' }, { id: 'b2' }];
    expect(shownLayer(layers, 'b2', 'provinces:1')?.id).toBe('b2');
    expect(shownLayer(layers, undefined, 'b2:4')?.id).toBe('b2');
    expect(shownLayer(layers, undefined, undefined)?.id).toBe('provinces');
    expect(shownLayer(layers, 'gone', undefined)?.id).toBe('provinces');
    expect(shownLayer([], undefined, undefined)).toBeUndefined();
  });
});
