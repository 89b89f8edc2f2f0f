import { describe, expect, it } from 'vitest';
import { greatCircleKm } from './geodesy.js';
import { cellLat, cellLon, gridFromValues, type GridGeometry } from './grid.js';
import { crossValidate, crossValidateBoth, evaluateFit, fitLonLatAltitude, gridStations, toLogit, type Station } from './gridding.js';

// The published fit for mean temperature (docs/grids.md#gridding-station-values): T = 111.723 − 1.029·lon + 0.714·lat − 0.005·H.
const published = (lon: number, lat: number, h: number) => 111.723 - 1.029 * lon + 0.714 * lat - 0.005 * h;

// A small deterministic generator, so that the synthetic network is the same on every run.
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const geometry: GridGeometry = { lon0: 100, lat0: 42, dx: 0.5, dy: -0.5, nx: 41, ny: 41 };
const terrain = (lon: number, lat: number) => Math.max(0, 3000 - 150 * (lon - 100)) + 200 * Math.sin(lat);
const elevation = gridFromValues(
  geometry,
  Float32Array.from({ length: 41 * 41 }, (_, k) => terrain(cellLon(geometry, k % 41), cellLat(geometry, Math.floor(k / 41)))),
);

function network(count: number, seed = 7): Station[] {
  const random = lcg(seed);
  return Array.from({ length: count }, () => {
    // stations on cell centres, at the elevation grid's altitude there
    const i = Math.floor(random() * 41);
    const j = Math.floor(random() * 41);
    const lon = cellLon(geometry, i);
    const lat = cellLat(geometry, j);
    const altitude = elevation.values[j * 41 + i]!;
    return { lon, lat, altitude, value: published(lon, lat, altitude) };
  });
}

describe('regression on longitude, latitude and altitude', () => {
  it('recovers the published coefficients from stations that follow them', () => {
    const fit = fitLonLatAltitude(network(60));
    expect(fit.intercept).toBeCloseTo(111.723, 8);
    expect(fit.lon).toBeCloseTo(-1.029, 10);
    expect(fit.lat).toBeCloseTo(0.714, 10);
    expect(fit.altitude).toBeCloseTo(-0.005, 12);
    expect(fit.rSquared).toBeCloseTo(1, 12);
    expect(Math.max(...fit.residuals.map(Math.abs))).toBeLessThan(1e-9);
  });

  it('is the least-squares fit when stations scatter around it', () => {
    const random = lcg(11);
    const stations = network(200).map((s) => ({ ...s, value: s.value + (random() - 0.5) }));
    const fit = fitLonLatAltitude(stations);
    expect(fit.lon).toBeCloseTo(-1.029, 1);
    expect(fit.lat).toBeCloseTo(0.714, 1);
    expect(fit.altitude).toBeCloseTo(-0.005, 3);
    // normal equations: residuals orthogonal to every predictor
    for (const predictor of [() => 1, (s: Station) => s.lon, (s: Station) => s.lat, (s: Station) => s.altitude]) {
      const dot = stations.reduce((sum, s, k) => sum + predictor(s) * fit.residuals[k]!, 0);
      expect(Math.abs(dot)).toBeLessThan(1e-6);
    }
  });

  it('refuses too few stations and degenerate predictors', () => {
    expect(() => fitLonLatAltitude(network(3))).toThrow(/at least 4/);
    const flat = network(20).map((s) => ({ ...s, altitude: 500 }));
    expect(() => fitLonLatAltitude(flat)).toThrow(/do not determine/);
  });
});

describe('gridding stations', () => {
  it('evaluates the regression on the elevation grid', () => {
    const { grid } = gridStations(network(60), elevation);
    for (const [i, j] of [
      [0, 0],
      [40, 40],
      [13, 27],
      [30, 5],
    ] as const) {
      const expected = published(cellLon(geometry, i), cellLat(geometry, j), elevation.values[j * 41 + i]!);
      expect(grid.values[j * 41 + i]).toBeCloseTo(expected, 4);
    }
  });

  it('adds inverse-distance residuals, honouring every station exactly', () => {
    const stations = network(40);
    stations[5] = { ...stations[5]!, value: stations[5]!.value + 3 };
    stations[17] = { ...stations[17]!, value: stations[17]!.value - 2 };
    const { grid, fit } = gridStations(stations, elevation);
    for (const s of [stations[5]!, stations[17]!, stations[30]!]) {
      const i = Math.round((s.lon - geometry.lon0) / geometry.dx);
      const j = Math.round((s.lat - geometry.lat0) / geometry.dy);
      expect(grid.values[j * 41 + i]).toBeCloseTo(s.value, 4);
    }
    // elsewhere: fit + Σ r/d² / Σ 1/d² (chord vs great-circle distance: < 0.1 % apart here)
    const [lon, lat] = [cellLon(geometry, 20), cellLat(geometry, 20)];
    const h = elevation.values[20 * 41 + 20]!;
    let weights = 0;
    let weighted = 0;
    stations.forEach((s, k) => {
      const w = 1 / greatCircleKm(lon, lat, s.lon, s.lat) ** 2;
      weights += w;
      weighted += w * fit.residuals[k]!;
    });
    expect(grid.values[20 * 41 + 20]).toBeCloseTo(evaluateFit(fit, lon, lat, h) + weighted / weights, 3);
  });

  it('keeps cells without elevation missing and honours the search radius', () => {
    const holes = { ...elevation, values: elevation.values.slice() };
    holes.values[0] = Number.NaN;
    const stations = network(30);
    stations[0] = { ...stations[0]!, value: stations[0]!.value + 5 };
    const { grid, fit } = gridStations(stations, holes, { radiusKm: 1 });
    expect(grid.values[0]).toBeNaN();
    // with a 1 km radius only cells on a station get a residual
    const onStation = (i: number, j: number) => stations.some((s) => s.lon === cellLon(geometry, i) && s.lat === cellLat(geometry, j));
    const [i, j] = [
      [10, 10],
      [10, 11],
      [11, 10],
      [11, 11],
    ].find(([i, j]) => !onStation(i!, j!)) as [number, number];
    expect(grid.values[j * 41 + i]).toBeCloseTo(evaluateFit(fit, cellLon(geometry, i), cellLat(geometry, j), holes.values[j * 41 + i]!), 4);
    const s0 = stations[0]!;
    const k0 = Math.round((s0.lat - geometry.lat0) / geometry.dy) * 41 + Math.round((s0.lon - geometry.lon0) / geometry.dx);
    expect(grid.values[k0]).toBeCloseTo(s0.value, 4);
  });
});

/** Stations on distinct cells (a network may draw a cell twice). */
function distinct(stations: Station[]): Station[] {
  const seen = new Set<string>();
  return stations.filter((s) => !seen.has(`${s.lon},${s.lat}`) && seen.add(`${s.lon},${s.lat}`));
}

/** Uniform noise in [−half, half], deterministic. */
function noisy(stations: Station[], half: number, seed = 23): Station[] {
  const random = lcg(seed);
  return stations.map((s) => ({ ...s, value: s.value + half * (2 * random() - 1) }));
}

describe('gridding known fields', () => {
  it('recovers a linear field exactly, to the single precision of the grid, on every cell', () => {
    const { grid } = gridStations(network(60), elevation);
    let worst = 0;
    for (let k = 0; k < grid.values.length; k++) {
      const truth = published(cellLon(geometry, k % 41), cellLat(geometry, Math.floor(k / 41)), elevation.values[k]!);
      // within one unit in the last place of a Float32 (2⁻²³ relative)
      worst = Math.max(worst, Math.abs(grid.values[k]! - truth) / (Math.abs(truth) * 2 ** -23));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });

  it('recovers a linear field plus noise within the noise', () => {
    const half = 0.5;
    const stations = noisy(distinct(network(200)), half);
    const { grid, fit } = gridStations(stations, elevation);
    let fitError = 0;
    let worst = 0;
    let squares = 0;
    for (let k = 0; k < grid.values.length; k++) {
      const [lon, lat, h] = [cellLon(geometry, k % 41), cellLat(geometry, Math.floor(k / 41)), elevation.values[k]!];
      const truth = published(lon, lat, h);
      fitError = Math.max(fitError, Math.abs(evaluateFit(fit, lon, lat, h) - truth));
      worst = Math.max(worst, Math.abs(grid.values[k]! - truth));
      squares += (grid.values[k]! - truth) ** 2;
    }
    // residual = noise − fit error, and inverse-distance weights average residuals: |grid − truth| ≤ noise + 2·fit error
    expect(fitError).toBeLessThan(0.1);
    expect(worst).toBeLessThanOrEqual(half + 2 * fitError + 1e-5);
    // the averaging leaves less than the noise's own standard deviation (half / √3)
    expect(Math.sqrt(squares / grid.values.length)).toBeLessThan(half / Math.sqrt(3));
    // and honours each station
    for (const s of stations.slice(0, 20)) {
      const k = Math.round((s.lat - geometry.lat0) / geometry.dy) * 41 + Math.round((s.lon - geometry.lon0) / geometry.dx);
      expect(grid.values[k]).toBeCloseTo(s.value, 4);
    }
  });
});

describe('leave-one-out cross-validation', () => {
  it('finds no error on a linear field', () => {
    const cv = crossValidate(network(40), elevation);
    expect(cv.count).toBe(40);
    expect(cv.rmse).toBeLessThan(1e-5);
    expect(cv.looRSquared).toBeCloseTo(1, 9);
    expect(cv.fit.rSquared).toBeCloseTo(1, 12);
  });

  it('gives each station its value minus the grid made without it, on its cell', () => {
    const stations = noisy(network(30), 1, 5);
    stations[3] = { ...stations[3]!, value: stations[3]!.value + 4 };
    const cv = crossValidate(stations, elevation, { power: 3 });
    for (const k of [0, 3, 11, 29]) {
      const { grid } = gridStations(
        stations.filter((_, m) => m !== k),
        elevation,
        { power: 3 },
      );
      const s = stations[k]!;
      const cell = Math.round((s.lat - geometry.lat0) / geometry.dy) * 41 + Math.round((s.lon - geometry.lon0) / geometry.dx);
      expect(cv.residuals[k]).toBe(s.value - grid.values[cell]!);
    }
    const squares = [...cv.residuals].reduce((sum, r) => sum + r * r, 0);
    expect(cv.rmse).toBeCloseTo(Math.sqrt(squares / 30), 12);
    // the outlier is the worst-predicted station
    const worst = cv.residuals.reduce((w, r, k) => (Math.abs(r) > Math.abs(cv.residuals[w]!) ? k : w), 0);
    expect(worst).toBe(3);
  });

  it('measures the noise of a noisy field', () => {
    const half = 0.5;
    const sigma = half / Math.sqrt(3);
    const cv = crossValidate(noisy(distinct(network(200)), half, 41), elevation);
    // a left-out station's error is its own noise minus a weighted mean of the others': σ ≤ rmse ≤ √2·σ (give or take sampling)
    expect(cv.rmse).toBeGreaterThan(0.85 * sigma);
    expect(cv.rmse).toBeLessThan(1.5 * sigma);
  });

  it('leaves out stations without a value, outside the grid or on a cell without elevation', () => {
    const stations = network(12);
    const holes = { ...elevation, values: elevation.values.slice() };
    const s2 = stations[2]!;
    holes.values[Math.round((s2.lat - geometry.lat0) / geometry.dy) * 41 + Math.round((s2.lon - geometry.lon0) / geometry.dx)] = Number.NaN;
    stations[5] = { ...stations[5]!, value: Number.NaN };
    stations[7] = { ...stations[7]!, lon: 130 };
    const cv = crossValidate(stations, holes);
    expect([2, 5, 7].map((k) => cv.residuals[k])).toEqual([NaN, NaN, NaN]);
    expect(cv.count).toBe(9);
    expect(() => crossValidate(network(4), elevation)).toThrow(/at least 5/);
  });
});

describe('a bounded factor worked by hand', () => {
  // Five stations of a frequency (%): three at 50 % on the plain, two at 1000 m, one never touched (0 %), one every
  // year (100 %). With N = 30 years the empirical logit is ln((30p + ½)/(30(1 − p) + ½)): 50 % → 0, 0 % → −ln 61,
  // 100 % → +ln 61 (call it L). The regression z = a + b·(lon − 108) + c·(lat − 34) + d·H/1000 on four stations goes
  // through them exactly, so leaving one out:
  //   E out: A, B, C give a = b = c = 0, D gives d = −L; E is predicted a + b + c + d = −L;
  //   D out: a = b = c = 0, E gives d = L; D is predicted L;
  //   A out: a + b = 0, a + c = 0, a + d = −L, a + b + c + d = L, so a = −L; A is predicted −L;
  //   B out: a = 0, c = 0, d = −L, b + d = L, so b = 2L; B is predicted 2L; C likewise.
  // Back from the logit: σ(−L) = 1/62, σ(L) = 61/62, σ(2L) = 3721/3722. The others' residuals are all 0 (four
  // stations, four coefficients), so adding them changes nothing: the two errors tie and the regression alone is kept.
  const L = Math.log(61);
  const stations: Station[] = [
    { lon: 108, lat: 34, altitude: 0, value: 50 },
    { lon: 109, lat: 34, altitude: 0, value: 50 },
    { lon: 108, lat: 35, altitude: 0, value: 50 },
    { lon: 108, lat: 34, altitude: 1000, value: 0 },
    { lon: 109, lat: 35, altitude: 1000, value: 100 },
  ];
  const bounds = { min: 0, max: 100 };

  it('fits on the empirical logit', () => {
    expect(stations.map((s) => toLogit(s.value, bounds))).toEqual([0, 0, 0, -L, L].map((z) => expect.closeTo(z, 12)));
  });

  it('predicts each left-out station as computed by hand, and keeps the regression alone on a tie', () => {
    const cv = crossValidateBoth(stations, elevation, { bounds });
    const predicted = [100 / 62, 100 * (3721 / 3722), 100 * (3721 / 3722), 100 * (61 / 62), 100 / 62];
    const residuals = stations.map((s, k) => s.value - predicted[k]!);
    // 48.39, −49.97, −49.97, −98.39, 98.39 percentage points
    expect([...cv.regression.residuals]).toEqual(residuals.map((r) => expect.closeTo(r, 4)));
    expect([...cv.withResiduals.residuals]).toEqual(residuals.map((r) => expect.closeTo(r, 4)));
    const rmse = Math.sqrt(residuals.reduce((sum, r) => sum + r * r, 0) / 5);
    expect(cv.regression.rmse).toBeCloseTo(rmse, 4);
    // √((2·98.39² + 48.39² + 2·49.97²) / 5)
    expect(rmse).toBeCloseTo(73.07, 2);
    expect(cv.residuals).toBe(false);
  });

  it('grids within (0, 100) where a linear fit of the same stations passes 100 %', () => {
    const bounded = gridStations(stations, elevation, { bounds, residuals: false }).grid.values;
    const linear = gridStations(stations, elevation, { residuals: false }).grid.values;
    expect(Math.max(...linear)).toBeGreaterThan(100);
    expect(Math.min(...linear)).toBeLessThan(0);
    for (const v of bounded) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(100);
    }
  });
});
