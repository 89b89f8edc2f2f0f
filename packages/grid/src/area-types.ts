// The public shapes of the area edits (area-ops.ts): what an edit asks and where a pass reads its values.

export type AreaOperation = 'assign' | 'add' | 'subtract' | 'multiply' | 'divide';

/**
 * flat: w = 1 everywhere. ramp: w = min(1, d / cells), d = Euclidean distance in cells from the
 * cell to the nearest cell outside the area (1 for the first cells inside the border), so the
 * effect is full from `cells` cells inside. taper: w = d / dmax, dmax being the largest d of the
 * connected part of the area (8-connectivity) the cell belongs to: 1 at its innermost cell.
 * With no cell outside the area in the grid, d is infinite and w = 1.
 */
export type EdgeMode = { type: 'flat' } | { type: 'ramp'; cells: number } | { type: 'taper' };

export interface ValueRange {
  min: number;
  max: number;
}

export interface AreaEdit {
  operation: AreaOperation;
  /** The value to assign, the delta to add or subtract, or the factor to multiply or divide by. */
  value: number;
  edge?: EdgeMode;
  /** The factor's valid range: results are clipped to it. */
  range?: ValueRange;
}

export interface SmoothEdit {
  /** Neighbourhood size N (odd): the mean of N × N original values, missing ones left out. Default 3. */
  size?: number;
  edge?: EdgeMode;
  range?: ValueRange;
}

/** Where a pass reads the values: `values` laid over the cells (i0…, j0…) of a `width`-wide box of the grid. */
export interface ValueSource {
  values: Float32Array;
  i0: number;
  j0: number;
  width: number;
}
