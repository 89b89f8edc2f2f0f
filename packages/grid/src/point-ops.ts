// Point edits: the forecaster sets target values at points; each point's change Δ = target − the
// grid's current (bilinear) value there spreads over its radius of influence R with the Cressman
// weight w = (R² − d²)/(R² + d²), d being the great-circle distance from the point to a cell centre.
import { cellLat, cellLon, sampleBilinear, type Grid } from './grid.js';
import { greatCircleKm, radiusBox } from './geodesy.js';
import type { ValueRange } from './area-ops.js';
import { PatchBuilder, type Patch } from './patch.js';

export interface PointTarget {
  lon: number;
  lat: number;
  value: number;
  /** This point's radius of influence, km; defaults to the edit's radiusKm. */
  radiusKm?: number;
}

/**
 * How the changes of several points combine in a cell that several radii reach.
 *
 * 'exact-at-points' (default): change = max wᵢ · Σ vᵢΔᵢ / Σ vᵢ, with vᵢ = wᵢ/(1 − wᵢ) = (R² − d²)/(2d²).
 *   A weighted average of the Δs whose weights grow without bound at a point, so the change at
 *   each point is exactly its Δ even when other radii overlap it, scaled by the largest Cressman
 *   weight so that it fades to 0 at the edge of the influence. With one point it is plain
 *   Cressman (w·Δ); two points with equal Δ never add up to more than Δ.
 *
 * 'capped-mean': change = Σ wᵢΔᵢ / max(1, Σ wᵢ): the Cressman-weighted mean of the Δs where the
 *   weights add up to 1 or more, and the plain weighted sum where they do not. Exact at a point
 *   only when no other radius reaches it.
 */
export type PointCombination = 'exact-at-points' | 'capped-mean';

export interface PointEdit {
  radiusKm: number;
  combine?: PointCombination;
  range?: ValueRange;
}

export function cressmanWeight(distanceKm: number, radiusKm: number): number {
  if (!(distanceKm < radiusKm)) return 0;
  const r2 = radiusKm * radiusKm;
  const d2 = distanceKm * distanceKm;
  return (r2 - d2) / (r2 + d2);
}

/**
 * Points whose current value is missing (or that lie outside the grid) have no Δ and are left
 * out. The grid is not modified: apply the returned patch.
 */
export function editPoints(grid: Grid, targets: readonly PointTarget[], edit: PointEdit): Patch {
  const combine = edit.combine ?? 'exact-at-points';
  if (edit.range && !(edit.range.min <= edit.range.max)) throw new RangeError('invalid value range');
  const accumulator = new ChangeAccumulator(combine);

  for (const target of targets) {
    const radius = target.radiusKm ?? edit.radiusKm;
    if (!(radius > 0) || !Number.isFinite(radius)) throw new RangeError(`radius of influence must be > 0 km, got ${radius}`);
    if (![target.lon, target.lat, target.value].every(Number.isFinite))
      throw new RangeError('point targets need finite lon, lat and value');
    const current = sampleBilinear(grid, target.lon, target.lat);
    if (Number.isNaN(current)) continue;
    const delta = target.value - current;
    forEachCellWithin(grid, target.lon, target.lat, radius, (index, d) => accumulator.add(index, d, radius, delta));
  }

  const indices = accumulator.cells();
  const builder = new PatchBuilder(indices.length);
  for (const index of indices) {
    const old = grid.values[index]!;
    if (Number.isNaN(old)) continue;
    let next = old + accumulator.change(index);
    if (edit.range) next = Math.min(edit.range.max, Math.max(edit.range.min, next));
    builder.set(index, old, next);
  }
  return builder.build();
}

function forEachCellWithin(
  grid: Grid,
  lon: number,
  lat: number,
  radiusKm: number,
  visit: (index: number, distanceKm: number) => void,
): void {
  const { lonHalfWidth, latHalfWidth } = radiusBox(lat, radiusKm);
  const jA = (lat - latHalfWidth - grid.lat0) / grid.dy;
  const jB = (lat + latHalfWidth - grid.lat0) / grid.dy;
  const j0 = Math.max(0, Math.floor(Math.min(jA, jB)));
  const j1 = Math.min(grid.ny - 1, Math.ceil(Math.max(jA, jB)));
  const i0 = Number.isFinite(lonHalfWidth) ? Math.max(0, Math.floor((lon - lonHalfWidth - grid.lon0) / grid.dx)) : 0;
  const i1 = Number.isFinite(lonHalfWidth) ? Math.min(grid.nx - 1, Math.ceil((lon + lonHalfWidth - grid.lon0) / grid.dx)) : grid.nx - 1;
  for (let j = j0; j <= j1; j++) {
    const cellLatitude = cellLat(grid, j);
    for (let i = i0; i <= i1; i++) {
      const d = greatCircleKm(lon, lat, cellLon(grid, i), cellLatitude);
      if (d < radiusKm) visit(j * grid.nx + i, d);
    }
  }
}

// Per-cell sums, in slots allocated as cells are first reached.
class ChangeAccumulator {
  private readonly slotOf = new Map<number, number>();
  private weightSum = new Float64Array(256);
  private weightedDeltaSum = new Float64Array(256);
  private largestWeight = new Float64Array(256);
  /** Points lying exactly on the cell centre: their Δ sum and count. */
  private hitDeltaSum = new Float64Array(256);
  private hitCount = new Float64Array(256);

  constructor(private readonly combine: PointCombination) {}

  add(index: number, distanceKm: number, radiusKm: number, delta: number): void {
    const slot = this.slot(index);
    const w = cressmanWeight(distanceKm, radiusKm);
    if (this.combine === 'capped-mean') {
      this.weightSum[slot]! += w;
      this.weightedDeltaSum[slot]! += w * delta;
      return;
    }
    const d2 = distanceKm * distanceKm;
    const v = (radiusKm * radiusKm - d2) / (2 * d2);
    if (!Number.isFinite(v)) {
      // on the point itself (or so near that v overflows): its Δ is the change
      this.hitDeltaSum[slot]! += delta;
      this.hitCount[slot]! += 1;
      return;
    }
    this.weightSum[slot]! += v;
    this.weightedDeltaSum[slot]! += v * delta;
    if (w > this.largestWeight[slot]!) this.largestWeight[slot] = w;
  }

  /** The reached cells in increasing order. */
  cells(): Uint32Array {
    return Uint32Array.from(this.slotOf.keys()).sort();
  }

  change(index: number): number {
    const slot = this.slotOf.get(index)!;
    if (this.combine === 'capped-mean') return this.weightedDeltaSum[slot]! / Math.max(1, this.weightSum[slot]!);
    const hits = this.hitCount[slot]!;
    if (hits > 0) return this.hitDeltaSum[slot]! / hits;
    return this.largestWeight[slot]! * (this.weightedDeltaSum[slot]! / this.weightSum[slot]!);
  }

  private slot(index: number): number {
    let slot = this.slotOf.get(index);
    if (slot === undefined) {
      slot = this.slotOf.size;
      this.slotOf.set(index, slot);
      if (slot >= this.weightSum.length) this.grow();
    }
    return slot;
  }

  private grow(): void {
    const bigger = (a: Float64Array) => {
      const b = new Float64Array(a.length * 2);
      b.set(a);
      return b;
    };
    this.weightSum = bigger(this.weightSum);
    this.weightedDeltaSum = bigger(this.weightedDeltaSum);
    this.largestWeight = bigger(this.largestWeight);
    this.hitDeltaSum = bigger(this.hitDeltaSum);
    this.hitCount = bigger(this.hitCount);
  }
}
