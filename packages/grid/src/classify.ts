// Classification by thresholds and statistics per class and per area.
import type { Mask } from './mask.js';

/** The class of a missing value. */
export const NO_CLASS = 255;

export interface ClassifyOptions {
  /**
   * Which side of a threshold belongs to the upper class. 'left' (default): class k holds
   * t[k−1] ≤ v < t[k]; 'right': t[k−1] < v ≤ t[k] (as in "> −7.8 is most suitable").
   */
  closed?: 'left' | 'right';
}

/**
 * Class index per cell: 0 below the first threshold, thresholds.length above the last, NO_CLASS
 * for missing values. Thresholds must be strictly increasing (at most 254 of them).
 */
export function classify(values: Float32Array, thresholds: readonly number[], options: ClassifyOptions = {}): Uint8Array {
  checkThresholds(thresholds);
  const upperClosed = options.closed === 'right';
  const t = Float64Array.from(thresholds);
  const out = new Uint8Array(values.length);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    if (Number.isNaN(v)) {
      out[k] = NO_CLASS;
      continue;
    }
    out[k] = classOf(v, t, upperClosed);
  }
  return out;
}

/** The class of a non-missing value: the index of the first threshold above it (at or above it when closed on the right). */
export function classOf(value: number, thresholds: Float64Array, upperClosed: boolean): number {
  let lo = 0;
  let hi = thresholds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (upperClosed ? thresholds[mid]! < value : thresholds[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function checkThresholds(thresholds: readonly number[]): void {
  if (thresholds.length > 254) throw new RangeError('at most 254 thresholds');
  for (let k = 0; k < thresholds.length; k++) {
    if (!Number.isFinite(thresholds[k])) throw new RangeError('thresholds must be finite');
    if (k > 0 && !(thresholds[k]! > thresholds[k - 1]!)) throw new RangeError('thresholds must be strictly increasing');
  }
}

export interface Statistics {
  /** Non-missing cells counted. */
  count: number;
  /** NaN when count is 0. */
  min: number;
  max: number;
  mean: number;
  sum: number;
}

/** Statistics of the non-missing values, over the whole array or only inside a mask. */
export function statistics(values: Float32Array, mask?: Mask): Statistics {
  if (mask && mask.inside.length !== values.length) throw new RangeError('mask and values differ in size');
  const s = new StatisticsBuilder();
  if (!mask) {
    for (let k = 0; k < values.length; k++) s.add(values[k]!);
  } else if (mask.bounds) {
    const { i0, i1, j0, j1 } = mask.bounds;
    for (let j = j0; j <= j1; j++) {
      for (let k = j * mask.nx + i0; k <= j * mask.nx + i1; k++) if (mask.inside[k]) s.add(values[k]!);
    }
  }
  return s.result();
}

/**
 * Statistics of `values` grouped by the class of each cell (e.g. a zoning grid's classes, or the
 * values' own classes); cells of NO_CLASS or of a class ≥ classCount are left out, as are cells
 * outside the mask when one is given.
 */
export function statisticsByClass(values: Float32Array, classes: Uint8Array, classCount: number, mask?: Mask): Statistics[] {
  if (classes.length !== values.length) throw new RangeError('classes and values differ in size');
  if (mask && mask.inside.length !== values.length) throw new RangeError('mask and values differ in size');
  const builders = Array.from({ length: classCount }, () => new StatisticsBuilder());
  for (let k = 0; k < values.length; k++) {
    if (mask && !mask.inside[k]) continue;
    const c = classes[k]!;
    if (c < classCount) builders[c]!.add(values[k]!);
  }
  return builders.map((b) => b.result());
}

class StatisticsBuilder {
  private count = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;
  private sum = 0;

  add(v: number): void {
    if (Number.isNaN(v)) return;
    this.count++;
    this.sum += v;
    if (v < this.min) this.min = v;
    if (v > this.max) this.max = v;
  }

  result(): Statistics {
    if (this.count === 0) return { count: 0, min: Number.NaN, max: Number.NaN, mean: Number.NaN, sum: 0 };
    return { count: this.count, min: this.min, max: this.max, mean: this.sum / this.count, sum: this.sum };
  }
}
