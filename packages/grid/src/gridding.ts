// Gridding station values: least-squares regression on longitude, latitude and altitude,
// evaluated on an elevation grid, plus (where leave-one-out cross-validation says it helps) the
// station residuals interpolated by inverse distance. Bounded quantities (frequencies, shares)
// are fitted on the logit of their share of the range and transformed back, so that no cell
// leaves the range (docs/zoning.md#bounded-factors-on-the-logit-scale).
import { cellAt, cellLat, cellLon, geometryOf, type Grid } from './grid.js';
import { EARTH_RADIUS_KM } from './geodesy.js';

export interface Station {
  lon: number;
  lat: number;
  /** Metres. */
  altitude: number;
  value: number;
}

/** value ≈ intercept + lon·lonCoef + lat·latCoef + altitude·altitudeCoef. */
export interface LinearFit {
  intercept: number;
  lon: number;
  lat: number;
  altitude: number;
  /** Station value minus fitted value, in the order of the stations used (missing values left out). */
  residuals: Float64Array;
  rSquared: number;
}

export interface IdwOptions {
  /** Inverse distance power (default 2). */
  power?: number;
  /** Only stations nearer than this contribute (default: all); cells with none get residual 0. */
  radiusKm?: number;
  /**
   * A bounded quantity (a frequency or share between min and max): fitted on the empirical logit of its share of
   * the range and transformed back, so every value lies strictly inside (min, max). Default: unbounded, fitted as is.
   */
  bounds?: Bounds;
  /** Add the inverse-distance residuals to the regression (default true). */
  residuals?: boolean;
}

export interface Bounds {
  min: number;
  max: number;
}

/**
 * Years of record behind a station's frequency for the empirical logit (the 30 years of a climate normal): a share p
 * is fitted as logit((p·N + ½) / (N + 1)), so 0 % and 100 % are finite (±4.1 on the logit scale, 1.6 % inside).
 */
export const LOGIT_RECORD_YEARS = 30;
/** The share a station's 0 % (or 100 %) stands for on the logit scale: ½ / (N + 1). */
export const LOGIT_EPSILON = 0.5 / (LOGIT_RECORD_YEARS + 1);
/**
 * The logit scale is read within ±12 before transforming back (σ(12) = 1 − 6·10⁻⁶), so that a single-precision cell
 * never rounds onto a bound; a regression reaching that far extrapolates 8 logit units past every station.
 */
export const LOGIT_LIMIT = 12;

/** A bounded value on the logit scale: the empirical logit of its share of [min, max]. */
export function toLogit(value: number, bounds: Bounds): number {
  const p = (value - bounds.min) / (bounds.max - bounds.min);
  const shrunk = LOGIT_EPSILON + (1 - 2 * LOGIT_EPSILON) * p;
  return Math.log(shrunk / (1 - shrunk));
}

/** Back from the logit scale: min + (max − min)·σ(z), strictly inside (min, max) (z read within ±LOGIT_LIMIT). */
export function fromLogit(z: number, bounds: Bounds): number {
  const limited = Math.max(-LOGIT_LIMIT, Math.min(LOGIT_LIMIT, z));
  return bounds.min + (bounds.max - bounds.min) / (1 + Math.exp(-limited));
}

/** The station values on the scale the regression is fitted on. */
function onFitScale(stations: readonly Station[], bounds: Bounds | undefined): Station[] {
  return bounds ? stations.map((s) => ({ ...s, value: toLogit(s.value, bounds) })) : [...stations];
}

export function evaluateFit(fit: LinearFit, lon: number, lat: number, altitude: number): number {
  return fit.intercept + fit.lon * lon + fit.lat * lat + fit.altitude * altitude;
}

/** Solves the normal equations (XᵀX)β = Xᵀy; the predictors are centred first for conditioning. */
export function fitLonLatAltitude(stations: readonly Station[]): LinearFit {
  const used = usableStations(stations);
  const n = used.length;
  if (n < 4) throw new RangeError(`a regression on lon, lat and altitude needs at least 4 stations, got ${n}`);
  const mean = [0, 0, 0];
  for (const s of used) {
    mean[0]! += s.lon / n;
    mean[1]! += s.lat / n;
    mean[2]! += s.altitude / n;
  }
  const xtx = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
  const xty = [0, 0, 0, 0];
  for (const s of used) {
    const x = [1, s.lon - mean[0]!, s.lat - mean[1]!, s.altitude - mean[2]!];
    for (let r = 0; r < 4; r++) {
      xty[r]! += x[r]! * s.value;
      for (let c = 0; c < 4; c++) xtx[r]![c]! += x[r]! * x[c]!;
    }
  }
  const beta = solve4(xtx, xty);
  const [b0, bLon, bLat, bAlt] = beta as [number, number, number, number];
  const fit: LinearFit = {
    intercept: b0 - bLon * mean[0]! - bLat * mean[1]! - bAlt * mean[2]!,
    lon: bLon,
    lat: bLat,
    altitude: bAlt,
    residuals: new Float64Array(n),
    rSquared: 0,
  };
  let meanValue = 0;
  for (const s of used) meanValue += s.value / n;
  let residualSquares = 0;
  let totalSquares = 0;
  used.forEach((s, k) => {
    // residuals from the centred form: the same fit, with less cancellation
    const r = s.value - (b0 + bLon * (s.lon - mean[0]!) + bLat * (s.lat - mean[1]!) + bAlt * (s.altitude - mean[2]!));
    fit.residuals[k] = r;
    residualSquares += r * r;
    totalSquares += (s.value - meanValue) ** 2;
  });
  fit.rSquared = totalSquares > 0 ? 1 - residualSquares / totalSquares : 1;
  return fit;
}

/**
 * The regression evaluated on every cell of the elevation grid plus (unless `residuals` is false) the
 * inverse-distance weighted station residuals; for a bounded quantity both on the logit scale, then transformed
 * back. Cells with missing elevation are missing. Distances are chord lengths through the sphere (within 0.1 % of
 * great-circle distances up to 500 km); a cell on a station takes that station's residual. The fit is on the fitting
 * scale (the logit for a bounded quantity). Cost: cells × stations.
 */
export function gridStations(stations: readonly Station[], elevation: Grid, options: IdwOptions = {}): { grid: Grid; fit: LinearFit } {
  const power = options.power ?? 2;
  if (!(power > 0)) throw new RangeError('the inverse distance power must be > 0');
  const radiusKm = options.radiusKm ?? Number.POSITIVE_INFINITY;
  const bounds = options.bounds;
  const withResiduals = options.residuals ?? true;
  const used = usableStations(onFitScale(stations, bounds));
  const fit = fitLonLatAltitude(used);
  const n = used.length;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const sz = new Float64Array(n);
  used.forEach((s, k) => {
    [sx[k], sy[k], sz[k]] = unitVector(s.lon, s.lat);
  });
  const maxChord2 = maxChordSquared(radiusKm);
  const halfPower = power / 2;

  const { nx, ny } = elevation;
  const values = new Float32Array(nx * ny);
  const cosLon = Float64Array.from({ length: nx }, (_, i) => Math.cos(toRadians(cellLon(elevation, i))));
  const sinLon = Float64Array.from({ length: nx }, (_, i) => Math.sin(toRadians(cellLon(elevation, i))));
  for (let j = 0; j < ny; j++) {
    const lat = cellLat(elevation, j);
    const cosLat = Math.cos(toRadians(lat));
    const cz = Math.sin(toRadians(lat));
    for (let i = 0; i < nx; i++) {
      const h = elevation.values[j * nx + i]!;
      if (Number.isNaN(h)) {
        values[j * nx + i] = Number.NaN;
        continue;
      }
      const residual = withResiduals
        ? idwResidual(cosLat * cosLon[i]!, cosLat * sinLon[i]!, cz, sx, sy, sz, fit.residuals, -1, maxChord2, halfPower)
        : 0;
      const z = evaluateFit(fit, cellLon(elevation, i), lat, h) + residual;
      values[j * nx + i] = bounds ? fromLogit(z, bounds) : z;
    }
  }
  return { grid: { ...geometryOf(elevation), values }, fit };
}

export interface CrossValidation {
  /** Root mean square of the computed residuals (NaN when there are none). */
  rmse: number;
  /**
   * Per station, in the order given: its value minus the value its cell would hold had the
   * station been left out. NaN for a station with a missing value, outside the grid or on a
   * cell without elevation.
   */
  residuals: Float64Array;
  /** Stations with a computed residual. */
  count: number;
  /** 1 − Σ residual² / Σ (value − mean)² over those stations: the variance the left-out predictions explain. */
  looRSquared: number;
  /** The regression on all stations (its rSquared is the fit's R²). */
  fit: LinearFit;
}

/** Leave-one-out errors of both ways of gridding, and the way the evidence chooses. */
export interface CrossValidationPair {
  /** The regression alone. */
  regression: CrossValidation;
  /** The regression plus the inverse-distance residuals. */
  withResiduals: CrossValidation;
  /** True when the residuals lower the leave-one-out RMSE (see `keepResiduals`). */
  residuals: boolean;
}

/**
 * Whether to add the interpolated residuals: only when they lower the leave-one-out RMSE of the regression alone
 * (a tie keeps the simpler regression). NaN errors (no station checked) keep the residuals, as the method did before.
 */
export function keepResiduals(rmseRegression: number, rmseWithResiduals: number): boolean {
  if (Number.isNaN(rmseRegression) || Number.isNaN(rmseWithResiduals)) return true;
  return rmseWithResiduals < rmseRegression;
}

/**
 * Leave-one-out cross-validation of `gridStations`, both ways at once: each station in turn is left out, the
 * regression refitted on the others (on the logit scale for a bounded quantity) and evaluated at the station's own
 * longitude, latitude and altitude, alone and plus the others' residuals interpolated there; the prediction is
 * transformed back and rounded to single precision, as a grid cell holds it. For a station on a cell centre at the
 * cell's elevation this is exactly what `gridStations` would put in that cell without the station. Stations outside
 * the grid or on a cell without elevation are not checked. Needs at least 5 usable stations; cost: stations².
 */
export function crossValidateBoth(stations: readonly Station[], elevation: Grid, options: IdwOptions = {}): CrossValidationPair {
  const power = options.power ?? 2;
  if (!(power > 0)) throw new RangeError('the inverse distance power must be > 0');
  const maxChord2 = maxChordSquared(options.radiusKm ?? Number.POSITIVE_INFINITY);
  const bounds = options.bounds;
  const back = (z: number) => Math.fround(bounds ? fromLogit(z, bounds) : z);
  const scaled = onFitScale(stations, bounds);
  const fit = fitLonLatAltitude(scaled);
  const used = usableStations(scaled);
  const n = used.length;
  if (n < 5) throw new RangeError(`leave-one-out cross-validation needs at least 5 stations, got ${n}`);
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const sz = new Float64Array(n);
  used.forEach((s, k) => {
    [sx[k], sy[k], sz[k]] = unitVector(s.lon, s.lat);
  });
  const others = new Float64Array(n);
  const alone = new Float64Array(n).fill(Number.NaN);
  const plus = new Float64Array(n).fill(Number.NaN);
  for (let k = 0; k < n; k++) {
    const s = used[k]!;
    const cell = cellAt(elevation, s.lon, s.lat);
    if (!cell || Number.isNaN(elevation.values[cell.j * elevation.nx + cell.i]!)) continue;
    const rest = used.filter((_, m) => m !== k);
    const fitK = fitLonLatAltitude(rest);
    // the others' residuals at their own index, k's slot unused
    rest.forEach((_, m) => (others[m < k ? m : m + 1] = fitK.residuals[m]!));
    const z = evaluateFit(fitK, s.lon, s.lat, s.altitude);
    alone[k] = back(z);
    plus[k] = back(z + idwResidual(sx[k]!, sy[k]!, sz[k]!, sx, sy, sz, others, k, maxChord2, power / 2));
  }
  const regression = summarise(stations, scaled, alone, fit);
  const withResiduals = summarise(stations, scaled, plus, fit);
  return { regression, withResiduals, residuals: keepResiduals(regression.rmse, withResiduals.rmse) };
}

/**
 * Leave-one-out cross-validation of one way of gridding (`options.residuals`, default true: the regression plus
 * the residuals); see `crossValidateBoth`.
 */
export function crossValidate(stations: readonly Station[], elevation: Grid, options: IdwOptions = {}): CrossValidation {
  const both = crossValidateBoth(stations, elevation, options);
  return (options.residuals ?? true) ? both.withResiduals : both.regression;
}

/**
 * Residuals (value − prediction, in the value's own unit) back in the caller's order, with their RMSE and the
 * left-out R²; `scaled` (the stations on the fitting scale) says which stations were used.
 */
function summarise(stations: readonly Station[], scaled: readonly Station[], predictions: Float64Array, fit: LinearFit): CrossValidation {
  const residuals = new Float64Array(stations.length).fill(Number.NaN);
  let u = 0;
  let count = 0;
  let squares = 0;
  let mean = 0;
  stations.forEach((s, k) => {
    const t = scaled[k]!;
    if (![t.lon, t.lat, t.altitude, t.value].every(Number.isFinite)) return;
    const r = s.value - predictions[u++]!;
    residuals[k] = r;
    if (Number.isNaN(r)) return;
    count++;
    squares += r * r;
    mean += s.value;
  });
  mean /= count;
  let total = 0;
  stations.forEach((s, k) => {
    if (!Number.isNaN(residuals[k]!)) total += (s.value - mean) ** 2;
  });
  return {
    rmse: count > 0 ? Math.sqrt(squares / count) : Number.NaN,
    residuals,
    count,
    looRSquared: count > 0 && total > 0 ? 1 - squares / total : Number.NaN,
    fit,
  };
}

/** The squared chord (unit sphere) of a great-circle distance; Infinity for no radius. */
function maxChordSquared(radiusKm: number): number {
  return Number.isFinite(radiusKm) ? (2 * Math.sin(Math.min(Math.PI, radiusKm / EARTH_RADIUS_KM) / 2)) ** 2 : Number.POSITIVE_INFINITY;
}

/**
 * The inverse-distance weighted residual at the unit vector (cx, cy, cz), leaving out station
 * `exclude` (−1: none): the mean residual of stations exactly there, else Σ w·r / Σ w over the
 * stations within the radius, else 0.
 */
function idwResidual(
  cx: number,
  cy: number,
  cz: number,
  sx: Float64Array,
  sy: Float64Array,
  sz: Float64Array,
  residuals: Float64Array,
  exclude: number,
  maxChord2: number,
  halfPower: number,
): number {
  let weightSum = 0;
  let weighted = 0;
  let hits = 0;
  let hitSum = 0;
  for (let k = 0; k < sx.length; k++) {
    if (k === exclude) continue;
    const chord2 = (cx - sx[k]!) ** 2 + (cy - sy[k]!) ** 2 + (cz - sz[k]!) ** 2;
    if (chord2 === 0) {
      hits++;
      hitSum += residuals[k]!;
    } else if (chord2 < maxChord2) {
      const w = halfPower === 1 ? 1 / chord2 : chord2 ** -halfPower;
      weightSum += w;
      weighted += w * residuals[k]!;
    }
  }
  return hits > 0 ? hitSum / hits : weightSum > 0 ? weighted / weightSum : 0;
}

function usableStations(stations: readonly Station[]): Station[] {
  return stations.filter((s) => [s.lon, s.lat, s.altitude, s.value].every(Number.isFinite));
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

function unitVector(lon: number, lat: number): [number, number, number] {
  const l = toRadians(lon);
  const p = toRadians(lat);
  return [Math.cos(p) * Math.cos(l), Math.cos(p) * Math.sin(l), Math.sin(p)];
}

// Gaussian elimination with partial pivoting on a 4 × 4 system.
function solve4(a: number[][], b: number[]): number[] {
  const m = a.map((row, r) => [...row, b[r]!]);
  const scale = Math.max(...m.map((row) => Math.max(...row.slice(0, 4).map(Math.abs))));
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (!(Math.abs(m[pivot]![col]!) > 1e-12 * scale)) {
      throw new RangeError('the stations do not determine a regression on lon, lat and altitude (collinear or constant predictors)');
    }
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < 4; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c < 5; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = [0, 0, 0, 0];
  for (let r = 3; r >= 0; r--) {
    let s = m[r]![4]!;
    for (let c = r + 1; c < 4; c++) s -= m[r]![c]! * x[c]!;
    x[r] = s / m[r]![r]!;
  }
  return x;
}
