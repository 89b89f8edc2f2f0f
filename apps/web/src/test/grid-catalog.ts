import type { ForecastTypeInfo, ProductFactor } from '@agromet/contracts';

/** The two runs a test element has grids of, the newest first. */
const RUNS = ['2026-11-24T00:00:00Z', '2026-11-23T12:00:00Z'];

/** An element of the grid catalogue for rule tests: grids at `leads` of the runs `baseTimes`. */
export function catalogFactor(code: string, leads: number[], baseTimes = RUNS): ProductFactor {
  return {
    id: 1,
    code,
    name: code,
    unit: '',
    min: 0,
    max: 1,
    precision: 1,
    colormap: { type: 'values', entries: [] },
    layer: code,
    baseTimes,
    leads,
  };
}

/** A forecast type of the catalogue (3-hourly, 72 h) holding `factors`. */
export function catalogType(code: string, factors: ProductFactor[]): ForecastTypeInfo {
  return { id: 1, extent: null, code, name: '', stepHours: 3, maxLeadHours: 72, baseTimes: [], leads: [], factors };
}
