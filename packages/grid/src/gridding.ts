// Gridding station values: least-squares regression on longitude, latitude and altitude,
// evaluated on an elevation grid, plus the station residuals interpolated by inverse distance.
import { cellLat, cellLon, geometryOf, type Grid } from './grid.js';
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
 * The regression evaluated on every cell of the elevation grid plus the inverse-distance weighted
 * station residuals. Cells with missing elevation are missing. Distances are chord lengths
 * through the sphere (within 0.1 % of great-circle distances up to 500 km); a cell on a station
 * takes that station's residual. Cost: cells × stations.
 */
export function gridStations(stations: readonly Station[], elevation: Grid, options: IdwOptions = {}): { grid: Grid; fit: LinearFit } {
  const power = options.power ?? 2;
  if (!(power > 0)) throw new RangeError('the inverse distance power must be > 0');
  const radiusKm = options.radiusKm ?? Number.POSITIVE_INFINITY;
  const fit = fitLonLatAltitude(stations);
  const used = usableStations(stations);
  const n = used.length;
  const sx = new Float64Array(n);
  const sy = new Float64Array(n);
  const sz = new Float64Array(n);
  used.forEach((s, k) => {
    [sx[k], sy[k], sz[k]] = unitVector(s.lon, s.lat);
  });
  const maxChord2 = Number.isFinite(radiusKm)
    ? (2 * Math.sin(Math.min(Math.PI, radiusKm / EARTH_RADIUS_KM) / 2)) ** 2
    : Number.POSITIVE_INFINITY;
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
      const cx = cosLat * cosLon[i]!;
      const cy = cosLat * sinLon[i]!;
      let weightSum = 0;
      let weighted = 0;
      let hits = 0;
      let hitSum = 0;
      for (let k = 0; k < n; k++) {
        const chord2 = (cx - sx[k]!) ** 2 + (cy - sy[k]!) ** 2 + (cz - sz[k]!) ** 2;
        if (chord2 === 0) {
          hits++;
          hitSum += fit.residuals[k]!;
        } else if (chord2 < maxChord2) {
          const w = halfPower === 1 ? 1 / chord2 : chord2 ** -halfPower;
          weightSum += w;
          weighted += w * fit.residuals[k]!;
        }
      }
      const residual = hits > 0 ? hitSum / hits : weightSum > 0 ? weighted / weightSum : 0;
      values[j * nx + i] = evaluateFit(fit, cellLon(elevation, i), lat, h) + residual;
    }
  }
  return { grid: { ...geometryOf(elevation), values }, fit };
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
